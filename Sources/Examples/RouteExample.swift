import MapGeometry
import MapRouting

// README: route begin
/// A round trip through the 200 sample stops from the central railway station.
func routeExample() throws {
    let stops = try GeoJSONReader().read(contentsOfFile: "Data/stops.geojson")
    // Objects at one position become one stop site, so the driver stops there once.
    let sites = StopGrouping.sites(from: try StopObject.objects(from: stops.features))
    let request = RouteRequest(sites: sites, start: try Position(24.9384, 60.1699), end: .returnToStart)
    // Straight-line costs (geodesic x 1.3 at 30 km/h); the seeded search gives the same order each run.
    let route = try RoutePlanner.plan(request, options: TourSearchOptions(seed: 1))
    print("route: \(route.visits.count) stops, \(Int(route.distance.rounded())) m, \(Int(route.duration.rounded())) s")
    print("route: order " + route.visits.flatMap(\.site.objectIds).joined(separator: ","))
}
// README: route end

// README: directions begin
/// Directions along the streets between two positions, fastest first.
func directionsExample() throws {
    let roads = try GeoJSONReader().read(contentsOfFile: "Data/roads.geojson")
    // Preparing the network (graph and contraction hierarchies) is the slow part: do it once.
    let network = try RoadNetwork(segments: RoadSegment.segments(from: roads.features))
    let session = RoadQuerySession(network)  // keeps search buffers between questions
    let from = try Position(24.9384, 60.1699), to = try Position(24.9521, 60.1675)
    let path = try session.directions(from: from, to: to, by: .time)
    print("directions: \(Int(path.distance.rounded())) m, \(Int(path.duration.rounded())) s, \(path.positions.count) vertices")
}
// README: directions end
