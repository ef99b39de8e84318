/// How good a solution is: first the unserved priority and stops (fewer is better),
/// then the travel cost.
struct FleetScore: Comparable, Sendable {
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
///
/// The unserved stops are counted as routes change rather than kept in a set: the search
/// changes routes millions of times and reads the list only at the end.
struct FleetState {
    private(set) var routes: [RouteState]
    /// The vehicle serving each stop, or -1.
    private(set) var routeOf: [Int]
    /// Each served stop's index in its route's stops.
    private(set) var indexOf: [Int]
    /// The vehicles with at least one stop, in increasing order.
    private(set) var usedVehicles: [Int] = []
    /// The first empty vehicle of each class, in increasing order (``FirstEmptyVehicles``).
    private(set) var firstEmptyVehicles: [Int] = []
    /// Both lists merged, in increasing order: the vehicles a full insertion scan tries.
    private(set) var scanVehicles: [Int] = []
    private let vehicleClass: [Int]
    private let vehicleClassCount: Int
    /// Each route's cost by vehicle (read without touching the routes).
    private var routeCost: [Double]
    /// The stops not served, counted.
    private(set) var unservedStops: Int
    private var unservedPriority: Int
    /// During a trial: each changed route as it was before its first change, in the first
    /// `trialSavedCount` entries. The entries are refilled, not replaced: a route saved by
    /// sharing its arrays would copy them into new memory at its first change and free them at
    /// the trial's end, for every route a trial changes.
    private var trialSaved: [RouteState] = []
    private var trialSavedCount = 0
    private var trialUnserved = (stops: 0, priority: 0)
    private var inTrial = false

    init(_ model: FleetModel<some FleetTravel>) {
        routes = (0..<model.vehicleCount).map { RouteState(vehicle: $0, model: model) }
        routeOf = [Int](repeating: -1, count: model.stopCount)
        indexOf = [Int](repeating: -1, count: model.stopCount)
        routeCost = routes.map(\.cost)
        vehicleClass = model.vehicleClass
        vehicleClassCount = model.vehicleClassCount
        unservedStops = model.stopCount
        unservedPriority = model.priority.reduce(0, +)
        findFirstEmptyVehicles()
    }

    var cost: Double { routeCost.reduce(0, +) }

    /// The stops not served, in increasing order.
    var unassigned: [Int] { routeOf.indices.filter { routeOf[$0] < 0 } }

    /// The number of routes with at least one stop.
    var usedRouteCount: Int { usedVehicles.count }

    func score(_ model: FleetModel<some FleetTravel>) -> FleetScore {
        FleetScore(unservedPriority: unservedPriority, unservedStops: unservedStops, cost: cost)
    }

    /// Gives `vehicle` the stops `stops` in that order (stops it had and lost become unassigned
    /// unless another route takes them in the same move).
    mutating func setRoute(_ vehicle: Int, _ stops: [Int], _ model: FleetModel<some FleetTravel>) {
        saveForTrial(vehicle)
        for stop in routes[vehicle].stops where routeOf[stop] == vehicle { markUnserved(stop, model) }
        for stop in stops { markServed(stop, by: vehicle, model) }
        let wasUsed = !routes[vehicle].isEmpty
        routes[vehicle].replace(stops, model)
        noteStops(of: vehicle, from: 0, wasUsed: wasUsed)
    }

    /// `stop` leaves its route: it counts as unserved.
    private mutating func markUnserved(_ stop: Int, _ model: FleetModel<some FleetTravel>) {
        routeOf[stop] = -1
        unservedStops += 1
        unservedPriority += model.priority[stop]
    }

    /// `vehicle` serves `stop` (which may have been unserved, or on another route).
    private mutating func markServed(_ stop: Int, by vehicle: Int, _ model: FleetModel<some FleetTravel>) {
        if routeOf[stop] < 0 {
            unservedStops -= 1
            unservedPriority -= model.priority[stop]
        }
        routeOf[stop] = vehicle
    }

    /// Keeps `usedVehicles` up to date when `vehicle`'s route changes.
    private mutating func noteUse(of vehicle: Int, wasUsed: Bool, isUsed: Bool) {
        guard wasUsed != isUsed else { return }
        // Binary search: the first used vehicle not below `vehicle`.
        var low = 0, high = usedVehicles.count
        while low < high {
            let middle = (low + high) / 2
            if usedVehicles[middle] < vehicle { low = middle + 1 } else { high = middle }
        }
        if isUsed { usedVehicles.insert(vehicle, at: low) } else { usedVehicles.remove(at: low) }
        findFirstEmptyVehicles()
    }

    /// Walks the vehicles for ``firstEmptyVehicles`` again and merges ``scanVehicles`` (in the
    /// lists' own buffers). Merging here, when a route empties or fills, spares the insertion
    /// scan a merge per stop (a twentieth of RC101's search).
    private mutating func findFirstEmptyVehicles() {
        firstEmptyVehicles.removeAll(keepingCapacity: true)
        firstEmptyVehicles.append(
            contentsOf: FirstEmptyVehicles(usedVehicles: usedVehicles, vehicleClass: vehicleClass, classCount: vehicleClassCount))
        scanVehicles.removeAll(keepingCapacity: true)
        var nextEmpty = 0
        for used in usedVehicles {
            while nextEmpty < firstEmptyVehicles.count && firstEmptyVehicles[nextEmpty] < used {
                scanVehicles.append(firstEmptyVehicles[nextEmpty])
                nextEmpty += 1
            }
            scanVehicles.append(used)
        }
        scanVehicles.append(contentsOf: firstEmptyVehicles[nextEmpty...])
    }

    /// During a trial, keeps `vehicle`'s route as it was before its first change.
    private mutating func saveForTrial(_ vehicle: Int) {
        guard inTrial else { return }
        for k in 0..<trialSavedCount where trialSaved[k].vehicle == vehicle { return }
        // A new entry starts as a shared copy; refilling it gives it arrays of its own, so the
        // route's first change does not copy its arrays.
        if trialSavedCount == trialSaved.count { trialSaved.append(routes[vehicle]) }
        trialSaved[trialSavedCount].copyValues(of: routes[vehicle])
        trialSavedCount += 1
    }

    /// Takes `removed` out of their routes; they become unassigned.
    ///
    /// This and ``insert(_:vehicle:after:_:)`` change a route's stops in place (no new arrays
    /// per change: the search makes millions of them).
    mutating func remove(_ removed: [Int], _ model: FleetModel<some FleetTravel>) {
        // Few stops from few routes: plain arrays beat hashing here. Both lists are made once,
        // at their largest size: grown append by append (and one filtered list per route), they
        // cost X-n200-k36's search several allocations per ruin.
        var vehicles = [Int]()
        vehicles.reserveCapacity(removed.count)
        for stop in removed where routeOf[stop] >= 0 && !vehicles.contains(routeOf[stop]) { vehicles.append(routeOf[stop]) }
        var indices = [Int]()
        indices.reserveCapacity(removed.count)
        for vehicle in vehicles {
            saveForTrial(vehicle)
            // Where the route's removed stops are, in route order (read before they leave).
            indices.removeAll(keepingCapacity: true)
            for stop in removed where routeOf[stop] == vehicle { indices.append(indexOf[stop]) }
            indices.sort()
            for index in indices { markUnserved(routes[vehicle].stops[index], model) }
            routes[vehicle].removeStops(at: indices, model)
            noteStops(of: vehicle, from: indices[0], wasUsed: true)
        }
    }

    /// Serves `stop` with `vehicle` after node `p` (0 = right after the start).
    mutating func insert(_ stop: Int, vehicle: Int, after p: Int, _ model: FleetModel<some FleetTravel>) {
        saveForTrial(vehicle)
        markServed(stop, by: vehicle, model)
        let wasUsed = !routes[vehicle].isEmpty
        routes[vehicle].insertStop(stop, at: p, model)
        noteStops(of: vehicle, from: p, wasUsed: wasUsed)
    }

    /// After `vehicle`'s stops changed from index `first` on: their indices, the used
    /// vehicles and the route's cost.
    private mutating func noteStops(of vehicle: Int, from first: Int, wasUsed: Bool) {
        for index in first..<routes[vehicle].stops.count { indexOf[routes[vehicle].stops[index]] = index }
        noteUse(of: vehicle, wasUsed: wasUsed, isUsed: !routes[vehicle].isEmpty)
        routeCost[vehicle] = routes[vehicle].cost
    }

    /// Starts a trial: the changes from here on can be undone at the cost of the routes they
    /// touch, where a copy of the whole state would copy every vehicle's route (one vehicle
    /// per customer on CVRP benchmarks: hundreds, almost all empty).
    mutating func beginTrial() {
        trialSavedCount = 0
        trialUnserved = (unservedStops, unservedPriority)
        inTrial = true
    }

    /// Keeps the trial's changes.
    mutating func keepTrial() {
        trialSavedCount = 0
        inTrial = false
    }

    /// Undoes the trial's changes: the state is again what it was at ``beginTrial()``.
    mutating func undoTrial() {
        // The changed routes' stops lose their vehicle; the saved routes give theirs back,
        // and stops that were unserved before the trial stay unserved.
        for k in 0..<trialSavedCount {
            for stop in routes[trialSaved[k].vehicle].stops { routeOf[stop] = -1 }
        }
        for k in 0..<trialSavedCount {
            let vehicle = trialSaved[k].vehicle
            for (index, stop) in trialSaved[k].stops.enumerated() {
                routeOf[stop] = vehicle
                indexOf[stop] = index
            }
            routeCost[vehicle] = trialSaved[k].cost
            noteUse(of: vehicle, wasUsed: !routes[vehicle].stops.isEmpty, isUsed: !trialSaved[k].stops.isEmpty)
            // The changed route's arrays stay in the entry, to be refilled by the next trial.
            swap(&routes[vehicle], &trialSaved[k])
        }
        (unservedStops, unservedPriority) = trialUnserved
        trialSavedCount = 0
        inTrial = false
    }
}
