import MapGeometry
import Testing
import TestSupport

@testable import MapRouting

/// The grid finds the same nearest road piece as a scan of every piece.
@Suite(.enabled(if: RoadTestData.isAvailable, RoadTestData.missingMessage))
struct SegmentGridIndexTests {
    @Test func nearestPieceEqualsAFullScan() throws {
        let network = try #require(RoadTestData.andorra)
        let graph = network.graph, index = network.index
        var generator = SeededGenerator(seed: 17)
        // Stops, points around them up to ~2 km away, and a few far outside the network
        // (the full scan is slow in a debug build, so 130 queries).
        var queries = Array(try RoadTestData.points("real/andorra/stops.geojson").prefix(80))
        for stop in queries.prefix(48) {
            queries.append(Position(
                uncheckedLongitude: stop.longitude + generator.unit() * 0.05 - 0.025,
                latitude: stop.latitude + generator.unit() * 0.04 - 0.02))
        }
        queries += [Position(uncheckedLongitude: 2.5, latitude: 41.0), Position(uncheckedLongitude: -3, latitude: 50)]
        for query in queries {
            let found = try #require(index.nearest(to: query, in: graph))
            let qx = query.longitude * index.longitudeScale, qy = query.latitude
            var best = Double.infinity
            for piece in index.pieceShapeIndex.indices {
                let a = Int(index.pieceShapeIndex[piece])
                let ax = graph.shapeLongitudes[a] * index.longitudeScale, ay = graph.shapeLatitudes[a]
                let dx = graph.shapeLongitudes[a + 1] * index.longitudeScale - ax, dy = graph.shapeLatitudes[a + 1] - ay
                let length = dx * dx + dy * dy
                let t = length > 0 ? min(max(((qx - ax) * dx + (qy - ay) * dy) / length, 0), 1) : 0
                let px = ax + t * dx - qx, py = ay + t * dy - qy
                best = min(best, px * px + py * py)
            }
            #expect(found.squaredDistance == best, "\(query)")
        }
    }
}
