import Foundation
import Testing
import TestSupport
@testable import MapGeometry

/// The GEOS validity suites of `../shared/data/conformance/geos/`: verdict, reason kind and
/// location as GEOS 3.11.1 gave them, both straight through GEOS and through the value types.
@Suite("GEOS validity conformance", .enabled(if: SharedData.isAvailable, SharedData.missingMessage))
struct GEOSValidityConformanceTests {
    typealias Case = GEOSConformanceRecord

    static func cases(_ file: String) -> [Case] { GEOSConformanceRecord.load(file) }

    @Test func suitesAreComplete() {
        #expect(Self.cases("geos_isvalid_xml.jsonl").count == 863)
        #expect(Self.cases("geos_isvalid_unit.jsonl").count == 22)
        #expect(Self.cases("geos_editor_cases.jsonl").count == 40)
    }

    @Test(arguments: cases("geos_isvalid_xml.jsonl") + cases("geos_isvalid_unit.jsonl") + cases("geos_editor_cases.jsonl"))
    func verdictKindAndLocation(_ testCase: Case) throws {
        guard let expectedValid = testCase.expectedValid else {
            try expectRejectedByReader(testCase)
            return
        }
        let geometry = try testCase.read()
        let report = try geometry.validity()
        #expect(report.isValid == expectedValid)
        #expect(report.problem?.kind == testCase.expectedKind)
        if let (x, y) = testCase.expectedLocation, let location = report.problem?.location {
            #expect(location.longitude == x && location.latitude == y)
        }
        // The ESRI convention only relaxes self-touching shells.
        let relaxed = try geometry.validity(allowSelfTouchingRingFormingHole: true)
        #expect(relaxed.isValid == testCase.booleans["valid_geos311_allow_selftouching_ring_forming_hole"])

        // Through the value types: what they refuse to construct maps to the same kind.
        // GeoJSON has no stand-alone LinearRing type: such a ring becomes a closed line,
        // for which self-crossing is allowed, so only GEOS's own verdict applies to it.
        guard testCase.strings["wkt"]?.hasPrefix("LINEARRING") != true else { return }
        do {
            let value = try geometry.geometry(domain: .planar)
            let valueReport = try value.validity()
            #expect(valueReport.isValid == expectedValid)
            #expect(valueReport.problem?.kind == testCase.expectedKind)
        } catch GeometryReadError.invalidValue(let error) {
            #expect(!expectedValid, "the value types refused a valid geometry: \(error)")
            #expect(ValidityProblemKind(error.reason) == testCase.expectedKind, "\(error)")
        }
    }

    /// Cases GEOS's own reader refuses (an unclosed ring, a one-position line): the value
    /// types refuse them too, with the reason the editor shows.
    private func expectRejectedByReader(_ testCase: Case) throws {
        #expect(throws: GeometryOperationError.self) { try testCase.read() }
        guard let wkt = testCase.strings["wkt"] else { return }
        let numbers = wkt.split(whereSeparator: { "(), ".contains($0) }).compactMap { Double($0) }
        let positions = try stride(from: 0, to: numbers.count, by: 2).map {
            try Position(longitude: numbers[$0], latitude: numbers[$0 + 1], domain: .planar)
        }
        if wkt.hasPrefix("POLYGON") {
            #expect(throws: GeometryError(.ringNotClosed(first: positions.first!, last: positions.last!))) {
                try LinearRing(positions)
            }
        } else {
            #expect(throws: GeometryError(.tooFewPositions(minimum: 2, found: positions.count))) {
                try LineString(positions)
            }
        }
    }
}

/// `makevalid.xml`: both repair methods give a valid result equal to GEOS 3.11.1's.
@Suite("GEOS make-valid conformance", .enabled(if: SharedData.isAvailable, SharedData.missingMessage))
struct GEOSMakeValidConformanceTests {
    static var cases: [GEOSValidityConformanceTests.Case] { GEOSValidityConformanceTests.cases("geos_makevalid.jsonl") }

    @Test func fifteenCases() { #expect(Self.cases.count == 15) }

    @Test(arguments: cases)
    func repairMatchesGEOS(_ testCase: GEOSValidityConformanceTests.Case) throws {
        let input = try testCase.read()
        for (method, key) in [(MakeValidMethod.linework, "makevalid_linework_geos311"), (.structure, "makevalid_structure_geos311")] {
            let repaired = try input.makeValid(method: method)
            #expect(try repaired.validity().isValid)
            let expected = try GeosGeometry(wkt: testCase.strings[key]!)
            if expected.isEmpty {
                #expect(repaired.isEmpty, "\(method)")
            } else {
                #expect(try repaired.normalized().wkt == expected.normalized().wkt, "\(method): \(repaired.wkt)")
            }
            // The value round trip keeps the repair intact.
            let value = try repaired.geometry()
            #expect(try GeosGeometry(value).equalsTopologically(repaired) || repaired.isEmpty)
        }
    }
}

extension GEOSConformanceRecord {
    var expectedLocation: (Double, Double)? {
        guard let text = strings["location_geos311"] else { return nil }
        let numbers = text.dropFirst("POINT (".count).dropLast().split(separator: " ").compactMap { Double($0) }
        return numbers.count == 2 ? (numbers[0], numbers[1]) : nil
    }

    func read() throws -> GeosGeometry {
        if let hex = strings["hexwkb"] { return try GeosGeometry(hexWKB: hex) }
        return try GeosGeometry(wkt: strings["wkt"]!)
    }
}
