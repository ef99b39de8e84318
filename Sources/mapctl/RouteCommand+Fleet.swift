import ArgumentParser
import Foundation
import MapGeometry
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
        let features = stopCollection.features
        var (stops, positions): ([FleetStop], [Position])
        do {
            (stops, positions) = try FleetStop.stops(from: features)
        } catch {
            report("\(input): \(error)")
            throw ExitCode(65)
        }
        guard !stops.isEmpty else {
            report("\(input): no stops: the input has no Point features")
            throw ExitCode(65)
        }
        let vehicles = try loadVehicles(vehiclesPath, positions: &positions)
        do {
            try FleetStop.readAmounts(into: &stops, from: features, vehicles: vehicles)
        } catch {
            report("\(input): \(error)")
            throw ExitCode(65)
        }
        let problem: FleetProblem
        var roadProvider: RoadMatrixProvider?
        do {
            let matrices: TravelMatrices
            if let roads {
                let names = stops.map { "stop \($0.id)" } + (stops.count..<positions.count).map { "vehicle place \($0 - stops.count + 1)" }
                let provider = RoadMatrixProvider(
                    network: try RoadNetworkLoading.load(roads, command: "route"),
                    metric: objective == "duration" ? .time : .distance, placeNames: names)
                matrices = try provider.matrices(for: positions)
                roadProvider = provider
            } else {
                matrices = try GeodesicMatrixProvider(detourFactor: detourFactor, metresPerSecond: speed / 3.6)
                    .matrices(for: positions)
            }
            problem = try FleetProblem(
                matrices: matrices, vehicles: vehicles, stops: stops,
                objective: objective == "duration" ? .duration : .distance)
        } catch let error as ExitCode {
            throw error
        } catch {
            report("\(roads ?? vehiclesPath): \(error)")
            throw ExitCode(65)
        }
        let solution = FleetSolver.solve(
            problem, options: FleetSearchOptions(seed: seed, iterations: iterations, timeLimit: max(searchDeadline() - .now, .milliseconds(1))))
        if solution.stoppedByTimeLimit { reportTimeLimit(places: positions.count, searched: true) }
        for entry in solution.unassigned {
            report("stop \(stops[entry.stop].id) is not served: \(entry.reason)")
        }
        let roadLines: [[Position]]?
        do {
            roadLines = try roadProvider?.roadLines(of: solution, problem: problem, positions: positions)
        } catch {
            report("\(roads ?? input): \(error)")
            throw ExitCode(65)
        }
        var writerOptions = GeoJSONWriter.Options()
        writerOptions.pretty = pretty
        let collection = FleetFeatures.collection(
            of: solution, problem: problem, positions: positions, roadLines: roadLines,
            inheriting: stopCollection.foreignMembers)
        try CommandOutput.write(collection, to: output, options: writerOptions, command: "route")
    }

    /// Reads the vehicles file; starts and fixed ends are appended to `positions` as places.
    private func loadVehicles(_ path: String, positions: inout [Position]) throws -> [FleetVehicle] {
        let file = try CommandInput.json(path, command: "route")
        let definitions = try CommandInput.values(command: "route") { () throws(GeoJSONError) in
            try VehicleDefinition.vehicles(in: file)
        }
        return FleetVehicle.vehicles(from: definitions, places: &positions)
    }
}
