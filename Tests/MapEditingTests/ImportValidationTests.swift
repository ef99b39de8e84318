import Foundation
import MapGeoJSON
import Testing

@testable import MapEditing

/// What `mapctl import` may write, on the sample drawings: every refused feature is named with
/// its reason, repaired geometries pass the validator, and a repeated id is refused.
@Suite("Import validation")
struct ImportValidationTests {
    static func drawings() throws -> [Feature] {
        let root = #filePath.components(separatedBy: "/Tests/")[0]
        let features = try GeoJSONReader(options: DocumentValidation.readerOptions).read(contentsOfFile: root + "/Data/drawn.geojson").features
        // Features the reader refused have no geometry to import.
        return features.filter { $0.geometry != nil }
    }

    @Test("without repair, each invalid drawing is refused with the validator's errors; with repair, the repairable ones are written repaired")
    func refusesOrRepairs() throws {
        let features = try Self.drawings()
        let validator = try EditValidator()
        let invalid = features.indices.filter { !validator.validate(features[$0].geometry!).isValid }
        try #require(!invalid.isEmpty && invalid.count < features.count)

        let plain = ImportValidation(features, validator: validator)
        #expect(plain.refusals.map(\.index) == invalid)
        #expect(plain.repairedCount == 0)
        for refusal in plain.refusals {
            guard case .invalid(let findings) = refusal.reason else { Issue.record("\(refusal.index): not refused as invalid"); continue }
            #expect(!findings.isEmpty && findings.allSatisfy { $0.severity == .error })
        }

        let repaired = ImportValidation(features, validator: validator, repairer: GeometryRepairer())
        #expect(repaired.repairedCount > 0)
        #expect(repaired.repairedCount + repaired.refusals.count == invalid.count)
        for index in invalid where !repaired.refusals.contains(where: { $0.index == index }) {
            #expect(validator.validate(repaired.features[index].geometry!).isValid, "\(features[index].objectID ?? "?") is written valid")
        }
    }

    @Test("a repeated id is refused at its second use")
    func repeatedID() throws {
        let features = try Self.drawings()
        let valid = features.first { (try? EditValidator().validate($0.geometry!).isValid) == true }!
        let validation = ImportValidation([valid, valid], validator: try EditValidator())
        #expect(validation.refusals.count == 1)
        #expect(validation.refusals.first?.index == 1)
        if case .repeatedID(let id)? = validation.refusals.first?.reason { #expect(id == valid.objectID) } else { Issue.record("not refused for its id") }
    }
}
