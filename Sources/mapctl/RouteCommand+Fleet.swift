import ArgumentParser
import Foundation
import MapGeometry
import MapRouting

/// `mapctl route --vehicles FILE`: stops shared among several vehicles or field workers.
extension RouteCommand {
    static let fleetHelp = """
        Several vehicles (--vehicles FILE): the file is JSON, an array of vehicles or
        {"vehicles": [...]}, each {"id": "van-1", "start": [lon, lat], "end": [lon, lat] |
        "start" (default: return) | "anywhere", "capacity": items, "shift": [start_s, end_s],
        "skills": ["..."]}. Each stop feature may have "items", "service_s", "time_windows"
        ([[start_s, end_s], ...], same clock as the shifts), "skills" and "priority" (0-100).
        Every feature is its own stop (no merging). --roads gives road costs (lines stay straight). Output: per route a LineString (route,
        distance_m, duration_s, stop_count, item_count, load, color), a start Point and stop
        Points (route, sequence, items, label, arrival_s, service_start_s, departure_s);
        stops that fit nowhere come last with role "unassigned" and the reason.

          mapctl route --vehicles Data/vehicles.json Data/stops.geojson > routes.geojson
        """

    func runFleet(_ features: [Feature], vehiclesPath: String) throws {
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
        let problem: FleetProblem
        do {
            let matrices: TravelMatrices
            if let roads {
                // Road costs; the route lines stay straight between stops.
                let names = stops.map { "stop \($0.id)" } + (stops.count..<positions.count).map { "vehicle place \($0 - stops.count + 1)" }
                let provider = RoadMatrixProvider(
                    network: try RoadNetworkLoading.load(roads, command: "route"),
                    metric: objective == "duration" ? .time : .distance, placeNames: names)
                matrices = try provider.matrices(for: positions)
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
            problem, options: FleetSearchOptions(seed: seed, iterations: iterations, timeLimit: .milliseconds(timeLimit)))
        if solution.stoppedByTimeLimit {
            report("the --time-limit of \(timeLimit) ms ended the search before its iterations: the answer may differ between runs")
        }
        for entry in solution.unassigned {
            report("stop \(stops[entry.stop].id) is not served: \(entry.reason)")
        }
        var writerOptions = GeoJSONWriter.Options()
        writerOptions.pretty = pretty
        let collection = FeatureCollection(features: FleetFeatures.features(of: solution, problem: problem, positions: positions))
        try CommandOutput.write(collection, to: output, options: writerOptions, command: "route")
    }

    /// Reads the vehicles file; starts and fixed ends are appended to `positions` as places.
    private func loadVehicles(_ path: String, positions: inout [Position]) throws -> [FleetVehicle] {
        guard let data = FileManager.default.contents(atPath: path) else {
            report("\(path): cannot read the vehicles file")
            throw ExitCode(66)
        }
        func fail(_ message: String) -> ExitCode {
            report("\(path): \(message)")
            return ExitCode(65)
        }
        let root: Any
        do { root = try JSONSerialization.jsonObject(with: data) } catch {
            throw fail("not valid JSON: \(error.localizedDescription)")
        }
        guard let list = (root as? [Any]) ?? ((root as? [String: Any])?["vehicles"] as? [Any]), !list.isEmpty else {
            throw fail("expected a non-empty array of vehicles, or {\"vehicles\": [...]}")
        }
        func position(_ value: Any?, _ role: String) throws -> Position {
            guard let pair = value as? [NSNumber], pair.count == 2 else { throw fail("\(role) must be [lon, lat]") }
            do { return try Position(longitude: pair[0].doubleValue, latitude: pair[1].doubleValue) } catch {
                throw fail("\(role): \(error)")
            }
        }
        return try list.enumerated().map { index, item in
            let role = "vehicles[\(index)]"
            guard let object = item as? [String: Any] else { throw fail("\(role) must be an object") }
            let id = object["id"] as? String ?? "vehicle \(index + 1)"
            let start = positions.count
            positions.append(try position(object["start"], role + ".start"))
            var end = FleetRouteEnd.returnToStart
            switch object["end"] {
            case nil, "start" as String: break
            case "anywhere" as String: end = .anywhere
            case let value:
                positions.append(try position(value, role + ".end"))
                end = .at(positions.count - 1)
            }
            var capacity: Int?
            if let value = object["capacity"] {
                guard let number = value as? NSNumber, number.doubleValue >= 0, number.doubleValue == number.doubleValue.rounded()
                else { throw fail("\(role).capacity must be a whole number of items ≥ 0") }
                capacity = number.intValue
            }
            var shift: TimeWindow?
            if let value = object["shift"] {
                guard let pair = value as? [NSNumber], pair.count == 2, pair[0].doubleValue <= pair[1].doubleValue else {
                    throw fail("\(role).shift must be [start_s, end_s] with start ≤ end")
                }
                shift = TimeWindow(start: pair[0].doubleValue, end: pair[1].doubleValue)
            }
            var skills: Set<String> = []
            if let value = object["skills"] {
                guard let names = value as? [String] else { throw fail("\(role).skills must be an array of strings") }
                skills = Set(names)
            }
            return FleetVehicle(id: id, start: start, end: end, capacity: capacity, shift: shift, skills: skills)
        }
    }
}
