import Foundation
import MapGeometry
import Testing
import TestSupport
@testable import MapEditing

/// GEOS's `makevalid.xml` cases through the repairer: each result is valid and equals what
/// GEOS 3.11.1's make-valid recorded, restricted to the input's dimension (an editor does not
/// turn a collapsed line into a point; it drops it and says so).
@Suite("Repair on the GEOS make-valid cases", .enabled(if: SharedData.isAvailable, SharedData.missingMessage))
struct RepairConformanceTests {
    static var cases: [ValidityConformanceTests.Case] { ValidityConformanceTests.cases("geos_makevalid.jsonl") }

    @Test func fifteenCases() { #expect(Self.cases.count == 15) }

    @Test(arguments: cases, [MakeValidMethod.structure, .linework])
    func repairedLikeGEOS(_ testCase: ValidityConformanceTests.Case, method: MakeValidMethod) throws {
        let input = try GeosGeometry(wkt: testCase.strings["wkt"]!).geometry(domain: .planar)
        let repairer = GeometryRepairer(options: ValidationOptions(domain: .planar), makeValidMethod: method)
        let result = repairer.repair(input)
        let key = method == .structure ? "makevalid_structure_geos311" : "makevalid_linework_geos311"
        let recorded = try GeosGeometry(wkt: testCase.strings[key]!).geometry(domain: .planar)
        let expected = input.typeName == "GeometryCollection"
            ? recorded : GeometryRepairer.parts(of: recorded, dimension: GeometryRepairer.dimension(input))
        guard let expected, !expected.isEmpty || input.isEmpty else {
            // Nothing of the input's kind survives (a lone zero-length line): no repair, and the report says why.
            #expect(result.geometry == nil)
            #expect(!result.report.isValid)
            return
        }
        let repaired = try #require(result.geometry, "\(result.report.findings)")
        #expect(result.report.isValid, "\(result.report.findings)")
        #expect(try GeosGeometry(repaired).validity().isValid)
        let same = try GeosGeometry(repaired).normalized().wkt == GeosGeometry(expected).normalized().wkt
        let sameSet = repaired.isEmpty || repaired.typeName == "GeometryCollection"
            ? same : try GeosGeometry(repaired).equalsTopologically(GeosGeometry(expected))
        let texts = (try GeosGeometry(repaired).wkt, try GeosGeometry(expected).wkt)
        #expect(same || sameSet, "\(texts.0) vs \(texts.1)")
        // Nothing changes silently: an invalid input always comes with its list of changes.
        if testCase.booleans["input_valid_geos311"] == false { #expect(!result.changes.isEmpty) }
        if testCase.booleans["input_valid_geos311"] == true { #expect(result.changes.allSatisfy { $0.kind == .rewoundRing }) }
    }
}
