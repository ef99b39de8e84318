/// How good a solution is: first the unserved priority and stops (fewer is better),
/// then the travel cost.
struct FleetScore: Comparable {
    var unservedPriority: Int
    var unservedStops: Int
    var cost: Double

    static func < (a: FleetScore, b: FleetScore) -> Bool {
        if a.unservedPriority != b.unservedPriority { return a.unservedPriority < b.unservedPriority }
        if a.unservedStops != b.unservedStops { return a.unservedStops < b.unservedStops }
        return a.cost < b.cost
    }

    /// Same stops served: only the cost differs.
    func servesSame(as other: FleetScore) -> Bool {
        unservedPriority == other.unservedPriority && unservedStops == other.unservedStops
    }
}

/// A solution during the search: one route per vehicle, and the stops not served.
/// A value type: copies are cheap until a route changes (copy on write).
struct FleetState {
    private(set) var routes: [RouteState]
    /// The vehicle serving each stop, or -1.
    private(set) var routeOf: [Int]
    /// Each served stop's index in its route's stops.
    private(set) var indexOf: [Int]
    private(set) var unassigned: Set<Int>

    init(_ model: FleetModel) {
        routes = (0..<model.vehicleCount).map { RouteState(vehicle: $0, model: model) }
        routeOf = [Int](repeating: -1, count: model.stopCount)
        indexOf = [Int](repeating: -1, count: model.stopCount)
        unassigned = Set(0..<model.stopCount)
    }

    var cost: Double { routes.reduce(0) { $0 + $1.cost } }

    func score(_ model: FleetModel) -> FleetScore {
        FleetScore(
            unservedPriority: unassigned.reduce(0) { $0 + model.priority[$1] },
            unservedStops: unassigned.count, cost: cost)
    }

    /// Gives `vehicle` the stops `stops` in that order (stops it had and lost become unassigned
    /// unless another route takes them in the same move).
    mutating func setRoute(_ vehicle: Int, _ stops: [Int], _ model: FleetModel) {
        for stop in routes[vehicle].stops where routeOf[stop] == vehicle {
            routeOf[stop] = -1
            unassigned.insert(stop)
        }
        for (index, stop) in stops.enumerated() {
            routeOf[stop] = vehicle
            indexOf[stop] = index
            unassigned.remove(stop)
        }
        routes[vehicle].replace(stops, model)
    }

    /// Takes `removed` out of their routes; they become unassigned.
    mutating func remove(_ removed: [Int], _ model: FleetModel) {
        var byRoute: [Int: Set<Int>] = [:]
        for stop in removed where routeOf[stop] >= 0 { byRoute[routeOf[stop], default: []].insert(stop) }
        for (vehicle, gone) in byRoute.sorted(by: { $0.key < $1.key }) {
            setRoute(vehicle, routes[vehicle].stops.filter { !gone.contains($0) }, model)
        }
    }

    /// Serves `stop` with `vehicle` after node `p` (0 = right after the start).
    mutating func insert(_ stop: Int, vehicle: Int, after p: Int, _ model: FleetModel) {
        var stops = routes[vehicle].stops
        stops.insert(stop, at: p)
        setRoute(vehicle, stops, model)
    }
}
