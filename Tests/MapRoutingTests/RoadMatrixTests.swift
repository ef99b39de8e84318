import MapGeometry
import Testing

@testable import MapRouting

/// Matrices between Andorra's 200 real stop sites.
@Suite(.enabled(if: RoadTestData.isAvailable, RoadTestData.missingMessage))
struct RoadMatrixTests {
    @Test func stopMatrixEqualsPlainDijkstraFromEveryStop() throws {
        let network = try #require(RoadTestData.andorra)
        let stops = try RoadTestData.points("real/andorra/stops.geojson")
        #expect(stops.count == 200)
        let session = RoadQuerySession(network)
        let matrices = try session.matrices(from: stops, to: stops, by: .time, allowUnreachable: true)
        #expect(matrices.rows == 200 && matrices.columns == 200)
        let arrivals = matrices.targetSnaps.map { network.arrivalSeeds($0, .time) }
        var unreachable = 0
        // Every row is checked for its diagonal; every 8th against the plain Dijkstra (keeps debug runs short).
        for row in 0..<200 {
            #expect(matrices.durations[row * 200 + row] == 0)
            #expect(matrices.distances[row * 200 + row] == 0)
            let rowFinite = matrices.durations[(row * 200)..<(row * 200 + 200)].allSatisfy { $0.isFinite }
            #expect(rowFinite, "stop \(row) cannot reach every stop")
        }
        for row in stride(from: 0, to: 200, by: 8) {
            let costs = ReferenceDijkstra.costs(
                in: network.graph, from: network.departureSeeds(matrices.sourceSnaps[row], .time), by: .time)
            for column in 0..<200 {
                var expected = arrivals[column].map { costs[Int($0.node)] + $0.weight }.min() ?? .infinity
                if let direct = network.sameSegmentCost(from: matrices.sourceSnaps[row], to: matrices.targetSnaps[column], .time) {
                    expected = min(expected, direct.0)
                }
                let found = matrices.durations[row * 200 + column]
                if expected == .infinity {
                    unreachable += 1
                    #expect(found == .infinity)
                } else {
                    #expect(abs(found - expected) <= 1e-9 * max(expected, 1), "stop \(row) → stop \(column)")
                }
            }
        }
        // Road distances are never shorter than the straight line between the snapped points.
        for row in stride(from: 0, to: 200, by: 7) {
            for column in stride(from: 0, to: 200, by: 3) where matrices.distances[row * 200 + column].isFinite {
                let straight = Geodesic.distance(
                    from: matrices.sourceSnaps[row].position, to: matrices.targetSnaps[column].position)
                #expect(matrices.distances[row * 200 + column] >= straight - 0.5)
            }
        }
        // Snapped into the main network, every stop reaches every other.
        #expect(unreachable == 0)
    }

    @Test func matrixAgreesWithPointToPointDirections() throws {
        let network = try #require(RoadTestData.andorra)
        let stops = Array(try RoadTestData.points("real/andorra/stops.geojson").prefix(12))
        let session = RoadQuerySession(network)
        for metric in RoadMetric.allCases {
            let matrices = try session.matrices(from: stops, to: stops, by: metric, allowUnreachable: true)
            for (row, from) in stops.enumerated() {
                for (column, to) in stops.enumerated() {
                    let index = row * stops.count + column
                    guard matrices.durations[index].isFinite else { continue }
                    let path = try session.directions(from: from, to: to, by: metric)
                    #expect(abs(path.distance - matrices.distances[index]) < 1e-6)
                    #expect(abs(path.duration - matrices.durations[index]) < 1e-6)
                    // The drawn line is as long as the reported distance.
                    #expect(abs(Geodesic.length(of: path.positions) - path.distance) < 0.05 + path.distance * 1e-6)
                }
            }
        }
    }

    @Test func unreachablePairIsAnErrorNamingIt() throws {
        // Snapped to the nearest road whatever its piece, a few stops land in one-way traps.
        var network = try #require(RoadTestData.andorra)
        network.options.snapToMainNetwork = false
        let stops = try RoadTestData.points("real/andorra/stops.geojson")
        let session = RoadQuerySession(network)
        let all = try session.matrices(from: stops, to: stops, allowUnreachable: true)
        let first = try #require(all.durations.firstIndex(of: .infinity), "no unreachable pair left to test")
        let error = #expect(throws: RoadNetworkError.self) {
            try session.matrices(
                from: stops, to: stops, sourceNames: stops.indices.map { "stop \($0 + 1)" },
                targetNames: stops.indices.map { "stop \($0 + 1)" })
        }
        let expected =
            "no road path from stop \(first / 200 + 1) \(RoadNetworkError.text(stops[first / 200])) to stop \(first % 200 + 1) "
        #expect(error?.description.hasPrefix(expected) == true, "\(String(describing: error))")
        #expect(error?.description.contains("cut off from the main network") == true, "\(String(describing: error))")
    }
}

/// A route's legs drawn along the roads.
@Suite(.enabled(if: RoadTestData.isAvailable, RoadTestData.missingMessage))
struct RoadLegTests {
    @Test func legsThroughAllAndorraStopsMatchTheMatrix() throws {
        let network = try #require(RoadTestData.andorra)
        let stops = try RoadTestData.points("real/andorra/stops.geojson")
        let session = RoadQuerySession(network)
        let matrices = try session.matrices(from: stops, to: stops)
        let route = try session.legs(through: stops)
        #expect(route.legs.count == 199)
        for (index, leg) in route.legs.enumerated() {
            #expect(abs(leg.duration - matrices.durations[index * 200 + index + 1]) < 1e-6)
            #expect(abs(leg.distance - matrices.distances[index * 200 + index + 1]) < 1e-6)
        }
        let total = route.legs.reduce(0) { $0 + $1.distance }
        #expect(abs(Geodesic.length(of: route.line) - total) < 1 + total * 1e-6)
        #expect(route.line.first == route.legs.first?.start.position)
        #expect(route.line.last == route.legs.last?.end.position)
    }
}
