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
        discussion: discussion
    )

    @OptionGroup var ends: RouteEndOptions

    @OptionGroup var search: RouteSearchOptions

    @OptionGroup var costSource: RouteCostSourceOptions

    @Option(help: ArgumentHelp("JSON vehicles: share the stops among them (see above).", valueName: "file"))
    var vehicles: String?

    @Option(help: ArgumentHelp("Merge stops closer than this.", valueName: "metres"))
    var snap: Double = 0

    @OptionGroup var estimate: TravelEstimateOptions

    @OptionGroup var units: UnitsOptions

    @OptionGroup var reading: ReadingOptions

    @OptionGroup var outputOptions: OutputOptions

    @Argument(help: "GeoJSON file of stop Points, or - for standard input.")
    var input: String

    func validate() throws {
        guard snap.isFinite && snap >= 0 else { throw ValidationError("--snap must be 0 or more metres") }
        if vehicles != nil, costSource.matrix != nil || ends.isGiven {
            throw ValidationError("--vehicles gives starts and ends per vehicle: drop --matrix, --start, --end and --round-trip")
        }
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
        let plan: RoutePlanning.Plan
        do throws(RoutePlanningError) {
            plan = try RoutePlanning.plan(
                document.features, start: startPosition, end: ends.routeEnd(at: endPosition),
                first: search.firstIDs, last: search.lastIDs, snap: snap, objective: estimate.routeObjective,
                costs: costSource.costs(estimate: estimate, limit: reading.limit),
                search: TourSearchOptions(seed: search.seed, iterations: search.searchIterations, timeLimit: search.budget.duration),
                deadline: search.answerDeadline,
                units: units.system, inheriting: document.featureCollection.foreignMembers)
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
        if route.stoppedByTimeLimit { search.reportTimeLimit(places: plan.request.places.count, searched: route.searchIterations > 0) }
        if isatty(2) != 0 { CommandOutput.say(RouteFeatures.label(for: route, units: units.system) + (route.isProvenOptimal ? " (proven optimal)" : "")) }
        try outputOptions.write(plan.collection)
    }
}
