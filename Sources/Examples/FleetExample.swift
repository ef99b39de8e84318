import MapGeometry
import MapGeoJSON
import MapRouting

// README: fleet begin
/// Share the 200 sample stops among four vans that each carry at most 160 items.
func fleetExample() throws {
    let stops = try GeoJSONReader().read(contentsOfFile: "Data/stops.geojson")
    // Stops refer to places by index into `positions`; the depot is one more place.
    var (fleetStops, positions) = try FleetStop.stops(from: stops.features)
    let depot = positions.count
    positions.append(try Position(24.9384, 60.1699))
    let vans = (1...4).map { FleetVehicle(id: "van-\($0)", start: depot, capacity: 160) }
    let matrices = try GeodesicMatrixProvider().matrices(for: positions)
    let problem = try FleetProblem(matrices: matrices, vehicles: vans, stops: fleetStops)
    // Seeded: the same problem gives the same routes (the time limit is only a safety cap).
    let plan = FleetSolver.solve(problem, options: FleetSearchOptions(seed: 1))
    for route in plan.routes {
        let metres = Int(route.distance.rounded())
        print("fleet: \(vans[route.vehicle].id) \(route.visits.count) stops \(route.load) items \(metres) m")
    }
    print("fleet: unassigned \(plan.unassigned.count)")
}
// README: fleet end
