/// Where a stop would go most cheaply: which vehicle, after which node, at what extra cost.
struct Insertion {
    var vehicle: Int
    var after: Int
    var cost: Double
}

/// The cheapest of the routes' insertions offered, and the cost of the next cheapest route's
/// (what regret insertion weighs).
struct BestTwoInsertions {
    var best: Insertion?
    var second = Double.infinity

    /// Weighs one route's best insertion; routes are offered in vehicle order.
    @inline(__always)
    mutating func offer(_ candidate: Insertion) {
        if candidate.cost < (best?.cost ?? .infinity) {
            second = best?.cost ?? .infinity
            best = candidate
        } else if candidate.cost < second {
            second = candidate.cost
        }
    }
}

extension FleetState {
    /// The cheapest feasible insertions of `stop`, best and second best on another route
    /// (the second is what regret insertion weighs). Only one empty vehicle of each class
    /// is tried. `skip` may veto single positions (the "blinks" of ruin and recreate).
    ///
    /// Above ``FleetCandidates/fullNeighbourLimit`` stops only the positions next to the stop's
    /// ``FleetCandidates/insertionNeighbours`` nearest routed stops, and the empty vehicles,
    /// are tried; every position only when none of those fits. A full scan reads every
    /// position of every route for each stop: most of a large fleet's time went there.
    func bestInsertions(
        of stop: Int, _ model: FleetModel<some FleetTravel>, skip: () -> Bool = { false }
    ) -> (best: Insertion?, secondCost: Double) {
        if model.stopCount > FleetCandidates.fullNeighbourLimit {
            let near = granularInsertions(of: stop, model, skip: skip)
            if near.best != nil { return near }
        }
        // Problems with capacity dimensions, route limits, costs or breaks check a route's
        // other dimensions once before its positions; the plain loop stays as it was.
        if model.hasExtras {
            return bestOverVehicles(of: stop, model) { vehicle in
                let route = routes[vehicle]
                guard route.load + model.items[stop] <= model.capacity[vehicle], route.fitsAmounts(of: stop, model) else { return nil }
                return route.bestPosition(of: stop, model, skip: skip)
            }
        }
        return bestOverVehicles(of: stop, model) { vehicle in
            // Indexing (not `let route = routes[vehicle]`) reads the route in place instead of copying it.
            // A full route needs no look at its positions (no blinks are drawn for it either).
            guard routes[vehicle].load + model.items[stop] <= model.capacity[vehicle] else { return nil }
            return routes[vehicle].bestPosition(of: stop, model, skip: skip)
        }
    }

    /// ``bestInsertions(of:_:skip:)`` over the positions before and after the stop's nearest
    /// routed stops, and in the first empty vehicle of each class; best and second best on
    /// different routes.
    private func granularInsertions(
        of stop: Int, _ model: FleetModel<some FleetTravel>, skip: () -> Bool
    ) -> (best: Insertion?, secondCost: Double) {
        var bestByRoute: [Insertion] = []
        bestByRoute.reserveCapacity(2 * FleetCandidates.insertionNeighbours)
        for neighbour in model.neighbours[stop].prefix(FleetCandidates.insertionNeighbours) where routeOf[neighbour] >= 0 {
            // Node p + 1 of a route is its stop p: the neighbour's own node is indexOf + 1.
            offer(stop, routeOf[neighbour], after: indexOf[neighbour], model, skip: skip, into: &bestByRoute)
            offer(stop, routeOf[neighbour], after: indexOf[neighbour] + 1, model, skip: skip, into: &bestByRoute)
        }
        for vehicle in firstEmptyVehicles(model) { offer(stop, vehicle, after: 0, model, skip: skip, into: &bestByRoute) }
        bestByRoute.sort { $0.vehicle < $1.vehicle }
        var chosen = BestTwoInsertions()
        for candidate in bestByRoute { chosen.offer(candidate) }
        return (chosen.best, chosen.second)
    }

    /// Keeps inserting `stop` into `vehicle`'s route after node `p` in `bestByRoute` when it
    /// fits and is that route's cheapest so far.
    @inline(__always)
    private func offer(
        _ stop: Int, _ vehicle: Int, after p: Int, _ model: FleetModel<some FleetTravel>, skip: () -> Bool,
        into bestByRoute: inout [Insertion]
    ) {
        guard model.canServe[vehicle * model.stopCount + stop], !skip() else { return }
        // Indexing reads the route in place; `let route = routes[vehicle]` would copy it.
        if model.hasExtras && !routes[vehicle].fitsAmounts(of: stop, model) { return }
        guard let extra = routes[vehicle].insertionCost(of: stop, after: p, model) else { return }
        if let known = bestByRoute.firstIndex(where: { $0.vehicle == vehicle }) {
            if extra < bestByRoute[known].cost { bestByRoute[known] = Insertion(vehicle: vehicle, after: p, cost: extra) }
        } else {
            bestByRoute.append(Insertion(vehicle: vehicle, after: p, cost: extra))
        }
    }

    /// The best and second-best of `routeBest` over the vehicles a stop may go to, in vehicle
    /// order: every used one, and the first empty vehicle of each class (any other empty
    /// vehicle of the class would do the same). Walking the two short lists beats scanning
    /// every vehicle: CVRP benchmarks give one vehicle per customer, so most are empty.
    @inline(__always)
    private func bestOverVehicles(
        of stop: Int, _ model: FleetModel<some FleetTravel>, _ routeBest: (Int) -> Insertion?
    ) -> (best: Insertion?, secondCost: Double) {
        var chosen = BestTwoInsertions()
        let empties = firstEmptyVehicles(model)
        var nextUsed = 0, nextEmpty = 0
        while nextUsed < usedVehicles.count || nextEmpty < empties.count {
            let vehicle: Int
            if nextEmpty == empties.count || (nextUsed < usedVehicles.count && usedVehicles[nextUsed] < empties[nextEmpty]) {
                vehicle = usedVehicles[nextUsed]
                nextUsed += 1
            } else {
                vehicle = empties[nextEmpty]
                nextEmpty += 1
            }
            guard model.canServe[vehicle * model.stopCount + stop], let candidate = routeBest(vehicle) else { continue }
            chosen.offer(candidate)
        }
        return (chosen.best, chosen.second)
    }

    /// The first empty vehicle of each class, in vehicle order.
    func firstEmptyVehicles(_ model: FleetModel<some FleetTravel>) -> [Int] {
        var found: [Int] = []
        var seen: UInt64 = 0  // classes below 64; later ones are looked up in `found`
        var vehicle = 0
        while vehicle < routes.count && found.count < model.vehicleClassCount {
            defer { vehicle += 1 }
            guard routes[vehicle].isEmpty else { continue }
            let vehicleClass = model.vehicleClass[vehicle]
            if vehicleClass < 64 {
                let bit: UInt64 = 1 << UInt64(vehicleClass)
                if seen & bit != 0 { continue }
                seen |= bit
            } else if found.contains(where: { model.vehicleClass[$0] == vehicleClass }) {
                continue
            }
            found.append(vehicle)
        }
        return found
    }
}

/// The first solution: regret insertion. Each round serves the stop that would lose most
/// by waiting (highest priority first, then the largest gap between its best and second
/// best route), so awkward stops are placed while there is still room for them.
///
/// A round looks at every pending stop on every route, so thousands of stops take
/// seconds (2,000 German places and 25 vans: 7–8 s in a release build). Past `deadline`
/// the stops still pending are inserted at their cheapest place one by one instead.
enum RegretInsertion {
    static func build(_ model: FleetModel<some FleetTravel>, until deadline: ContinuousClock.Instant? = nil) -> FleetState {
        var state = FleetState(model)
        var pending = Array(0..<model.stopCount)
        while !pending.isEmpty {
            if SearchStop.isDue(deadline) {
                // Cancelled, the answer is dropped: the stops left need no place.
                if !Task.isCancelled { insertCheapest(pending, into: &state, model) }
                break
            }
            var chosen: (index: Int, insertion: Insertion, priority: Int, regret: Double)?
            var placeable: [Int] = []
            for (index, stop) in pending.enumerated() {
                let (best, second) = state.bestInsertions(of: stop, model)
                guard let best else { continue }
                placeable.append(stop)
                let regret = second.isFinite ? second - best.cost : .greatestFiniteMagnitude
                let priority = model.priority[stop]
                if let current = chosen,
                    (current.priority, current.regret, -current.insertion.cost) >= (priority, regret, -best.cost)
                {
                    continue
                }
                chosen = (index, best, priority, regret)
            }
            guard let chosen else { break }
            let stop = pending[chosen.index]
            state.insert(stop, vehicle: chosen.insertion.vehicle, after: chosen.insertion.after, model)
            pending = placeable.filter { $0 != stop }
        }
        return state
    }

    /// Inserts `stops` at their cheapest places, highest priority first, then the farthest
    /// from the first vehicle's start first (far stops placed first shape the routes, as in
    /// the search's recreate step; the file's order would scatter them).
    private static func insertCheapest(_ stops: [Int], into state: inout FleetState, _ model: FleetModel<some FleetTravel>) {
        let depot = model.startPlace[0]
        let ordered = stops.sorted {
            let (a, b) = (model.cost(depot, model.stopPlace[$0]), model.cost(depot, model.stopPlace[$1]))
            return (model.priority[$0], a, -$0) > (model.priority[$1], b, -$1)
        }
        for stop in ordered {
            if let best = state.bestInsertions(of: stop, model).best {
                state.insert(stop, vehicle: best.vehicle, after: best.after, model)
            }
        }
    }
}

/// The recreate step: insert stops one by one at their cheapest feasible place, in the
/// given order, sometimes skipping a position (blinks) so repeated runs differ.
enum GreedyInsertion {
    static func insert(
        _ stops: [Int], into state: inout FleetState, _ model: FleetModel<some FleetTravel>,
        random: inout RandomSource, blinkRate: Double
    ) {
        let threshold = UInt64(blinkRate * Double(UInt64.max >> 11))
        for stop in stops {
            let (best, _) = state.bestInsertions(of: stop, model) { (random.next() >> 11) < threshold }
            if let best { state.insert(stop, vehicle: best.vehicle, after: best.after, model) }
        }
    }
}
