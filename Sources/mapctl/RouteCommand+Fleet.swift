import ArgumentParser
import Foundation
import MapGeometry
import MapGeoJSON
import MapRouting

/// `mapctl route --vehicles FILE`: stops shared among several vehicles or field workers.
extension RouteCommand {
    func runFleet(_ stopCollection: FeatureCollection, vehiclesPath: String) throws {
        let definitions = try CommandInput.json(vehiclesPath, limit: reading.limit) { file throws(GeoJSONError) in try VehicleDefinition.vehicles(in: file) }
        let plan: FleetPlanning.Plan
        do throws(FleetPlanningError) {
            plan = try FleetPlanning.plan(
                stopCollection.features, vehicles: definitions,
                roads: { try costSource.network(limit: reading.limit) },
                geodesic: estimate.geodesic,
                objective: estimate.routeObjective, seed: search.seed, iterations: search.searchIterations,
                deadline: search.answerDeadline, units: units.system, inheriting: stopCollection.foreignMembers)
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
        if plan.solution.stoppedByTimeLimit { search.reportTimeLimit(places: plan.positions.count, searched: true) }
        for entry in plan.solution.unassigned {
            CommandOutput.say("stop \(plan.problem.stops[entry.stop].id) is not served: \(entry.reason)")
        }
        try outputOptions.write(plan.collection)
    }
}
