import MapGeometry
import Testing

@testable import MapRouting

/// One-way, access and joining rules on hand-made networks a few hundred metres across.
@Suite struct RoadTinyGraphTests {
    /// A position `x`, `y` thousandths of a degree from a point in Helsinki.
    static func p(_ x: Double, _ y: Double) -> Position {
        Position(uncheckedLongitude: 24.9 + x / 1000, latitude: 60.1 + y / 1000)
    }

    static func road(
        _ id: String, _ points: [(Double, Double)], oneway: String? = nil, access: String? = nil,
        junction: String? = nil, nodes: (Int64, Int64)? = nil
    ) -> RoadSegment {
        RoadSegment(
            id: id, positions: points.map { p($0.0, $0.1) }, highway: "residential", oneway: oneway,
            access: access, junction: junction, fromNode: nodes?.0, toNode: nodes?.1)
    }

    /// A→B straight (tagged as given), and a two-way detour A→C→B.
    static func withDetour(direct: RoadSegment) throws -> RoadNetwork {
        try RoadNetwork(segments: [
            direct,
            road("AC", [(0, 0), (5, 5)]),
            road("CB", [(5, 5), (10, 0)]),
        ])
    }

    @Test func oneWayStreetIsOnlyDrivenForward() throws {
        let network = try Self.withDetour(direct: Self.road("AB", [(0, 0), (10, 0)], oneway: "yes"))
        let session = RoadQuerySession(network)
        let forward = try session.directions(from: Self.p(1, 0), to: Self.p(9, 0), by: .distance)
        #expect(forward.segmentIDs == ["AB"])
        #expect(abs(forward.distance - Geodesic.distance(from: Self.p(1, 0), to: Self.p(9, 0))) < 0.01)
        let backward = try session.directions(from: Self.p(9, 0), to: Self.p(1, 0), by: .distance)
        #expect(backward.segmentIDs == ["AB", "CB", "AC", "AB"])
        #expect(backward.positions.contains(Self.p(5, 5)))
        #expect(backward.distance > forward.distance * 1.5)
    }

    @Test func minusOneIsOneWayAgainstTheDrawing() throws {
        let network = try Self.withDetour(direct: Self.road("AB", [(0, 0), (10, 0)], oneway: "-1"))
        let session = RoadQuerySession(network)
        #expect(try session.directions(from: Self.p(9, 0), to: Self.p(1, 0)).segmentIDs == ["AB"])
        #expect(try session.directions(from: Self.p(1, 0), to: Self.p(9, 0)).segmentIDs.count == 4)
    }

    @Test func roundaboutWithoutOnewayTagIsOneWay() throws {
        let network = try RoadNetwork(segments: [Self.road("R", [(0, 0), (10, 0)], junction: "roundabout")])
        let session = RoadQuerySession(network)
        #expect(try session.directions(from: Self.p(2, 0), to: Self.p(8, 0)).segmentIDs == ["R"])
        #expect(throws: RoadNetworkError.self) {
            try session.directions(from: Self.p(8, 0), to: Self.p(2, 0))
        }
    }

    @Test func oneWayTrapIsAClearErrorNamingThePoints() throws {
        // A one-way spur leads away from the two-way street and ends: no way back.
        let segments = [
            Self.road("street", [(0, 0), (10, 0)]),
            Self.road("spur", [(10, 0), (10, 10)], oneway: "yes"),
        ]
        // By default a point snaps into the main network, so the trap is avoided.
        let main = RoadQuerySession(try RoadNetwork(segments: segments))
        #expect(try main.directions(from: Self.p(10, 5), to: Self.p(1, 0)).segmentIDs == ["street"])
        let network = try RoadNetwork(segments: segments, options: RoadNetworkOptions(snapToMainNetwork: false))
        #expect(network.report.stronglyConnectedSizes == [2, 1])
        let session = RoadQuerySession(network)
        let error = #expect(throws: RoadNetworkError.self) {
            try session.directions(from: Self.p(10, 5), to: Self.p(1, 0), startName: "the depot")
        }
        guard case .noPath = error else { Issue.record("expected no path, got \(String(describing: error))"); return }
        #expect(error?.description.contains("the depot [24.91,60.105]") == true, "\(String(describing: error))")
        #expect(error?.description.contains("spur") == true)
    }

    @Test func privateAccessIsExcludedByDefault() throws {
        let segments = [
            Self.road("AB", [(0, 0), (10, 0)], access: "private"),
            Self.road("AC", [(0, 0), (5, 5)]), Self.road("CB", [(5, 5), (10, 0)]),
            Self.road("BD", [(10, 0), (20, 0)]),
        ]
        let network = try RoadNetwork(segments: segments)
        #expect(network.report.excludedByAccess == 1)
        let session = RoadQuerySession(network)
        // Even a point right on the private road snaps to a public one.
        let path = try session.directions(from: Self.p(0, 0), to: Self.p(20, 0))
        #expect(path.segmentIDs.contains("AB") == false)
        let allowed = try RoadNetwork(segments: segments, options: RoadNetworkOptions(excludedAccess: []))
        let allowedSession = RoadQuerySession(allowed)
        #expect(try allowedSession.directions(from: Self.p(0, 0), to: Self.p(20, 0)).segmentIDs.contains("AB"))
        #expect(throws: RoadNetworkError.self) {
            try RoadNetwork(segments: [Self.road("AB", [(0, 0), (10, 0)], access: "no")])
        }
    }

    @Test func crossingRoadsWithoutASharedEndAreNotJoined() throws {
        // A bridge over a street: they cross at (5, 5) but share no node.
        let network = try RoadNetwork(
            segments: [Self.road("bridge", [(0, 0), (10, 10)]), Self.road("street", [(0, 10), (10, 0)])],
            options: RoadNetworkOptions(snapToMainNetwork: false))
        #expect(network.report.connectedPieceSizes == [2, 2])
        let session = RoadQuerySession(network)
        #expect(throws: RoadNetworkError.self) { try session.directions(from: Self.p(1, 1), to: Self.p(1, 9)) }
    }

    @Test func endsJoinByIdOrByIdenticalCoordinates() throws {
        let byCoordinates = try RoadNetwork(segments: [
            Self.road("a", [(0, 0), (10, 0)]), Self.road("b", [(10, 0), (10, 10)]),
        ])
        #expect(byCoordinates.graph.nodeCount == 3)
        // Ids win over coordinates: the same id is one node, different ids at one place stay apart.
        let byIDs = try RoadNetwork(segments: [
            Self.road("a", [(0, 0), (10, 0)], nodes: (1, 2)), Self.road("b", [(10, 0), (10, 10)], nodes: (2, 3)),
            Self.road("c", [(10, 0), (20, 0)], nodes: (4, 5)),
        ])
        #expect(byIDs.graph.nodeCount == 5)
        #expect(byIDs.report.connectedPieceSizes == [3, 2])
    }

    @Test func snappingReportsTheDistanceAndHonoursTheMaximum() throws {
        var options = RoadNetworkOptions(maximumSnapDistance: 50)
        let network = try RoadNetwork(segments: [Self.road("AB", [(0, 0), (10, 0)])], options: options)
        let snap = try network.snap(Self.p(4, 0.3))
        #expect(snap.segmentID == "AB")
        #expect(abs(snap.position.longitude - Self.p(4, 0).longitude) < 1e-9)
        #expect(abs(snap.distance - Geodesic.distance(from: Self.p(4, 0.3), to: Self.p(4, 0))) < 0.01)
        let error = #expect(throws: RoadNetworkError.self) { try network.snap(Self.p(4, 2), point: "stop 7") }
        #expect(error?.description.contains("stop 7") == true)
        #expect(error?.description.contains("223 m") == true, "\(String(describing: error))")
        options.maximumSnapDistance = nil
        let unlimited = try RoadNetwork(segments: [Self.road("AB", [(0, 0), (10, 0)])], options: options)
        #expect(try unlimited.snap(Self.p(-2000, 3000)).segmentID == "AB")
    }

    @Test func pointsOnOneSegmentTravelAlongIt() throws {
        let network = try RoadNetwork(segments: [Self.road("AB", [(0, 0), (4, 0), (10, 0)], oneway: "yes")])
        let session = RoadQuerySession(network)
        let path = try session.directions(from: Self.p(1, 0), to: Self.p(9, 0), by: .distance)
        #expect(path.positions == [Self.p(1, 0), Self.p(4, 0), Self.p(9, 0)])
        #expect(abs(path.distance - Geodesic.length(of: path.positions)) < 1e-6)
        #expect(abs(path.duration - path.distance / (30 / 3.6)) < 1e-6)
    }
}
