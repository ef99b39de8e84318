import Foundation
import MapGeoJSON
import Testing

@testable import MapEditing

/// An ``EditValidator`` is `Sendable`: tasks sharing one, with rules prepared in GEOS, get the
/// findings each drawing gets from a validator of its own.
@Suite("One validator shared by many tasks")
struct SharedValidatorTests {
    @Test("the sample drawings validated by 8 tasks at once, against the sample rules, as one by one")
    func sharedValidatorFindsAsAlone() async throws {
        let root = #filePath.components(separatedBy: "/Tests/")[0]
        let rules = try EditRules(rulesDocument: GeoJSONReader().read(contentsOfFile: root + "/Data/edit-rules.geojson"))
        let drawings = try GeoJSONReader(options: DocumentValidation.readerOptions).read(contentsOfFile: root + "/Data/drawn.geojson").features.compactMap(\.geometry)
        let options = ValidationOptions(rules: rules)
        let alone = try drawings.map { try EditValidator(options: options).validate($0).findings.map(\.technicalMessage) }
        let shared = try EditValidator(options: options)
        let rounds = 8
        let together = await withTaskGroup(of: (Int, [String]).self) { group in
            for index in 0..<(drawings.count * rounds) {
                let drawing = drawings[index % drawings.count]
                group.addTask { (index, shared.validate(drawing).findings.map(\.technicalMessage)) }
            }
            var answers = [[String]](repeating: [], count: drawings.count * rounds)
            for await (index, findings) in group { answers[index] = findings }
            return answers
        }
        #expect(alone.contains { !$0.isEmpty }, "the sample drawings break some rule")
        #expect(together == (0..<rounds).flatMap { _ in alone })
    }
}
