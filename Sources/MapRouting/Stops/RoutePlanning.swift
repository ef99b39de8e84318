import MapGeometry
import MapGeoJSON

/// The whole of `mapctl route` and `POST /route` as one call: stop sites from the Point
/// features, the request, travel costs (geodesic, given matrices, or along a road network),
/// the search, and the route as GeoJSON. The command and the service differ only in how they
/// read their inputs and report a ``RoutePlanningError``.
public enum RoutePlanning {
    /// Where the travel costs come from.
    public enum Costs {
        /// Geodesic distances times a detour factor, driven at a speed.
        case geodesic(GeodesicMatrixProvider)
        /// Matrices over the request's places (start, stops, end), made once their number is known.
        case matrices((_ placeCount: Int) throws -> TravelMatrices)
        /// Paths along a road network, read once the stops are known (so a bad stop is
        /// reported before a missing network); the route line then follows the roads.
        case roads(() throws -> RoadNetwork)
    }

    /// A route and its answer.
    public struct Plan: Sendable {
        /// The answer: the route line, its start, stops and end (``RouteFeatures/collection(of:roadLine:units:inheriting:)``).
        public let collection: FeatureCollection
        public let route: PlannedRoute
        /// The request the stops made: sites, and the places the costs cover.
        public let request: RouteRequest
    }

    /// The time kept after the search for measuring the legs and writing them, per stop
    /// (measured at 5,000 and 10,000 stops).
    public static let answerTimePerStop = Duration.microseconds(6)

    /// Plans the route through the Point features of `features`.
    ///
    /// - Parameters:
    ///   - first, last: object ids whose stops come before, or after, all others.
    ///   - snap: stops closer than this many metres are one stop.
    ///   - search: the seed, iterations and time limit. Pass as time limit the budget that
    ///     `deadline` ends: a search of a fixed number of iterations plans its work for it, so
    ///     that its answer is the same on every run. The search ends at the deadline, or at the
    ///     time limit from its own start if that comes first.
    ///   - deadline: when the answer must be ready; the search ends earlier by
    ///     ``answerTimePerStop`` for each stop.
    ///   - units: the unit system of the route's call-out label.
    ///   - members: the input's foreign members the answer keeps.
    public static func plan(
        _ features: [Feature], start: Position?, end: RouteEnd<Position>, first: [String] = [], last: [String] = [], snap: Double = 0,
        objective: RouteObjective, costs: Costs, search: TourSearchOptions, deadline: ContinuousClock.Instant,
        units: UnitSystem = .metric, inheriting members: [ForeignMember]
    ) throws(RoutePlanningError) -> Plan {
        try planNow(
            features, start: start, end: end, first: first, last: last, snap: snap, objective: objective, costs: costs,
            search: search, deadline: deadline, units: units, inheriting: members)
    }

    /// Plans as the synchronous `plan(_:start:end:first:last:snap:objective:costs:search:deadline:units:inheriting:)`
    /// does, in the calling task: when the task is cancelled the search stops within
    /// milliseconds and ``RoutePlanningError/cancelled`` is thrown.
    public static func plan(
        _ features: [Feature], start: Position?, end: RouteEnd<Position>, first: [String] = [], last: [String] = [], snap: Double = 0,
        objective: RouteObjective, costs: Costs, search: TourSearchOptions, deadline: ContinuousClock.Instant,
        units: UnitSystem = .metric, inheriting members: [ForeignMember]
    ) async throws(RoutePlanningError) -> Plan {
        try planNow(
            features, start: start, end: end, first: first, last: last, snap: snap, objective: objective, costs: costs,
            search: search, deadline: deadline, units: units, inheriting: members)
    }

    private static func planNow(
        _ features: [Feature], start: Position?, end: RouteEnd<Position>, first: [String], last: [String], snap: Double,
        objective: RouteObjective, costs: Costs, search: TourSearchOptions, deadline: ContinuousClock.Instant,
        units: UnitSystem, inheriting members: [ForeignMember]
    ) throws(RoutePlanningError) -> Plan {
        let sites: [StopSite]
        do { sites = StopGrouping.sites(from: try StopObject.objects(from: features), snappingDistance: snap) } catch {
            throw .stops(error)
        }
        guard !sites.isEmpty else { throw .noStops }
        let request = RouteRequest(
            sites: sites, start: start, end: end, firstSites: try indices(of: first, in: sites, list: .first),
            lastSites: try indices(of: last, in: sites, list: .last), objective: objective)
        var options = search
        options.deadline = deadline - answerTimePerStop * sites.count
        let route: PlannedRoute
        var roadLine: [Position]?
        do {
            switch costs {
            case .geodesic(let provider):
                route = try RoutePlanner.plan(request, provider: provider, options: options)
            case .matrices(let make):
                route = try RoutePlanner.plan(request, matrices: try make(request.places.count), options: options)
            case .roads(let network):
                let provider = RoadMatrixProvider(
                    network: try network(), metric: objective == .duration ? .time : .distance, placeNames: request.placeNames)
                route = try RoutePlanner.plan(request, provider: provider, options: options)
                roadLine = try provider.roadLine(of: route)
            }
        } catch {
            throw .planning(error)
        }
        if Task.isCancelled { throw .cancelled }
        let collection: FeatureCollection
        do { collection = try RouteFeatures.collection(of: route, roadLine: roadLine, units: units, inheriting: members) } catch {
            throw .planning(error)
        }
        return Plan(collection: collection, route: route, request: request)
    }

    /// The sites holding the listed object ids.
    private static func indices(
        of ids: [String], in sites: [StopSite], list: RoutePlanningError.StopList
    ) throws(RoutePlanningError) -> Set<Int> {
        var indices = Set<Int>()
        for id in ids {
            guard let index = sites.firstIndex(where: { $0.objectIds.contains(id) }) else { throw .unknownObject(id, list: list) }
            indices.insert(index)
        }
        return indices
    }
}

/// Why `RoutePlanning.plan(_:start:end:first:last:snap:objective:costs:search:deadline:units:inheriting:)`
/// made no route, with the error of the step that failed.
public enum RoutePlanningError: Error, CustomStringConvertible {
    /// The ids that must come first, or last.
    public enum StopList: String, Sendable { case first, last }

    /// A stop feature is wrong (its items, ...).
    case stops(StopInputError)
    /// The input has no Point features.
    case noStops
    /// No stop holds this object id, named as coming first or last.
    case unknownObject(String, list: StopList)
    /// The costs could not be made or the order found (matrix size, unreachable places, a
    /// place off the roads, ...).
    case planning(any Error)
    /// The task planning was cancelled.
    case cancelled

    public var description: String {
        switch self {
        case .stops(let error): "\(error)"
        case .noStops: "no stops: the input has no Point features"
        case let .unknownObject(id, list): "no stop holds object id '\(id)' (listed to come \(list.rawValue))"
        case .planning(let error): "\(error)"
        case .cancelled: "cancelled"
        }
    }
}
