import ArgumentParser
import Foundation
import MapGeometry
import MapGeoJSON
import MapRouting

/// `mapctl route`: the best order of stop sites, as a route line and numbered markers.
struct RouteCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "route",
        abstract: "Order stop sites into the shortest route and write it as GeoJSON.",
        discussion: """
            Reads Point features (business objects). Objects at the same location (or within \
            --snap metres) become one stop whose items are the number of objects, or the sum of \
            their "items" properties. Writes a FeatureCollection: the route LineString with \
            distance_m, duration_s, stop_count, item_count, label and color; a "start" Point; \
            one Point per stop with sequence, items, label, object_ids, leg_distance_m, \
            leg_duration_s and arrival_s; and an "end" Point for --end.

            --first and --last name object ids whose stops are visited before, or after, all \
            others. Without --start the route starts at the first stop. Costs are geodesic distances \
            times --detour-factor, driven at --speed, unless --matrix gives them. \
            --matrix FILE is JSON {"distances": [[…]], "durations": [[…]]} (durations optional, \
            estimated from --speed when absent; null marks an unreachable pair), rows and \
            columns in this order: the start (when --start is given), the stops in input \
            order after merging, the end (when --end is given).

            Up to 15 stops the order is proven optimal; above, a local search runs for \
            --iterations steps (default: from the size), deterministic for a given --seed. \
            --time-limit (default 2s) is the budget of the whole command, from reading the \
            input to writing the answer; when it stops the search first, a message says so \
            and the order may differ between runs.

            --roads FILE (a GeoJSON road layer, or a network saved by mapctl directions \
            --save-prepared) takes distances and durations from the streets instead, paths \
            minimising the --objective, and draws the route line along them.

            With --vehicles FILE the stops are shared among several vehicles or workers; see \
            "Several vehicles" below.

            Example:
              mapctl route --start 24.9384,60.1699 --round-trip Data/stops.geojson > route.geojson
              mapctl route --roads Data/roads.geojson --objective duration Data/stops.geojson

            \(RouteCommand.fleetHelp)
            """
    )

    @OptionGroup var ends: RouteEndOptions

    @Option(name: .customLong("time-limit"), help: ArgumentHelp(
        "Wall-clock budget of the whole command: reading, costs, search and writing (2s, 500ms; a bare number is ms).",
        valueName: "time"))
    var timeLimit = TimeLimit(milliseconds: 2_000)

    @Option(help: ArgumentHelp("Object ids whose stops come first, before all others.", valueName: "id,id,…"))
    var first: String?

    @Option(help: ArgumentHelp("Object ids whose stops come last (before --end).", valueName: "id,id,…"))
    var last: String?

    @Option(help: "Local-search iterations (default: chosen from the number of stops).")
    var iterations: Int?

    @Option(help: "Seed of the local search.")
    var seed: UInt64 = 1

    @OptionGroup var costSource: RouteCostSourceOptions

    @Option(help: ArgumentHelp("JSON vehicles: share the stops among them (see above).", valueName: "file"))
    var vehicles: String?

    @Option(help: ArgumentHelp("Merge stops closer than this.", valueName: "metres"))
    var snap: Double = 0

    @Option(name: .customLong("detour-factor"), help: "Road distance ÷ geodesic distance, for estimated costs.")
    var detourFactor: Double = 1.3

    @Option(help: ArgumentHelp("Travel speed for estimated durations.", valueName: "km/h"))
    var speed: Double = 30

    @Option(help: "What the order minimises: distance or duration.")
    var objective: String = "distance"

    @OptionGroup var reading: ReadingOptions

    @OptionGroup var outputOptions: OutputOptions

    @Argument(help: "GeoJSON file of stop Points, or - for standard input.")
    var input: String

    func validate() throws {
        if let iterations, iterations < 0 { throw ValidationError("--iterations must be 0 or more") }
        guard snap.isFinite && snap >= 0 else { throw ValidationError("--snap must be 0 or more metres") }
        guard detourFactor.isFinite && detourFactor >= 1 else { throw ValidationError("--detour-factor must be 1 or more") }
        guard speed.isFinite && speed > 0 else { throw ValidationError("--speed must be more than 0 km/h") }
        guard ["distance", "duration"].contains(objective) else {
            throw ValidationError("--objective must be distance or duration")
        }
        if vehicles != nil, costSource.matrix != nil || ends.isGiven {
            throw ValidationError("--vehicles gives starts and ends per vehicle: drop --matrix, --start, --end and --round-trip")
        }
    }

    /// When the answer must be ready so that it is written within --time-limit: the budget
    /// counts from the start of the process, less a share for writing (2 %, at least 5 ms).
    var answerDeadline: ContinuousClock.Instant {
        commandStarted + timeLimit.duration - max(timeLimit.duration / 50, .milliseconds(5))
    }

    func run() throws {
        let document = try CommandInput.read(input, reading: reading)
        let startPosition = try ends.startPosition()
        let endPosition = try ends.endPosition()
        let bounds = DataExtent(document.features.compactMap(\.geometry)).bounds
        for (position, option) in [(startPosition, "--start"), (endPosition, "--end")] {
            if let position { MapArgument.warnIfSwapped(position, option: option, data: bounds) }
        }
        if let vehicles { return try runFleet(document.featureCollection, vehiclesPath: vehicles) }
        let costs: RoutePlanning.Costs
        if let matrix = costSource.matrix {
            costs = .matrices { places in
                try CommandInput.json(matrix, limit: reading.limit) { file throws(GeoJSONError) in try TravelMatrices(file: file, places: places, metresPerSecond: speed / 3.6) }
            }
        } else if let roads = costSource.roads {
            costs = .roads { try RoadNetworkLoading.load(roads, restrictions: costSource.restrictions, limit: reading.limit) }
        } else {
            costs = .geodesic(GeodesicMatrixProvider(detourFactor: detourFactor, metresPerSecond: speed / 3.6))
        }
        let plan: RoutePlanning.Plan
        do throws(RoutePlanningError) {
            plan = try RoutePlanning.plan(
                document.features, start: startPosition, end: ends.routeEnd(at: endPosition),
                first: ids(first), last: ids(last), snap: snap, objective: objective == "duration" ? .duration : .distance, costs: costs,
                search: TourSearchOptions(seed: seed, iterations: iterations), deadline: answerDeadline,
                inheriting: document.featureCollection.foreignMembers)
        } catch {
            switch error {
            case .planning(let failure as CommandFailure): throw failure  // the matrix or network reader has said what is wrong
            case .stops, .noStops: throw CommandFailure("\(input): \(error)")
            case .cancelled: throw CommandFailure("\(error)", status: .software)  // no task of mapctl is cancelled
            case let .unknownObject(id, list): throw CommandFailure("--\(list.rawValue): no stop holds object id '\(id)'")
            case .planning: throw CommandFailure("\(costSource.matrix ?? input): \(error)")
            }
        }
        let route = plan.route
        if route.stoppedByTimeLimit { reportTimeLimit(places: plan.request.places.count, searched: route.searchIterations > 0) }
        if isatty(2) != 0 { report(RouteFeatures.label(for: route) + (route.isProvenOptimal ? " (proven optimal)" : "")) }
        try outputOptions.write(plan.collection)
    }

    /// The object ids of `--first` or `--last`.
    private func ids(_ list: String?) -> [String] { list?.split(separator: ",").map(String.init) ?? [] }

    /// Says that --time-limit ended the search, and when preparing the costs alone used it up.
    func reportTimeLimit(places: Int, searched: Bool) {
        if !searched {
            let elapsed = (ContinuousClock.now - commandStarted).components
            let seconds = String(format: "%.1fs", Double(elapsed.seconds) + Double(elapsed.attoseconds) * 1e-18)
            report("""
                reading the input, the costs of \(places) places and a first improvement took \(seconds) \
                of the --time-limit of \(timeLimit), so the search stopped at once: the order is a first construction, \
                partly improved; give a larger --time-limit for a better one
                """)
        } else {
            report("the --time-limit of \(timeLimit) ended the search before its iterations: the answer may differ between runs")
        }
    }

    func report(_ message: String) { CommandOutput.say(message) }
}
