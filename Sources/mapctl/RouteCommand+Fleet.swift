import ArgumentParser
import Foundation
import MapGeometry
import MapGeoJSON
import MapRouting

/// `mapctl route --vehicles FILE`: stops shared among several vehicles or field workers.
extension RouteCommand {
    static let fleetHelp = """
        Several vehicles (--vehicles FILE): the file is JSON, an array of vehicles or \
        {"vehicles": [...]}, each {"id": "van-1", "start": [lon, lat], "end": [lon, lat] | \
        "start" (default: return) | "anywhere", "capacity": items | {"items": 40, "weight": 800, ...}, \
        "shift": [start_s, end_s], "skills": ["..."], "max_duration": s, "max_distance": m, \
        "costs": {"fixed": x, "per_km": y, "per_hour": z}, "breaks": [{"window": [start_s, end_s], \
        "duration": s}]}. Each stop feature may have "items", \
        "service_s", "time_windows" ([[start_s, end_s], ...], same clock as the shifts), "skills", \
        "priority" (0-100) and its amount of each capacity dimension ("weight": 12.5; default 0). \
        With costs the plan minimises money: routes show "cost", the collection's "plan" the totals. \
        A break starts inside its window at the start or at the stop just served; routes show "breaks". \
        Every feature is its own stop (no merging). --roads gives road costs and draws the lines along the roads. Output: per route a LineString (route, \
        distance_m, duration_s, stop_count, item_count, load, color), a start Point and stop \
        Points (route, sequence, items, label, arrival_s, service_start_s, departure_s); \
        stops that fit nowhere come last with role "unassigned" and the reason.

          mapctl route --vehicles Data/vehicles.json Data/stops.geojson > routes.geojson
        """

    func runFleet(_ stopCollection: FeatureCollection, vehiclesPath: String) throws {
        let definitions = try CommandInput.json(vehiclesPath, limit: reading.limit) { file throws(GeoJSONError) in try VehicleDefinition.vehicles(in: file) }
        let plan: FleetPlanning.Plan
        do throws(FleetPlanningError) {
            plan = try FleetPlanning.plan(
                stopCollection.features, vehicles: definitions,
                roads: { try costSource.roads.map { try RoadNetworkLoading.load($0, restrictions: costSource.restrictions, limit: reading.limit) } },
                geodesic: GeodesicMatrixProvider(detourFactor: detourFactor, metresPerSecond: speed / 3.6),
                objective: objective == "duration" ? .duration : .distance, seed: seed, iterations: iterations,
                deadline: answerDeadline, inheriting: stopCollection.foreignMembers)
        } catch .costs(let failure as CommandFailure) {
            throw failure  // the network's loader has said what is wrong
        } catch {
            switch error {
            case .stops, .noStops: throw CommandFailure("\(input): \(error)")
            case .cancelled: throw CommandFailure("\(error)", status: .software)  // no task of mapctl is cancelled
            case .costs: throw CommandFailure("\(costSource.roads ?? vehiclesPath): \(error)")
            case .roadLines: throw CommandFailure("\(costSource.roads ?? input): \(error)")
            }
        }
        if plan.solution.stoppedByTimeLimit { reportTimeLimit(places: plan.positions.count, searched: true) }
        for entry in plan.solution.unassigned {
            report("stop \(plan.problem.stops[entry.stop].id) is not served: \(entry.reason)")
        }
        try outputOptions.write(plan.collection)
    }
}
