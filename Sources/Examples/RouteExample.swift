import MapGeometry
import MapGeoJSON
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

// README: planning begin
/// What a backend does per request: the whole answer of `mapctl route` in one async call, on
/// threads of its own (a long search would otherwise hold a thread of Swift's cooperative pool).
func planningExample() async throws {
    let stops = try GeoJSONReader().read(contentsOfFile: "Data/stops.geojson")
    let start = try Position(24.9384, 60.1699)
    let compute = ComputeThreads(count: 2, name: "routes")
    let task = Task(executorPreference: compute) {
        try await RoutePlanning.plan(
            stops.features, start: start, end: .returnToStart, objective: .distance,
            costs: .geodesic(GeodesicMatrixProvider()), search: TourSearchOptions(seed: 1),
            deadline: .now + .seconds(2), inheriting: stops.featureCollection.foreignMembers)
    }
    // task.cancel() (the client went away) would end the search within milliseconds.
    let plan = try await task.value
    print("planning: \(plan.route.visits.count) stops, \(GeoJSONWriter().encode(plan.collection).count) bytes of GeoJSON")
}
// README: planning end
