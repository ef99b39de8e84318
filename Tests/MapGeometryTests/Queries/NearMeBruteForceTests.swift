import Foundation
import MapGeometry
import Testing

/// Near me and nearest k through the index give exactly what measuring every object gives.
@Suite("Near me and nearest equal a brute-force geodesic scan", .enabled(if: SharedData.isAvailable, SharedData.missingMessage))
struct NearMeBruteForceTests {
    @Test("200 random positions, radii 10 m to 50 km, k 1 to 20", arguments: ["helsinki", "andorra"])
    func agreesWithBruteForce(area: String) throws {
        let fixture = try FixtureFeatures.load("real/\(area)/objects.geojson")
        let index = SpatialIndex(fixture.geometries)
        let brute = try BruteForceDistance(fixture.geometries)
        var west = 180.0, south = 90.0, east = -180.0, north = -90.0
        var vertices: [Position] = []
        for geometry in fixture.geometries {
            geometry?.forEachPosition { position in
                west = min(west, position.longitude); east = max(east, position.longitude)
                south = min(south, position.latitude); north = max(north, position.latitude)
                vertices.append(position)
            }
        }
        var random = SeededGenerator(seed: area == "helsinki" ? 10 : 11)
        var nonEmpty = 0
        for trial in 0..<200 {
            // Half the positions next to an object (where answers are interesting), half
            // anywhere in the area and up to 0.3° around it.
            let position: Position
            if trial % 2 == 0 {
                let vertex = vertices.randomElement(using: &random)!
                position = try Position(
                    vertex.longitude + Double.random(in: -0.002...0.002, using: &random),
                    vertex.latitude + Double.random(in: -0.002...0.002, using: &random))
            } else {
                position = try Position(
                    Double.random(in: (west - 0.3)...(east + 0.3), using: &random),
                    Double.random(in: (south - 0.3)...(north + 0.3), using: &random))
            }
            let radius = 10 * pow(5000, Double.random(in: 0...1, using: &random))
            let vertexDistances = brute.nearestVertexDistances(from: position)

            let expected = try brute.within(radius, of: position, vertexDistances: vertexDistances)
            let found = try index.items(within: radius, of: position)
            #expect(found.map(\.item) == expected.map(\.item), "near me \(radius) m of \(position)")
            for (hit, want) in zip(found, expected) {
                #expect(abs(hit.distance - want.distance) < 1e-6, "\(hit) vs \(want) at \(position)")
            }
            if !found.isEmpty { nonEmpty += 1 }

            let k = [1, 5, 20][trial % 3]
            let nearestExpected = try brute.nearest(k, to: position, vertexDistances: vertexDistances)
            let nearestFound = index.nearest(k, to: position)
            #expect(nearestFound.count == nearestExpected.count)
            for (hit, want) in zip(nearestFound, nearestExpected) {
                #expect(abs(hit.distance - want.distance) < 1e-6, "nearest \(k): \(hit) vs \(want) at \(position)")
                if hit.item != want.item {
                    // Only a tie in distance may swap items.
                    #expect(abs(hit.distance - want.distance) < 1e-9)
                }
            }
        }
        // The comparison means something only if many queries find objects.
        #expect(nonEmpty > 100)
    }
}
