import Foundation
import Hummingbird
import MapEditing
import MapGeoJSON

/// Edit-mode saves: create, change and delete objects. Every save is validated first (422
/// with the findings, nothing stored), changes and deletes name the version they replace
/// (`If-Match`; 412 when someone saved in between, 428 without it), and the answer comes once
/// the edit is in the index and in the file, or in the table (written first, see ``DatasetEditor``).
struct EditRoutes: Sendable {
    typealias Context = BasicRequestContext
    let state: ServiceState

    /// `POST /datasets/{name}/objects`: 201, `Location` and the stored Feature with its id and `ETag`.
    func create(_ request: Request, _ context: Context) async throws -> Response {
        let name = try context.parameters.require("name")
        _ = try state.store.dataset(name)
        let feature = try await validFeature(request)
        let outcome = try await save(.create(feature), in: name)
        let stored = outcome.feature!
        let location = "/datasets/\(name)/objects/\(DatasetEditor.pathSegment(stored.objectID!))"
        return Answer.geoJSON(stored.carryingObjectID, for: request, headers: [.location: location, .eTag: ObjectTag.of(stored)], status: .created)
    }

    /// `PUT /datasets/{name}/objects/{id}` with `If-Match`: the changed Feature and its new `ETag`.
    func replace(_ request: Request, _ context: Context) async throws -> Response {
        let name = try context.parameters.require("name")
        let id = try RequestValues.objectID(context)
        _ = try state.store.dataset(name)
        let ifMatch = try precondition(request, id: id)
        var feature = try await validFeature(request)
        if let given = feature.objectID, given != id {
            throw Problem.badRequest("the body's id \(given) is not the id in the path (\(id)); an object keeps its id")
        }
        if feature.objectID == nil {
            // A body without an id keeps the object's, where the object keeps it (RFC 7946 id or id property).
            if let current = try state.store.dataset(name).object(id)?.feature, current.id == nil {
                feature.properties.set("id", current.properties.value("id") ?? .string(id))
            } else {
                feature.id = .string(id)
            }
        }
        let outcome = try await save(.replace(id: id, feature, ifMatch: ifMatch), in: name)
        return Answer.geoJSON(outcome.feature!.carryingObjectID, for: request, headers: [.eTag: ObjectTag.of(outcome.feature!)])
    }

    /// `DELETE /datasets/{name}/objects/{id}` with `If-Match`: 204.
    func delete(_ request: Request, _ context: Context) async throws -> Response {
        let name = try context.parameters.require("name")
        let id = try RequestValues.objectID(context)
        _ = try state.store.dataset(name)
        let ifMatch = try precondition(request, id: id)
        _ = try await save(.delete(id: id, ifMatch: ifMatch), in: name)
        return Response(status: .noContent)
    }

    private func save(_ change: DatasetEditor.Change, in name: String) async throws -> DatasetEditor.Outcome {
        guard let editor = state.editors[name] else { throw Problem.notFound("no dataset named \(name)") }
        let outcome = try await editor.apply(change)
        try await editor.persister.persist(upTo: outcome.generation)
        return outcome
    }

    /// The body as one Feature that passes validation; 422 with the findings otherwise.
    private func validFeature(_ request: Request) async throws -> Feature {
        let document = try await RequestBody.geoJSON(request, state: state, options: DocumentValidation.readerOptions)
        guard case .feature = document.object else {
            throw Problem.badRequest("send one GeoJSON Feature ({\"type\": \"Feature\", \"geometry\": …, \"properties\": …})")
        }
        let validator = try RequestValues.validator()
        let validation = DocumentValidation(document, validator: validator)
        guard let feature = document.features.first, feature.geometry != nil || !validation.allValid else {
            throw Problem.unprocessable("an object needs a geometry; nothing was stored", members: [("findings", .array([]))])
        }
        guard validation.allValid else {
            let findings = validation.collection.features[0].properties.value("findings") ?? .array([])
            throw Problem.unprocessable("the geometry cannot be saved; nothing was stored", members: [("findings", findings)])
        }
        return feature
    }

    private func precondition(_ request: Request, id: String) throws(Problem) -> String {
        guard let ifMatch = request.headers[.ifMatch] else {
            throw Problem(status: .preconditionRequired,
                          detail: "send If-Match with the ETag of object \(id) as you read it, so that no one else's save is overwritten")
        }
        return ifMatch
    }
}
