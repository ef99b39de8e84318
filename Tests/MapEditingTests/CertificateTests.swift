import MapGeometry
import Testing
import TestSupport
@testable import MapEditing

/// The Swift pre-check that spares GEOS for simple polygons must never call valid what GEOS
/// calls invalid: checked on every conformance case and on real polygons, with crossings
/// made by swapping two vertices.
@Suite("Simple-polygon certificate", .enabled(if: SharedData.isAvailable, SharedData.missingMessage))
struct CertificateTests {
    static func agreesWithGEOS(_ drawing: DrawnGeometry) throws -> Bool? {
        guard SimplePolygonCertificate.certifies(drawing) else { return nil }
        return try GeosGeometry(drawing.uncheckedGeometry()).validity().isValid
    }

    @Test func neverContradictsGEOSOnTheConformanceCases() throws {
        var certified = 0
        let structure = StructureCheck(domain: .planar, checkOrientation: false)
        for testCase in ValidityConformanceTests.cases("geos_isvalid_xml.jsonl") + ValidityConformanceTests.cases("geos_isvalid_unit.jsonl")
            + ValidityConformanceTests.cases("geos_editor_cases.jsonl") where testCase.expectedValid != nil {
            let drawing = try testCase.drawing()
            // The validator asks the certificate only about drawings without structural errors.
            let (findings, buildable) = structure.run(drawing)
            guard buildable, !findings.contains(where: { $0.severity == .error }) else { continue }
            if let valid = try Self.agreesWithGEOS(drawing) {
                #expect(valid, "\(testCase.id)")
                certified += 1
            }
        }
        #expect(certified > 200)
    }

    @Test(arguments: ["real/helsinki/objects.geojson", "real/andorra/objects.geojson", "real/countries.geojson"])
    func neverContradictsGEOSOnRealPolygons(_ path: String) throws {
        var certified = 0, crossedCertified = 0, tested = 0
        for feature in try TestGeoJSON.features(at: SharedData.url(path)) {
            let polygons: [[[DrawnPosition]]]
            switch feature.drawing {
            case let .polygon(rings): polygons = [rings]
            case let .multiPolygon(parts): polygons = parts
            default: continue
            }
            for rings in polygons {
                tested += 1
                if let valid = try Self.agreesWithGEOS(.polygon(rings)) {
                    #expect(valid)
                    certified += 1
                }
                // Swap two vertices of the boundary: often a crossing, which must not be certified valid.
                var ring = rings[0]
                guard ring.count > 8 else { continue }
                ring.swapAt(2, 5)
                if let valid = try Self.agreesWithGEOS(.polygon([ring] + rings.dropFirst())) {
                    #expect(valid)
                    crossedCertified += 1
                }
            }
        }
        #expect(certified > tested / 2, "\(certified) of \(tested)")
        _ = crossedCertified
    }
}
