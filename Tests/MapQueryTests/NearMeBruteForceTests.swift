import Foundation
import MapGeometry
import MapQuery
import Testing
import TestSupport

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
            Self.expectSame(found, expected, radius: radius, "near me \(radius) m of \(position)")
            if !found.isEmpty { nonEmpty += 1 }

            let k = [1, 5, 20][trial % 3]
            let nearestExpected = try brute.nearest(k, to: position, vertexDistances: vertexDistances)
            let nearestFound = index.nearest(k, to: position)
            #expect(nearestFound.count == nearestExpected.count)
            // The k-th distance decides membership: only items tied with it may differ.
            let kth = nearestExpected.last?.distance ?? 0
            Self.expectSame(nearestFound, nearestExpected, radius: kth, "nearest \(k) to \(position)")
        }
        // The comparison means something only if many queries find objects.
        #expect(nonEmpty > 100)
    }

    /// Same items with the same distances (within 10⁻⁶ m: points are measured by the index's
    /// short-line ruler, by the scan with geod_inverse), nearest first. Items whose distances
    /// differ by less than that may swap places, and an item within 10⁻⁶ m of the limit may be
    /// on either side of it.
    static func expectSame(_ found: [DistanceHit], _ expected: [DistanceHit], radius: Double, _ comment: Comment) {
        let tolerance = 1e-6
        let foundDistances = Dictionary(uniqueKeysWithValues: found.map { ($0.item, $0.distance) })
        let expectedDistances = Dictionary(uniqueKeysWithValues: expected.map { ($0.item, $0.distance) })
        for (item, distance) in expectedDistances {
            if let other = foundDistances[item] {
                #expect(abs(other - distance) < tolerance, "#\(item): \(other) vs \(distance) m; \(comment)")
            } else {
                #expect(abs(distance - radius) < tolerance, "#\(item) at \(distance) m missing; \(comment)")
            }
        }
        for (item, distance) in foundDistances where expectedDistances[item] == nil {
            #expect(abs(distance - radius) < tolerance, "#\(item) at \(distance) m extra; \(comment)")
        }
        for (previous, next) in zip(found, found.dropFirst()) {
            #expect(previous.distance <= next.distance, "not sorted; \(comment)")
        }
        // Where the scan's order is strict by more than the tolerance, the order is the same.
        for (index, hit) in found.enumerated() where index < expected.count {
            let want = expected[index]
            if hit.item != want.item {
                #expect(abs(hit.distance - want.distance) < tolerance, "order: \(hit) vs \(want); \(comment)")
            }
        }
    }
}
