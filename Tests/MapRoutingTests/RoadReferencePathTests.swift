import Testing

@testable import MapRouting

/// Shortest paths on the real networks equal those of an independent implementation
/// (scipy.sparse.csgraph.dijkstra, `Tests/Scripts/road_shortest_paths.py`, output in Tests/Fixtures/roads/).
@Suite(.enabled(if: RoadTestData.isAvailable, RoadTestData.missingMessage))
struct RoadReferencePathTests {
    private func check(_ network: RoadNetwork, fixture: String) throws {
        let rows = try RoadTestData.referencePaths(fixture)
        let session = RoadQuerySession(network)
        var unreachable = 0
        for row in rows {
            let source = try #require(network.graph.node(withSourceID: row.from))
            let target = try #require(network.graph.node(withSourceID: row.to))
            let time = try session.nodeCost(from: source, to: target, by: .time)
            let distance = try session.nodeCost(from: source, to: target, by: .distance)
            if let expected = row.time {
                let found = try #require(time, "time \(row.from) → \(row.to) unreachable, scipy says \(expected) s")
                #expect(abs(found.cost - expected) <= 1e-6 * max(expected, 1), "time \(row.from) → \(row.to)")
            } else {
                unreachable += 1
                #expect(time == nil, "\(row.from) → \(row.to) is unreachable for scipy")
            }
            if let expected = row.distance {
                let found = try #require(distance, "distance \(row.from) → \(row.to) unreachable")
                #expect(abs(found.cost - expected) <= 1e-6 * max(expected, 1), "distance \(row.from) → \(row.to)")
            } else {
                #expect(distance == nil)
            }
        }
        #expect(rows.count > 0)
        #expect(unreachable < rows.count / 5)
    }

    @Test func andorraThousandPairsMatchScipy() throws {
        try check(try #require(RoadTestData.andorra), fixture: "andorra_shortest_paths.csv")
    }

    @Test func helsinkiPairsMatchScipy() throws {
        try check(try #require(RoadTestData.helsinki), fixture: "helsinki_shortest_paths.csv")
    }

    @Test func andorraGraphMatchesTheDataReadme() throws {
        // The README counts every segment: 3,508 vertices, 4,208 segments, 5 components, largest 3,500.
        let options = RoadNetworkOptions(excludedAccess: [])
        let (_, all) = RoadGraphBuilder.build(RoadTestData.andorraSegments, options: options)
        #expect(all.segmentsUsed == 4_208)
        #expect(all.nodeCount == 3_508)
        #expect(all.connectedPieceSizes.count == 5)
        #expect(all.connectedPieceSizes.first == 3_500)
        #expect(abs(all.totalLength - 511_000) < 1_000)
        // By default private roads are left out, and one-way streets split the directed graph further.
        let report = try #require(RoadTestData.andorra).report
        #expect(report.excludedByAccess > 0)
        #expect(report.segmentsUsed == 4_208 - report.excludedByAccess)
        #expect(report.stronglyConnectedSizes.count > report.connectedPieceSizes.count)
        #expect(report.nodesOutsideLargestComponent > 0)
    }

    @Test func geoJSONReaderGivesTheSameSegmentsAsFoundation() throws {
        for path in ["real/andorra/roads.geojson", "real/helsinki/roads.geojson"] {
            #expect(try RoadTestData.segments(path) == RoadTestData.segmentsWithFoundation(path), "\(path)")
        }
    }
}
