import Foundation
import MapEditing
import MapGeometry
import MapGeoJSON
import TestSupport
import Testing

/// What `validate --repair` writes is valid: every repaired geometry, written at the writer's
/// 7 decimals and read back, passes GEOS's validity check.
@Suite("Repaired geometries stay valid once written")
struct WrittenRepairTests {
    /// The geometry as written by the default writer and read back.
    static func writtenAndRead(_ geometry: Geometry) throws -> Geometry {
        let bytes = GeoJSONWriter().encode(geometry)
        guard case let .geometry(read) = try GeoJSONReader().read(bytes: bytes).object else {
            Issue.record("not a geometry")
            return geometry
        }
        return read
    }

    @Test("Natural Earth 1:110m countries (Sudan's sliver rings collapse when rounded)",
          .enabled(if: SharedData.isAvailable, SharedData.missingMessage))
    func countries() throws {
        let document = try GeoJSONReader().read(contentsOfFile: SharedData.url("real/countries.geojson").path)
        var repaired = 0
        for feature in document.features {
            guard let geometry = feature.geometry else { continue }
            let result = GeometryRepairer().repair(geometry)
            guard let output = result.geometry, result.isRepaired else { continue }
            repaired += 1
            let report = try Self.writtenAndRead(output).validity()
            #expect(report.isValid, "\(feature.properties.string("name") ?? "?"): \(report)")
        }
        #expect(repaired >= 170)
    }

    @Test("500 random small drawings about 20 m across near Helsinki", arguments: [1, 2, 3, 4, 5])
    func smallDrawings(seed: UInt64) throws {
        var random = SeededGenerator(seed: seed)
        var repaired = 0
        for _ in 0..<100 {
            // Random vertices in a 20 m box, in random order: self-intersections, spikes, slivers.
            let corners = Int.random(in: 4...12, using: &random)
            var positions = try (0..<corners).map { _ in
                try Position(24.94 + Double.random(in: 0...0.00036, using: &random), 60.17 + Double.random(in: 0...0.00018, using: &random))
            }
            positions.append(positions[0])
            let drawing = Geometry.polygon(try Polygon([LinearRing(positions)]))
            let result = GeometryRepairer().repair(drawing)
            guard let output = result.geometry, result.isRepaired else { continue }
            repaired += 1
            let report = try Self.writtenAndRead(output).validity()
            #expect(report.isValid, "seed \(seed): \(positions) repaired as \(output) reads back invalid: \(report)")
        }
        #expect(repaired >= 90)
    }
}
