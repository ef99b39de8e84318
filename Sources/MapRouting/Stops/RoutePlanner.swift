import MapGeometry


/// What a route optimises.
public enum RouteObjective: Hashable, Sendable {
    /// Total distance in metres.
    case distance
    /// Total duration in seconds.
    case duration
}

/// A route to plan: stop sites, where it starts and ends, and what to minimise.
public struct RouteRequest: Hashable, Sendable {
    /// The sites to visit.
    public var sites: [StopSite]
    /// Where the route starts; nil starts at the first site.
    public var start: Position?
    /// Where the route ends.
    public var end: RouteEnd<Position>
    /// Indices into `sites` to visit before all others, and after all others.
    public var firstSites: Set<Int>, lastSites: Set<Int>
    /// The cost the order minimises.
    public var objective: RouteObjective

    /// Creates a request.
    public init(
        sites: [StopSite], start: Position? = nil, end: RouteEnd<Position> = .anywhere,
        firstSites: Set<Int> = [], lastSites: Set<Int> = [], objective: RouteObjective = .distance
    ) {
        self.sites = sites
        self.start = start
        self.end = end
        self.firstSites = firstSites
        self.lastSites = lastSites
        self.objective = objective
    }

    /// The positions the travel matrices must cover, in their order: the start (when
    /// given), every site, then a fixed end (when given).
    public var places: [Position] {
        var places = start.map { [$0] } ?? []
        places += sites.map(\.position)
        if case .at(let end) = end { places.append(end) }
        return places
    }
}

/// A planned route: sites in visiting order with legs and totals.
public struct PlannedRoute: Hashable, Sendable {
    /// One stop of the route.
    public struct Visit: Hashable, Sendable {
        /// 1-based position in the route.
        public var sequence: Int
        /// The index of the site in the request.
        public var siteIndex: Int
        /// The site visited.
        public var site: StopSite
        /// Distance (m) and duration (s) of the leg from the previous stop or the start.
        public var legDistance: Double, legDuration: Double
        /// Seconds from the start to the arrival here.
        public var arrivalOffset: Double
    }

    /// Where the route starts.
    public var start: Position
    /// The visits in order.
    public var visits: [Visit]
    /// Where the route finishes after the last visit (return or fixed end), if anywhere.
    public var finish: Position?
    /// The last leg to `finish` (0 when there is none).
    public var finishDistance: Double, finishDuration: Double
    /// Totals, the last leg included.
    public var distance: Double, duration: Double
    /// The sum of the sites' items.
    public var itemCount: Int
    /// True when the order is proven optimal for the objective.
    public var isProvenOptimal: Bool
    /// See ``TourSolution/stoppedByTimeLimit``.
    public var stoppedByTimeLimit: Bool
    /// Local-search steps run (0 when the order was proven optimal, or when the time ran out
    /// before the search could start); see ``TourSolution/iterations``.
    public var searchIterations: Int = 0

    /// The route's positions from start to finish, without repeating a position twice in a row.
    public var path: [Position] {
        var path = [start]
        for position in visits.map(\.site.position) + (finish.map { [$0] } ?? [])
        where !position.sameLocation(as: path[path.count - 1]) {
            path.append(position)
        }
        return path
    }
}

/// Why a route could not be planned.
public enum RouteError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The request has no sites.
    case noStops
    /// Given matrices do not cover ``RouteRequest/places``.
    case matrixSize(expected: Int, found: Int)
    /// A stop cannot be reached, or every order needs an unreachable pair (message names the stops).
    case unreachable(String)
    /// The request contradicts itself (for example a site both first and last).
    case invalidRequest(String)

    public var description: String {
        switch self {
        case .noStops: "no stops to route: the input has no Point features"
        case .matrixSize(let expected, let found):
            "the cost matrix has \(found) places but the route has \(expected) (start, stops in input order, end)"
        case .unreachable(let message): message
        case .invalidRequest(let message): message
        }
    }
}

/// Plans routes: builds the ordering problem from a request, solves it and measures the legs.
public enum RoutePlanner {
    /// Above this many places, geodesic estimates are measured pair by pair during the search
    /// (``GeodesicCosts``) instead of filled into n² matrices first: at 1,000 places the
    /// matrices take 16 MB and most of a 200 ms budget, at 5,000 places 400 MB.
    ///
    /// From 500 places, where the search runs 3-opt chains on α-nearness candidates whose costs
    /// it keeps, costs measured on demand slow it little, while a matrix of places spread
    /// wider than 300 km (each such line PROJ's) takes half of a 200 ms budget. At 200 ms on 500
    /// GeoNames places (12–16 seeds, medians, gap to the best known), matrix → measured: round
    /// trips in Germany 0.168 → 0.019 %, France 0.146 → 0.011 %, Italy 0 → 0; open paths
    /// 0.142 → 0.042 %, 0 → 0, 0.041 → 0.049 %. Below 500 the matrix stays: there every move
    /// reads costs, twice as fast from a matrix (400 places in Germany: 0.017 % from a matrix,
    /// 0.058 % measured).
    public static let matrixPlaceLimit = 499

    /// Plans `request` with matrices from `provider`; geodesic estimates for more than
    /// ``matrixPlaceLimit`` places are measured pair by pair instead.
    public static func plan(
        _ request: RouteRequest, provider: some TravelMatrixProvider = GeodesicMatrixProvider(),
        options: TourSearchOptions = TourSearchOptions()
    ) throws -> PlannedRoute {
        guard !request.sites.isEmpty else { throw RouteError.noStops }
        if let geodesic = provider as? GeodesicMatrixProvider, request.places.count > matrixPlaceLimit {
            return try plan(request, geodesic: GeodesicCosts(request.places, provider: geodesic), options: options)
        }
        return try plan(request, matrices: provider.matrices(for: request.places), options: options)
    }

    /// Plans `request` with given matrices over ``RouteRequest/places``.
    public static func plan(
        _ request: RouteRequest, matrices: TravelMatrices, options: TourSearchOptions = TourSearchOptions()
    ) throws -> PlannedRoute {
        guard !request.sites.isEmpty else { throw RouteError.noStops }
        guard matrices.distances.count == request.places.count else {
            throw RouteError.matrixSize(expected: request.places.count, found: matrices.distances.count)
        }
        let costs = request.objective == .distance ? matrices.distances : matrices.durations
        return try plan(
            request, costs: .matrix(costs), distance: { matrices.distances[$0, $1] },
            duration: { matrices.durations[$0, $1] }, options: options)
    }

    /// Plans `request` with geodesic estimates over ``RouteRequest/places``, measured pair by
    /// pair: memory and setup grow with the number of places, not its square.
    public static func plan(
        _ request: RouteRequest, geodesic: GeodesicCosts, options: TourSearchOptions = TourSearchOptions()
    ) throws -> PlannedRoute {
        guard !request.sites.isEmpty else { throw RouteError.noStops }
        guard geodesic.count == request.places.count else {
            throw RouteError.matrixSize(expected: request.places.count, found: geodesic.count)
        }
        return try plan(
            request, costs: .geodesic(geodesic, objective: request.objective), distance: geodesic.distance,
            duration: geodesic.duration, options: options)
    }

    /// Solves the order on `costs` and measures the legs with `distance` and `duration`.
    private static func plan(
        _ request: RouteRequest, costs: TourCosts, distance legDistanceBetween: (Int, Int) -> Double,
        duration legDurationBetween: (Int, Int) -> Double, options: TourSearchOptions
    ) throws -> PlannedRoute {
        let places = request.places
        let offset = request.start == nil ? 0 : 1
        let endPlace: TourEnd
        switch request.end {
        case .anywhere: endPlace = .anywhere
        case .returnToStart: endPlace = .returnToStart
        case .at: endPlace = .at(places.count - 1)
        }
        let solution: TourSolution
        do {
            let problem = try TourProblem(
                costs: costs, start: 0, end: endPlace,
                first: Set(request.firstSites.map { $0 + offset }), last: Set(request.lastSites.map { $0 + offset }))
            solution = try TourSolver.solve(problem, options: options)
        } catch {
            throw describe(error, request: request, offset: offset)
        }

        var visits: [PlannedRoute.Visit] = []
        var elapsed = 0.0, distance = 0.0
        var previous = 0
        for place in solution.order where place >= offset && place < offset + request.sites.count {
            let legDistance = place == previous ? 0 : legDistanceBetween(previous, place)
            let legDuration = place == previous ? 0 : legDurationBetween(previous, place)
            elapsed += legDuration
            distance += legDistance
            visits.append(PlannedRoute.Visit(
                sequence: visits.count + 1, siteIndex: place - offset, site: request.sites[place - offset],
                legDistance: legDistance, legDuration: legDuration, arrivalOffset: elapsed))
            previous = place
        }
        var finish: Position?
        var finishDistance = 0.0, finishDuration = 0.0
        switch request.end {
        case .anywhere: break
        case .returnToStart:
            finish = places[0]
            finishDistance = legDistanceBetween(previous, 0)
            finishDuration = legDurationBetween(previous, 0)
        case .at(let end):
            finish = end
            finishDistance = legDistanceBetween(previous, places.count - 1)
            finishDuration = legDurationBetween(previous, places.count - 1)
        }
        return PlannedRoute(
            start: places[0], visits: visits, finish: finish,
            finishDistance: finishDistance, finishDuration: finishDuration,
            distance: distance + finishDistance, duration: elapsed + finishDuration,
            itemCount: request.sites.reduce(0) { $0 + $1.items },
            isProvenOptimal: solution.isProvenOptimal, stoppedByTimeLimit: solution.stoppedByTimeLimit,
            searchIterations: solution.iterations)
    }

    /// Restates an ordering error with the route's names for places.
    private static func describe(_ error: TourProblemError, request: RouteRequest, offset: Int) -> RouteError {
        let siteCount = request.sites.count
        func name(_ place: Int) -> String {
            if place < offset { return "the start" }
            if place >= offset + siteCount { return "the end" }
            let site = request.sites[place - offset]
            return "stop \(place - offset + 1) (\(site.objectIds.prefix(3).joined(separator: ", ")))"
        }
        switch error {
        case .isolated(let place, let direction):
            return .unreachable("\(name(place)) cannot be reached \(direction) any other place: every cost in the matrix is infinite")
        case .unreachable(let from, let to):
            return .unreachable("no route avoids unreachable pairs: it would need to travel from \(name(from)) to \(name(to)), which the matrix marks unreachable")
        default:
            return .invalidRequest(error.description)
        }
    }
}
