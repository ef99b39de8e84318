import Foundation
import MapGeometry
import MapGeoJSON
import Testing
import TestSupport
@testable import MapEditing

/// Real polygons: the OSM layers of Helsinki and Andorra (all valid, RFC 7946 winding) and
/// the two GEOS-invalid Natural Earth countries.
@Suite("Real data", .enabled(if: SharedData.isAvailable, SharedData.missingMessage))
struct RealDataTests {
    static func polygons(_ path: String) throws -> [TestGeoJSON.Feature] {
        try TestGeoJSON.features(at: SharedData.url(path)).filter {
            if case .polygon = $0.drawing { return true }
            if case .multiPolygon = $0.drawing { return true }
            return false
        }
    }

    @Test(arguments: [("real/helsinki/objects.geojson", 703), ("real/andorra/objects.geojson", 5952)])
    func everyOSMPolygonIsValid(_ path: String, count: Int) throws {
        let features = try Self.polygons(path)
        #expect(features.count == count)
        let validator = try EditValidator()
        for feature in features {
            let report = validator.validate(feature.drawing)
            #expect(report.isValid, "\(feature.id): \(report.findings)")
            #expect(report.topologyChecked)
            #expect(!report.contains(.wrongOrientation), "\(feature.id)")
        }
    }

    @Test(arguments: ["real/helsinki/objects.geojson", "real/andorra/objects.geojson"])
    func reversedRingsAreReportedAndRewound(_ path: String) throws {
        let validator = try EditValidator()
        let repairer = GeometryRepairer()
        var rings = 0
        for feature in try Self.polygons(path) {
            guard case let .polygon(original) = feature.drawing else { continue }
            let reversed = DrawnGeometry.polygon(original.map { $0.reversed() })
            let report = validator.validate(reversed)
            // A warning, not an error: the geometry can still be saved, we rewind it.
            #expect(report.isValid)
            let warned = Set(report.warnings.filter { $0.kind == .wrongOrientation }.compactMap(\.index.ring))
            #expect(warned == Set(original.indices), "\(feature.id)")
            let repaired = repairer.repair(reversed)
            #expect(repaired.changes.map(\.kind) == Array(repeating: .rewoundRing, count: original.count))
            #expect(repaired.geometry.map(DrawnGeometry.init) == feature.drawing)
            rings += original.count
        }
        #expect(rings > 700)
    }

    /// Sudan (110m: rounding made a near-collinear spike cross) and Egypt (10m: a ring
    /// touching itself in the source): found invalid with GEOS's reason, repaired to a
    /// valid polygon of nearly the same geodesic area.
    @Test func naturalEarthInvalidCountriesAreFoundAndRepaired() throws {
        let features = try TestGeoJSON.features(at: SharedData.url("real/invalid_polygons.geojson"))
        #expect(features.count == 2)
        let validator = try EditValidator()
        for feature in features {
            let name = try #require(feature.properties.string("name"))
            let recordedReason = try #require(feature.properties.string("reason"))
            let recordedKind = ValidityProblemKind(rawValue: String(recordedReason.prefix { $0 != "[" }))!
            let report = validator.validate(feature.drawing)
            #expect(!report.isValid, "\(name)")
            #expect(report.validityKind == recordedKind, "\(name): \(report.findings)")
            #expect(report.errors.contains { $0.kind == FindingKind(recordedKind) || $0.kind == .spike }, "\(name): \(report.errors)")

            let result = GeometryRepairer().repair(feature.drawing)
            let repaired = try #require(result.geometry, "\(name): \(result.report.findings)")
            #expect(result.isRepaired, "\(name): \(result.report.findings)")
            #expect(try GeosGeometry(repaired).validity().isValid)
            #expect(result.changes.contains { $0.kind == .madeValid || $0.kind == .removedSpike })
            let before = Geodesic.area(of: feature.drawing.uncheckedGeometry())
            let after = Geodesic.area(of: repaired)
            let relative = abs(after - before) / before
            print("repair \(name): \(result.changes.map(\.kind.rawValue)); area \(before) m² -> \(after) m², difference \(after - before) m² (\(relative * 100) %)")
            #expect(relative < 1e-4, "\(name): area \(before) -> \(after)")
        }
    }
}

/// Validators are not `Sendable` (they hold GEOS geometries); one per task gives the same
/// findings as one validator in sequence, since every thread has its own GEOS context.
@Suite("Validation from several tasks", .enabled(if: SharedData.isAvailable, SharedData.missingMessage))
struct ConcurrentValidationTests {
    @Test func fourTasksAgreeWithOneLoop() async throws {
        let drawings = try RealDataTests.polygons("real/helsinki/objects.geojson").map(\.drawing)
        // Reversed and bowtied copies, so the tasks also produce warnings and GEOS errors.
        let inputs: [DrawnGeometry] = drawings.flatMap { drawing -> [DrawnGeometry] in
            guard case let .polygon(rings) = drawing, rings[0].count > 6 else { return [drawing] }
            var crossed = rings[0]
            crossed.swapAt(1, 3)
            return [drawing, .polygon(rings.map { $0.reversed() }), .polygon([crossed])]
        }
        let sequential = try EditValidator()
        let expected = inputs.map { sequential.validate($0) }
        let chunks = stride(from: 0, to: inputs.count, by: inputs.count / 4 + 1).map { Array(inputs[$0..<min($0 + inputs.count / 4 + 1, inputs.count)]) }
        let reports = try await withThrowingTaskGroup(of: (Int, [ValidationReport]).self) { group in
            for (index, chunk) in chunks.enumerated() {
                group.addTask {
                    let validator = try EditValidator()
                    return (index, chunk.map { validator.validate($0) })
                }
            }
            var results = [[ValidationReport]](repeating: [], count: chunks.count)
            for try await (index, chunk) in group { results[index] = chunk }
            return results.flatMap { $0 }
        }
        #expect(reports == expected)
        #expect(expected.contains { !$0.isValid } && expected.contains { $0.contains(.wrongOrientation) })
    }
}
