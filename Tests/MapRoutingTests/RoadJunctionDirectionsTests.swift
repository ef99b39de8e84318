import MapGeometry
import Testing

@testable import MapRouting

/// Directions asked from and to positions exactly on road nodes (junctions of one-way streets and
/// roundabouts included) equal the node-to-node shortest paths of an independent implementation
/// (scipy's Dijkstra on the same directed graph, `Tests/Fixtures/roads/`). A position on a node may
/// leave by, and arrive through, any road that touches it, not only the one it snapped onto.
@Suite(.enabled(if: RoadTestData.isAvailable, RoadTestData.missingMessage))
struct RoadJunctionDirectionsTests {
    private func check(_ network: RoadNetwork, fixture: String) throws {
        let session = RoadQuerySession(network)
        var compared = 0, atOneWayJunctions = 0
        for row in try RoadTestData.referencePaths(fixture) {
            guard let expectedTime = row.time, let expectedDistance = row.distance,
                  let source = network.graph.node(withSourceID: row.from),
                  let target = network.graph.node(withSourceID: row.to) else { continue }
            let from = network.graph.position(ofNode: source), to = network.graph.position(ofNode: target)
            guard let byTime = try? session.directions(from: from, to: to, by: .time),
                  let byDistance = try? session.directions(from: from, to: to, by: .distance) else { continue }
            // Only positions that snap onto their own node (not onto a road passing nearer).
            guard byTime.start.distance < 0.01, byTime.end.distance < 0.01 else { continue }
            compared += 1
            if touchesOneWay(network.graph, source) || touchesOneWay(network.graph, target) { atOneWayJunctions += 1 }
            #expect(abs(byTime.duration - expectedTime) <= 1e-6 * max(expectedTime, 1) + 1e-3,
                    "time \(row.from) → \(row.to): \(byTime.duration) s, scipy \(expectedTime) s")
            #expect(abs(byDistance.distance - expectedDistance) <= 0.1,
                    "distance \(row.from) → \(row.to): \(byDistance.distance) m, scipy \(expectedDistance) m")
        }
        #expect(compared >= 200)
        #expect(atOneWayJunctions >= 20, "pairs at one-way junctions: \(atOneWayJunctions)")
    }

    private func touchesOneWay(_ graph: RoadGraph, _ node: Int) -> Bool {
        (0..<graph.segmentTo.count).contains { segment in
            (graph.segmentFrom[segment] == Int32(node) || graph.segmentTo[segment] == Int32(node))
                && graph.direction(ofSegment: segment) != [.forward, .backward]
        }
    }

    @Test func andorraNodePairs() throws {
        try check(try #require(RoadTestData.andorra), fixture: "andorra_shortest_paths.csv")
    }

    @Test func helsinkiNodePairs() throws {
        try check(try #require(RoadTestData.helsinki), fixture: "helsinki_shortest_paths.csv")
    }
}
