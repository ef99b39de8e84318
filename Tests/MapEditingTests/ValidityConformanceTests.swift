import Foundation
import MapGeometry
import Testing
import TestSupport
@testable import MapEditing

/// The GEOS validity suites of `../shared/data/conformance/geos/` through the edit validator:
/// every case gets the verdict and the reason kind GEOS 3.11.1 recorded, including the
/// cases GEOS's own reader refuses, which reach the validator as raw drawings.
@Suite("Edit validator on the GEOS conformance suites", .enabled(if: SharedData.isAvailable, SharedData.missingMessage))
struct ValidityConformanceTests {
    typealias Case = GEOSConformanceRecord

    static func cases(_ file: String) -> [Case] { GEOSConformanceRecord.load(file) }

    static let validator = ValidationOptions(domain: .planar)

    @Test func suitesAreComplete() {
        #expect(Self.cases("geos_isvalid_xml.jsonl").count + Self.cases("geos_isvalid_unit.jsonl").count == 885)
        #expect(Self.cases("geos_editor_cases.jsonl").count == 40)
    }

    @Test(arguments: cases("geos_isvalid_xml.jsonl") + cases("geos_isvalid_unit.jsonl") + cases("geos_editor_cases.jsonl"))
    func verdictAndKind(_ testCase: Case) throws {
        let validator = try EditValidator(options: Self.validator)
        guard let expectedValid = testCase.expectedValid else {
            // GEOS's reader refuses it (handmade#11/#12 unclosed ring, #27/#28 one-tap line):
            // the raw drawing must still be reported, with the structural reason.
            let report = validator.validate(try testCase.rawDrawing())
            #expect(!report.isValid)
            #expect(!report.topologyChecked)
            let isPolygon = testCase.strings["wkt"]?.hasPrefix("POLYGON") ?? testCase.strings["hexwkb"]!.hasPrefix("0103")
            #expect(report.errors.map(\.kind) == [isPolygon ? .ringNotClosed : .tooFewPositions])
            #expect(report.validityKind == (isPolygon ? .ringNotClosed : .tooFewPoints))
            #expect(report.errors.allSatisfy { $0.location != nil && $0.index.vertex != nil })
            return
        }
        let drawing = try testCase.drawing()
        let report = validator.validate(drawing)
        #expect(report.isValid == expectedValid, "\(report.findings)")
        if testCase.isLinearRing {
            // As a polygon's ring, a crossing is the polygon's "Self-intersection", not the ring's.
            #expect((report.validityKind == nil) == (testCase.expectedKind == nil))
        } else {
            #expect(report.validityKind == testCase.expectedKind, "\(report.findings)")
        }
        if !expectedValid {
            // Every error names a place the user can be shown (NaN vertices fall back to a
            // finite neighbour; a lone NaN point has none).
            let error = try #require(report.errors.first)
            #expect(error.location != nil || error.kind == .nonFiniteCoordinate)
            #expect(!error.userMessage.isEmpty && !error.technicalMessage.isEmpty)
        }
    }
}

extension GEOSConformanceRecord {
    /// A stand-alone LINEARRING: GeoJSON has no such type, the nearest drawing is a one-ring polygon.
    var isLinearRing: Bool { strings["wkt"]?.uppercased().hasPrefix("LINEARRING") == true }

    /// The drawing as GEOS reads it, or straight from the text where the value types refuse it.
    func drawing() throws -> DrawnGeometry {
        if isLinearRing, case let .lineString(ring) = try RawWKT.parse(strings["wkt"]!) { return .polygon([ring]) }
        let geos = try strings["hexwkb"].map { try GeosGeometry(hexWKB: $0) } ?? GeosGeometry(wkt: strings["wkt"]!)
        switch Result(catching: { () throws(GeometryReadError) in try geos.geometry(domain: .planar) }) {
        case let .success(value): return DrawnGeometry(value)
        case .failure(.invalidValue): return try RawWKT.parse(strings["wkt"]!)
        case let .failure(error): throw error
        }
    }

    /// The raw drawing for input GEOS's reader refuses.
    func rawDrawing() throws -> DrawnGeometry {
        if let hex = strings["hexwkb"] { return try RawWKT.parseHexWKB(hex) }
        return try RawWKT.parse(strings["wkt"]!)
    }
}
