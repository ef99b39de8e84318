import Foundation
import Hummingbird
import MapEditing
import MapGeometry
import MapRouting

/// Questions about a drawing or a set of stops sent in the body: validate, repair, measure,
/// and the order of route stops.
struct ToolRoutes: Sendable {
    typealias Context = BasicRequestContext
    let state: ServiceState

    /// `POST /validate`: `mapctl validate -` on the body; 200 with the findings, also when the
    /// shape is invalid (a successful validation).
    func validate(_ request: Request, _ context: Context) async throws -> Response {
        try await validated(request, repairing: false)
    }

    /// `POST /repair?method=structure|linework`: `mapctl validate --repair -`: the repaired
    /// geometry with what changed; a drawing over the repair's complexity budget is 422.
    func repair(_ request: Request, _ context: Context) async throws -> Response {
        try await validated(request, repairing: true)
    }

    private func validated(_ request: Request, repairing: Bool) async throws -> Response {
        let query = QueryValues(request)
        let method: MakeValidMethod
        switch query.string("method") ?? "structure" {
        case "structure": method = .structure
        case "linework": method = .linework
        case let other: throw Problem.badRequest("method=\(other): give structure or linework")
        }
        let document = try await RequestBody.geoJSON(request, state: state, options: DocumentValidation.readerOptions)
        let validator: EditValidator
        do { validator = try EditValidator() } catch { throw Problem.unprocessable("\(error)") }
        let repairer = repairing ? GeometryRepairer(options: ValidationOptions(), makeValidMethod: method) : nil
        let answer = DocumentValidation(document, validator: validator, repairer: repairer)
        if repairing, let refused = Self.tooComplex(answer.collection) {
            throw Problem.unprocessable("a drawing is too complex to repair: \(refused)", members: [("findings", .array([]))])
        }
        return Answer.geoJSON(answer.collection, for: request)
    }

    /// The message of a repair refused by the complexity budget, if any.
    private static func tooComplex(_ collection: FeatureCollection) -> String? {
        for feature in collection.features {
            guard case let .array(changes)? = feature.properties.value("remaining_findings") else { continue }
            for change in changes where change.objectValue?["kind"]?.stringValue == "too_complex_to_repair" {
                return change.objectValue?["message"]?.stringValue ?? "too_complex_to_repair"
            }
        }
        return nil
    }

    /// `POST /measure?lengthUnit=&areaUnit=`: `mapctl measure -` on the body.
    func measure(_ request: Request, _ context: Context) async throws -> Response {
        let query = QueryValues(request)
        let lengthUnit = try query.string("lengthUnit").map { text throws(Problem) in
            guard let unit = LengthUnit(rawValue: text) else {
                throw .badRequest("lengthUnit=\(text): give one of \(LengthUnit.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            return unit
        }
        let areaUnit = try query.string("areaUnit").map { text throws(Problem) in
            guard let unit = AreaUnit(rawValue: text) else {
                throw .badRequest("areaUnit=\(text): give one of \(AreaUnit.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            return unit
        }
        let document = try await RequestBody.geoJSON(request, state: state)
        let validator: EditValidator
        do { validator = try EditValidator() } catch { throw Problem.unprocessable("\(error)") }
        return Answer.geoJSON(
            MeasuredFeatures.collection(document.featureCollection, lengthUnit: lengthUnit, areaUnit: areaUnit, validator: validator),
            for: request)
    }

    /// `POST /route`: the best order of the body's Point stops, `mapctl route -` with the
    /// same options as query parameters (`start`, `end`, `roundTrip`, `iterations`, `seed`,
    /// `timeLimit` in ms, capped by the service, `objective`, `snap`).
    func route(_ request: Request, _ context: Context) async throws -> Response {
        let received = ContinuousClock.now
        let query = QueryValues(request)
        let start = try query.lonLat("start")
        let end = try query.lonLat("end")
        let roundTrip = try query.flag("roundTrip")
        if end != nil && roundTrip { throw Problem.badRequest("end and roundTrip=true exclude each other") }
        let iterations = try query.integer("iterations", in: 0...1_000_000, "iterations is 0 to 1000000")
        let seed = try query.integer("seed", in: 0...Int.max, "seed is a whole number of 0 or more") ?? 1
        let objective: RouteObjective
        switch query.string("objective") ?? "distance" {
        case "distance": objective = .distance
        case "duration": objective = .duration
        case let other: throw Problem.badRequest("objective=\(other): give distance or duration")
        }
        let snap = try query.number("snap", in: 0...100_000, "snap is 0 to 100000 metres") ?? 0
        let cap = state.configuration.maxRouteTime
        let asked = try query.integer("timeLimit", in: 1...Int.max, "timeLimit is milliseconds, 1 or more").map { Duration.milliseconds($0) }
        let limit = min(asked ?? .seconds(2), cap)

        let document = try await RequestBody.geoJSON(request, state: state)
        let sites: [StopSite]
        do {
            sites = StopGrouping.sites(from: try StopObject.objects(from: document.features), snappingDistance: snap)
        } catch {
            throw Problem.unprocessable("\(RequestBody.name): \(error)")
        }
        guard !sites.isEmpty else { throw Problem.unprocessable("\(RequestBody.name): no stops: send Point features") }
        let routeRequest = RouteRequest(
            sites: sites, start: start, end: end.map { .at($0) } ?? (roundTrip ? .returnToStart : .anywhere), objective: objective)
        var options = TourSearchOptions(seed: UInt64(seed), iterations: iterations, timeLimit: nil)
        options.deadline = received + limit - max(limit / 50, .milliseconds(5))
        let collection = try answering {
            let route = try RoutePlanner.plan(routeRequest, provider: GeodesicMatrixProvider(), options: options)
            return try RouteFeatures.collection(of: route, inheriting: document.featureCollection.foreignMembers)
        }
        return Answer.geoJSON(collection, for: request)
    }
}
