import MapGeometry
import Testing

@testable import MapRouting

/// The route planner on road costs: all 200 real Andorra stops, ordered by travel time
/// along the streets and drawn along them.
@Suite(.enabled(if: RoadTestData.isAvailable, RoadTestData.missingMessage))
struct RoadRouteTests {
    @Test func allAndorraStopsAlongTheRoads() throws {
        let network = try #require(RoadTestData.andorra)
        let stops = try RoadTestData.points("real/andorra/stops.geojson")
        let sites = stops.enumerated().map { StopSite(position: $1, items: 1, objectIds: ["stop\($0)"]) }
        let request = RouteRequest(sites: sites, end: .returnToStart, objective: .duration)
        let provider = RoadMatrixProvider(network: network, metric: .time, placeNames: request.placeNames)
        // A fixed iteration budget (small: a debug build is slow) and no time limit: the
        // same order on every run.
        let options = TourSearchOptions(seed: 1, iterations: 200, timeLimit: nil)
        let route = try RoutePlanner.plan(request, provider: provider, options: options)
        #expect(route.visits.count == 200)
        #expect(Set(route.visits.map(\.siteIndex)).count == 200)

        // Totals are sums of road legs, and every leg is the road path the line draws.
        let matrices = try provider.matrices(for: request.places)
        var order = route.visits.map(\.siteIndex)
        order.append(order[0])
        var duration = 0.0
        for index in order.indices.dropLast() { duration += matrices.durations[order[index], order[index + 1]] }
        #expect(abs(route.duration - duration) < 1e-6 * duration)
        let line = try provider.roadLine(of: route)
        #expect(line.count > 2_000)
        #expect(abs(Geodesic.length(of: line) - route.distance) < 2 + route.distance * 1e-6)
        #expect(line.first == line.last || Geodesic.distance(from: line.first!, to: line.last!) < 1e-6)

        // Along the streets the tour is longer than the straight lines between the same stops.
        let straight = zip(order.dropLast(), order.dropFirst()).reduce(0.0) {
            $0 + Geodesic.distance(from: stops[$1.0], to: stops[$1.1])
        }
        #expect(route.distance > straight)
        // The order beats visiting the stops in file order.
        var fileOrder = 0.0
        for index in 0..<200 { fileOrder += matrices.durations[index, (index + 1) % 200] }
        #expect(route.duration < fileOrder / 2)
    }

    @Test func anUnreachableStopIsNamed() throws {
        // Snapped to any road, some Andorra stops sit in one-way traps.
        var network = try #require(RoadTestData.andorra)
        network.options.snapToMainNetwork = false
        let stops = try RoadTestData.points("real/andorra/stops.geojson")
        let sites = stops.enumerated().map { StopSite(position: $1, items: 1, objectIds: ["node/\($0)"]) }
        let request = RouteRequest(sites: sites, objective: .duration)
        let provider = RoadMatrixProvider(network: network, placeNames: request.placeNames)
        let error = #expect(throws: RoadNetworkError.self) { try provider.matrices(for: request.places) }
        #expect(error?.description.contains("no road path from stop ") == true, "\(String(describing: error))")
        #expect(error?.description.contains("(node/") == true)
    }
}
