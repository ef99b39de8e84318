import Foundation
import Hummingbird
import MapEditing
import MapGeometry
import MapGeoJSON

/// Questions about drawings sent in the body: validate, repair, measure.
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
        let validator = try RequestValues.validator()
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

    /// `POST /measure?lengthUnit=&areaUnit=&units=`: `mapctl measure -` on the body.
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
        let system = try query.unitSystem()
        let document = try await RequestBody.geoJSON(request, state: state)
        let validator = try RequestValues.validator()
        return Answer.geoJSON(
            MeasuredFeatures.collection(
                document.featureCollection, lengthUnit: lengthUnit ?? system?.lengthUnit, areaUnit: areaUnit ?? system?.areaUnit,
                validator: validator),
            for: request)
    }
}
