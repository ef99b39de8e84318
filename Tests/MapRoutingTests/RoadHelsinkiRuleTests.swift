import MapGeometry
import Testing

@testable import MapRouting

/// One-way and access rules on the real Helsinki streets.
@Suite(.enabled(if: RoadTestData.isAvailable, RoadTestData.missingMessage))
struct RoadHelsinkiRuleTests {
    /// A snap at `fraction` of a segment's length.
    private func snap(_ network: RoadNetwork, segment: Int, fraction: Double) -> RoadSnap {
        let graph = network.graph
        let offset = graph.segmentLength[segment] * fraction
        let range = Int(graph.segmentShapeStart[segment])..<Int(graph.segmentShapeStart[segment + 1])
        let shape = range.dropLast().last { graph.shapeOffsets[$0] <= offset } ?? range.lowerBound
        let t = (offset - graph.shapeOffsets[shape]) / max(graph.shapeOffsets[shape + 1] - graph.shapeOffsets[shape], 1e-12)
        let position = Position(
            uncheckedLongitude: graph.shapeLongitudes[shape] + t * (graph.shapeLongitudes[shape + 1] - graph.shapeLongitudes[shape]),
            latitude: graph.shapeLatitudes[shape] + t * (graph.shapeLatitudes[shape + 1] - graph.shapeLatitudes[shape]))
        return RoadSnap(position: position, distance: 0, segmentID: graph.segmentIDs[segment], segment: segment, offset: offset)
    }

    @Test func oneWayStreetsAreDrivenOnlyTheirWay() throws {
        let network = try #require(RoadTestData.helsinki)
        let session = RoadQuerySession(network)
        var checked = 0
        for segment in 0..<network.graph.segmentCount
        where network.graph.direction(ofSegment: segment) != .both && network.segmentInMainNetwork[segment]
            && network.graph.segmentLength[segment] > 20
        {
            let forward = network.graph.direction(ofSegment: segment) == .forward
            let early = snap(network, segment: segment, fraction: 0.25), late = snap(network, segment: segment, fraction: 0.75)
            let (with, against) = forward ? (early, late) : (late, early)
            let half = network.graph.segmentLength[segment] / 2
            let allowed = try session.directions(from: with, to: against, by: .distance)
            #expect(abs(allowed.distance - half) < 1e-6, "\(network.graph.segmentIDs[segment]) its own way")
            // The other way round the street must be left and re-entered: strictly longer.
            let detour = try session.directions(from: against, to: with, by: .distance)
            #expect(detour.distance > half + 1, "\(network.graph.segmentIDs[segment]) driven against its direction")
            #expect(detour.segmentIDs.count > 2)
            checked += 1
        }
        // Helsinki tags 515 segments oneway=yes; 224 of them are over 20 m and in the main network.
        #expect(checked > 200)
    }

    @Test func privateRoadsAreNeverDriven() throws {
        let network = try #require(RoadTestData.helsinki)
        let excluded = Set(
            RoadTestData.helsinkiSegments.filter { $0.access == "private" || $0.access == "no" }.compactMap(\.id))
        #expect(excluded.count == network.report.excludedByAccess)
        #expect(excluded.count > 0)
        #expect(network.graph.segmentIDs.allSatisfy { !excluded.contains($0) })
        let stops = try RoadTestData.points("real/helsinki/stops.geojson")
        let session = RoadQuerySession(network)
        for index in stride(from: 0, to: stops.count, by: 5) {
            let path = try session.directions(from: stops[index], to: stops[(index * 13 + 7) % stops.count])
            #expect(path.segmentIDs.allSatisfy { !excluded.contains($0) })
            #expect(path.distance >= Geodesic.distance(from: path.start.position, to: path.end.position) - 0.5)
        }
    }
}
