/// Where a stop would go most cheaply: which vehicle, after which node, at what extra cost.
struct Insertion {
    var vehicle: Int
    var after: Int
    var cost: Double
}

/// The cheapest of the routes' insertions offered (the lowest vehicle of equal ones), and
/// the cost of the next cheapest route's (what regret insertion weighs). The answer does not
/// depend on the order routes are offered in, so regret insertion may offer a changed route's
/// insertion to what it found before.
struct BestTwoInsertions {
    var best: Insertion?
    var second = Double.infinity
    /// The vehicle whose insertion costs `second` (-1: none).
    var secondVehicle = -1
    /// Found among the positions next to the stop's nearest routed stops (see
    /// ``FleetState/bestInsertions(of:_:blinks:)``), not by a scan of every position.
    var isGranular = false

    /// Weighs one route's best insertion (one per route).
    @inline(__always)
    mutating func offer(_ candidate: Insertion) {
        if let best, (candidate.cost, candidate.vehicle) >= (best.cost, best.vehicle) {
            if candidate.cost < second { (second, secondVehicle) = (candidate.cost, candidate.vehicle) }
        } else {
            (second, secondVehicle) = (best?.cost ?? .infinity, best?.vehicle ?? -1)
            best = candidate
        }
    }

    /// True when the best or the second insertion is in `vehicle`'s route.
    func involves(_ vehicle: Int) -> Bool { best?.vehicle == vehicle || secondVehicle == vehicle }
}

extension FleetState {
    /// The cheapest feasible insertions of `stop`, best and second best on another route
    /// (the second is what regret insertion weighs). Only one empty vehicle of each class
    /// is tried. `blinks` may skip single positions.
    ///
    /// Above ``FleetCandidates/fullNeighbourLimit`` stops only the positions next to the stop's
    /// ``FleetCandidates/insertionNeighbours`` nearest routed stops, and the empty vehicles,
    /// are tried; every position only when none of those fits. A full scan reads every
    /// position of every route for each stop: most of a large fleet's time went there.
    func bestInsertions(
        of stop: Int, _ model: FleetModel<some FleetTravel>, blinks: inout Blinks
    ) -> BestTwoInsertions {
        if model.stopCount > FleetCandidates.fullNeighbourLimit {
            var near = granularInsertions(of: stop, model, blinks: &blinks)
            near.isGranular = true
            if near.best != nil { return near }
        }
        if model.onlyShiftsLimitTimes { return bestOverVehiclesUnderShift(of: stop, model, blinks: &blinks) }
        return bestOverVehicles(of: stop, model, underShift: false, blinks: &blinks)
    }

    /// ``bestInsertions(of:_:blinks:)`` with no position skipped.
    func bestInsertions(of stop: Int, _ model: FleetModel<some FleetTravel>) -> BestTwoInsertions {
        var none = Blinks.none
        return bestInsertions(of: stop, model, blinks: &none)
    }

    /// `stop`'s cheapest position in `vehicle`'s route, every position tried; nil when the
    /// route has no room for it. A full route needs no look at its positions (no blinks are
    /// drawn for it either); problems with capacity dimensions, route limits, costs or breaks
    /// check the route's other dimensions once before its positions. Positions costing `limit`
    /// or more may count as none (see ``RouteState/bestPosition(of:_:cheaperThan:blinks:)``).
    /// `underShift` is ``FleetModel/onlyShiftsLimitTimes``, a constant where the scan is inlined:
    /// each kind of problem gets a loop of its own.
    @inline(__always)
    private func scanPositions(
        of inserted: InsertedStop, in vehicle: Int, _ model: FleetModel<some FleetTravel>, cheaperThan limit: Double,
        underShift: Bool, blinks: inout Blinks
    ) -> Insertion? {
        // Indexing (not `let route = routes[vehicle]`) reads the route in place instead of copying it.
        // The room is checked here, by the loop's own vehicle (the scans below leave it to their
        // caller; `bestPosition`, which answers alone in tests, checks it too). The stop is read
        // once per stop by the caller. A load plus another stop's items is at most all stops'
        // items, which `FleetProblem` keeps within `Int`: no overflow check.
        guard routes[vehicle].load &+ inserted.items <= model.capacity[vehicle] else { return nil }
        if model.hasExtras && !routes[vehicle].fitsAmounts(of: inserted.stop, model) { return nil }
        if underShift { return routes[vehicle].bestPositionUnderShift(of: inserted, model, cheaperThan: limit, blinks: &blinks) }
        return routes[vehicle].bestPositionByLatest(of: inserted, model, cheaperThan: limit, blinks: &blinks)
    }

    /// ``bestInsertions(of:_:blinks:)`` over the positions before and after the stop's nearest
    /// routed stops, and in the first empty vehicle of each class; best and second best on
    /// different routes.
    private func granularInsertions(
        of stop: Int, _ model: FleetModel<some FleetTravel>, blinks: inout Blinks
    ) -> BestTwoInsertions {
        var bestByRoute: [Insertion] = []
        bestByRoute.reserveCapacity(2 * FleetCandidates.insertionNeighbours)
        for neighbour in model.neighbours[stop].prefix(FleetCandidates.insertionNeighbours) where routeOf[neighbour] >= 0 {
            // Node p + 1 of a route is its stop p: the neighbour's own node is indexOf + 1.
            offer(stop, routeOf[neighbour], after: indexOf[neighbour], model, blinks: &blinks, into: &bestByRoute)
            offer(stop, routeOf[neighbour], after: indexOf[neighbour] + 1, model, blinks: &blinks, into: &bestByRoute)
        }
        for vehicle in firstEmptyVehicles { offer(stop, vehicle, after: 0, model, blinks: &blinks, into: &bestByRoute) }
        var chosen = BestTwoInsertions()
        for candidate in bestByRoute { chosen.offer(candidate) }
        return chosen
    }

    /// `stop`'s cheapest insertion into `vehicle`'s route alone, as ``bestInsertions(of:_:blinks:)``
    /// weighs that route: next to the stop's nearest stops in it when `granular`, else at
    /// every position (nil for a vehicle that cannot serve the stop or has no room).
    func bestInsertion(of stop: Int, into vehicle: Int, granular: Bool, _ model: FleetModel<some FleetTravel>) -> Insertion? {
        guard model.serves(vehicle, stop) else { return nil }
        guard granular else {
            var none = Blinks.none
            return scanPositions(
                of: InsertedStop(stop, model), in: vehicle, model, cheaperThan: .infinity,
                underShift: model.onlyShiftsLimitTimes, blinks: &none)
        }
        if model.hasExtras && !routes[vehicle].fitsAmounts(of: stop, model) { return nil }
        var best: Insertion?
        for neighbour in model.neighbours[stop].prefix(FleetCandidates.insertionNeighbours) where routeOf[neighbour] == vehicle {
            for p in indexOf[neighbour]...indexOf[neighbour] + 1 {
                guard let extra = routes[vehicle].insertionCost(of: stop, after: p, model), extra < (best?.cost ?? .infinity) else { continue }
                best = Insertion(vehicle: vehicle, after: p, cost: extra)
            }
        }
        return best
    }

    /// Keeps inserting `stop` into `vehicle`'s route after node `p` in `bestByRoute` when it
    /// fits and is that route's cheapest so far.
    @inline(__always)
    private func offer(
        _ stop: Int, _ vehicle: Int, after p: Int, _ model: FleetModel<some FleetTravel>, blinks: inout Blinks,
        into bestByRoute: inout [Insertion]
    ) {
        guard model.serves(vehicle, stop), !blinks.skipsNext() else { return }
        // Indexing reads the route in place; `let route = routes[vehicle]` would copy it.
        if model.hasExtras && !routes[vehicle].fitsAmounts(of: stop, model) { return }
        guard let extra = routes[vehicle].insertionCost(of: stop, after: p, model) else { return }
        if let known = bestByRoute.firstIndex(where: { $0.vehicle == vehicle }) {
            if extra < bestByRoute[known].cost { bestByRoute[known] = Insertion(vehicle: vehicle, after: p, cost: extra) }
        } else {
            bestByRoute.append(Insertion(vehicle: vehicle, after: p, cost: extra))
        }
    }

    /// The best and second-best of the routes' cheapest positions over the vehicles a stop may
    /// go to, in vehicle order (``FleetState/scanVehicles``): every used one, and the first empty
    /// vehicle of each class (any other empty vehicle of the class would do the same). Walking
    /// that short list beats scanning every vehicle: CVRP benchmarks give one vehicle per
    /// customer, so most are empty.
    ///
    /// A route's scan may answer nil when its best costs the second best so far or more, which
    /// such an insertion would not change: its positions then need no time check.
    @inline(__always)
    private func bestOverVehicles(
        of stop: Int, _ model: FleetModel<some FleetTravel>, underShift: Bool, blinks: inout Blinks
    ) -> BestTwoInsertions {
        var chosen = BestTwoInsertions()
        let inserted = InsertedStop(stop, model)
        for vehicle in scanVehicles {
            // A direct call (no closure per route): `scanPositions` is inlined, so a full route
            // costs its capacity check only. The closure's call was a tenth of a CVRP search
            // (most of X-n200-k36's routes are full for most stops).
            guard model.serves(vehicle, stop),
                let candidate = scanPositions(
                    of: inserted, in: vehicle, model, cheaperThan: chosen.second, underShift: underShift, blinks: &blinks)
            else { continue }
            chosen.offer(candidate)
        }
        return chosen
    }

    /// ``bestOverVehicles(of:_:underShift:blinks:)`` when shifts alone limit the times, compiled
    /// apart: one scan with both kinds of check cost RC101 2 % more instructions.
    @inline(never)
    private func bestOverVehiclesUnderShift(
        of stop: Int, _ model: FleetModel<some FleetTravel>, blinks: inout Blinks
    ) -> BestTwoInsertions {
        bestOverVehicles(of: stop, model, underShift: true, blinks: &blinks)
    }
}

/// The recreate step: insert stops one by one at their cheapest feasible place, in the
/// given order, sometimes skipping a position (blinks) so repeated runs differ.
enum GreedyInsertion {
    static func insert(
        _ stops: [Int], into state: inout FleetState, _ model: FleetModel<some FleetTravel>,
        random: inout RandomSource, blinkRate: Double
    ) {
        var blinks = Blinks(rate: blinkRate, random: random)
        defer { random = blinks.random }
        for stop in stops {
            if let best = state.bestInsertions(of: stop, model, blinks: &blinks).best { state.insert(stop, vehicle: best.vehicle, after: best.after, model) }
        }
    }
}
