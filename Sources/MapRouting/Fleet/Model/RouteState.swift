/// One vehicle's route with what the feasibility checks need, by node position
/// (0 = the start, 1...count = the stops, count + 1 = the end):
/// the cumulative cost and load, the earliest departure (forward pass) and the latest
/// arrival that keeps the rest of the route on time (backward pass).
///
/// With these, inserting a stop between two nodes is checked in constant time.
///
/// Problems with other capacity dimensions, route limits or costs (`model.hasExtras`) also
/// keep the load by dimension, the distance, the route's start time and the waits from each
/// node on (a delay reaching node p ends the route `max(0, delay - waitFrom[p])` later), so
/// those stay constant-time checks; other problems skip that work.
struct RouteState {
    private(set) var vehicle: Int
    private(set) var stops: [Int]
    /// Cost from the start to node p.
    private(set) var costTo: [Double]
    /// Earliest departure from node p (at the end: the arrival). This and `latest` stay empty
    /// on problems without times (``FleetModel/keepsTimes``).
    private(set) var departure: [Double]
    /// Latest arrival at node p from which the rest of the route is on time (empty with shifts
    /// alone: ``FleetModel/keepsLatestArrivals``). With
    /// `model.hasExtras` its tail, past the end node, holds the extras (see `extra(_:)`):
    /// kept in this buffer, a route copies as cheaply as on problems without them, where
    /// the search copies routes millions of times.
    private(set) var latest: [Double]
    private(set) var load: Int
    /// False when the route breaks a time window, the shift, a capacity or a route limit.
    private(set) var isFeasible: Bool
    /// The objective cost (money with vehicle costs; else the sum of the legs, `costTo`'s last).
    private(set) var cost: Double

    init(vehicle: Int, stops: [Int] = [], model: FleetModel<some FleetTravel>) {
        self.vehicle = vehicle
        self.stops = stops
        costTo = []
        departure = []
        latest = []
        load = 0
        isFeasible = true
        cost = 0
        update(model)
    }

    var isEmpty: Bool { stops.isEmpty }
    /// The sum of the legs' costs (the candidates' cost; equal to `cost` without vehicle costs).
    var legCost: Double { costTo[costTo.count - 1] }
    /// With `model.hasExtras`, extra k past the end node in `latest`: 0 the distance in metres,
    /// 1 when the route starts (leaving as late as the first stop allows), 2..<2 + dimensions
    /// the load by dimension, then the waits at nodes p...end for p = 0...count + 1; for a
    /// feasible route of a vehicle with breaks, then its walk (``KnownWalk``).
    @inline(__always) private func extra(_ k: Int) -> Double { latest[stops.count + 2 + k] }
    /// With `model.hasExtras`: the distance in metres.
    var distance: Double { extra(0) }
    /// With `model.hasExtras`: when the route starts (leaving as late as the first stop allows).
    var startTime: Double { extra(1) }
    /// With `model.hasExtras`: the load in dimension d.
    @inline(__always) func load(_ d: Int) -> Double { extra(2 + d) }
    /// With `model.hasExtras`: the waits at nodes p...end (`dimensions` = the model's count).
    @inline(__always) func waitFrom(_ p: Int, dimensions: Int) -> Double { extra(2 + dimensions + p) }
    /// With `model.hasExtras`: from the start to the end (or the last stop's departure),
    /// waits and service included.
    var duration: Double { departure[departure.count - 1] - startTime }

    /// The place of node p.
    @inline(__always) func place(_ p: Int, _ model: FleetModel<some FleetTravel>) -> Int {
        p == 0 ? model.startPlace[vehicle] : p > stops.count ? model.endPlace[vehicle] : model.stopPlace[stops[p - 1]]
    }

    /// Becomes equal to `other`, in its own arrays: kept (not reallocated) when they are its
    /// alone and large enough. Copies every stored property: one added to the type belongs here
    /// too (the trial undo test compares them all).
    mutating func copyValues(of other: RouteState) {
        vehicle = other.vehicle
        Self.refill(&stops, other.stops)
        Self.refill(&costTo, other.costTo)
        Self.refill(&departure, other.departure)
        Self.refill(&latest, other.latest)
        load = other.load
        isFeasible = other.isFeasible
        cost = other.cost
    }

    private static func refill<Element>(_ values: inout [Element], _ source: [Element]) {
        values.removeAll(keepingCapacity: true)
        values.append(contentsOf: source)
    }

    /// Replaces the stops and recomputes the passes.
    mutating func replace(_ newStops: [Int], _ model: FleetModel<some FleetTravel>) {
        stops = newStops
        update(model)
    }

    /// Serves `stop` at index `index` of the stops, in place, and recomputes the passes.
    mutating func insertStop(_ stop: Int, at index: Int, _ model: FleetModel<some FleetTravel>) {
        Self.insert(stop, at: index, into: &stops)
        guard isFeasible, !model.hasExtras else { return update(model) }
        // The new node is index + 1: the forward pass before it and the backward pass after it
        // are the same sums as before, shifted by one node, so only the rest is recomputed
        // (the same arithmetic in the same order: the same bits as a full pass).
        let node = index + 1
        Self.insert(0, at: node, into: &costTo)
        if model.keepsTimes { Self.insert(0, at: node, into: &departure) }
        if model.keepsLatestArrivals { Self.insert(0, at: node, into: &latest) }
        load += model.items[stop]
        passes(model, forwardFrom: node, backwardFrom: node)
    }

    /// Drops the stops at `indices` (increasing, at least one), in place, and recomputes the passes.
    mutating func removeStops(at indices: [Int], _ model: FleetModel<some FleetTravel>) {
        for index in indices { load -= model.items[stops[index]] }
        Self.remove(at: indices, shiftedBy: 0, from: &stops)
        guard isFeasible, !model.hasExtras else { return update(model) }
        // As after an insertion, only the passes that change are recomputed: the forward pass
        // from where the first removed stop was, the backward pass from the node before the
        // route's unchanged end.
        Self.remove(at: indices, shiftedBy: 1, from: &costTo)
        if model.keepsTimes { Self.remove(at: indices, shiftedBy: 1, from: &departure) }
        if model.keepsLatestArrivals { Self.remove(at: indices, shiftedBy: 1, from: &latest) }
        passes(model, forwardFrom: indices[0] + 1, backwardFrom: indices[indices.count - 1] + 1 - indices.count)
    }

    /// `values` with `value` inserted at `index`, the tail moved by hand: `Array.insert(_:at:)`
    /// goes through the general `replaceSubrange`, 3 % of a fleet search on these short arrays.
    private static func insert<Element>(_ value: Element, at index: Int, into values: inout [Element]) {
        values.append(value)
        values.withUnsafeMutableBufferPointer { buffer in
            var position = buffer.count - 1
            while position > index {
                buffer[position] = buffer[position - 1]
                position -= 1
            }
            buffer[index] = value
        }
    }

    /// `values` without the entries at `indices` + `shift` (increasing), in one pass over the
    /// tail instead of one `remove(at:)` each.
    private static func remove<Element>(at indices: [Int], shiftedBy shift: Int, from values: inout [Element]) {
        let kept = values.withUnsafeMutableBufferPointer { buffer in
            var kept = indices[0] + shift
            var next = 0
            for position in kept..<buffer.count {
                if next < indices.count && indices[next] + shift == position {
                    next += 1
                } else {
                    buffer[kept] = buffer[position]
                    kept += 1
                }
            }
            return kept
        }
        // One at a time: `removeLast(_:)` also goes through `replaceSubrange`.
        while values.count > kept { values.removeLast() }
    }

    private mutating func update(_ model: FleetModel<some FleetTravel>) {
        let count = stops.count
        // Refilled in place: a route changed several times keeps its buffers.
        Self.resize(&costTo, count + 2)
        costTo[0] = 0
        // Without times (``FleetModel/keepsTimes``) both lists stay empty: nothing reads them.
        if model.keepsTimes {
            Self.resize(&departure, count + 2)
            departure[0] = model.shiftStart[vehicle]
        }
        if model.keepsLatestArrivals { Self.resize(&latest, count + 2) }
        load = 0
        for stop in stops { load += model.items[stop] }
        passes(model, forwardFrom: 1, backwardFrom: count)
        if model.hasExtras { updateExtras(model) }
    }

    /// The forward pass from node `forwardFrom` to the end and, where the model keeps latest
    /// arrivals, the backward pass from node `backwardFrom` to the start. The nodes before
    /// `forwardFrom` are known and on time, those after `backwardFrom` known; so is `load`.
    private mutating func passes(_ model: FleetModel<some FleetTravel>, forwardFrom first: Int, backwardFrom last: Int) {
        guard model.keepsTimes else { return costPass(model, forwardFrom: first) }
        let count = stops.count
        var previous = place(first - 1, model)
        // The stops, then the end: no branch per node on its kind (the passes are a fifth of a
        // search on long routes). A start that is not finite (every window closed, no way
        // there) makes every later departure infinite, so the end's departure tells whether
        // the route is on time: no check per node.
        for p in first..<(count + 1) {
            let stop = stops[p - 1]
            let here = model.stopPlace[stop]
            costTo[p] = costTo[p - 1] + model.cost(previous, toPlace: here)
            let arrival = departure[p - 1] + model.time(previous, toPlace: here)
            // Without windows service starts on arrival: no stop's window list is read.
            let start = model.hasWindows ? model.serviceStart(stop, arrival: arrival) : arrival
            departure[p] = start + model.service[stop]
            previous = here
        }
        let end = model.endPlace[vehicle]
        costTo[count + 1] = costTo[count] + model.cost(previous, end)
        let endDeparture = departure[count] + model.time(previous, end)
        departure[count + 1] = endDeparture
        isFeasible = endDeparture.isFinite && endDeparture <= model.shiftEnd[vehicle] && load <= model.capacity[vehicle]
        cost = costTo[count + 1]
        guard model.keepsLatestArrivals else { return }
        latest[count + 1] = model.shiftEnd[vehicle]
        var next = place(last + 1, model)
        for p in stride(from: last, through: 1, by: -1) {
            let stop = stops[p - 1]
            let here = model.stopPlace[stop]
            let latestStart = latest[p + 1] - model.time(here, next) - model.service[stop]
            latest[p] = model.latestArrival(stop, latestStart: latestStart)
            next = here
        }
        latest[0] = latest[1] - model.time(model.startPlace[vehicle], place(1, model))
    }

    /// The forward pass of the costs alone, for problems whose routes keep no times
    /// (``FleetModel/keepsTimes``): their departures and latest arrivals are then not read. On
    /// CVRP the time passes were two thirds of the passes' work (a tenth of X-n200-k36's search).
    private mutating func costPass(_ model: FleetModel<some FleetTravel>, forwardFrom first: Int) {
        let count = stops.count
        var previous = place(first - 1, model)
        for p in first..<(count + 1) {
            let here = model.stopPlace[stops[p - 1]]
            costTo[p] = costTo[p - 1] + model.cost(previous, toPlace: here)
            previous = here
        }
        costTo[count + 1] = costTo[count] + model.cost(previous, model.endPlace[vehicle])
        cost = costTo[count + 1]
        isFeasible = cost.isFinite && load <= model.capacity[vehicle]
    }

    /// Loads by dimension, distance, start time and waits; the route limits; the money cost.
    @inline(never) private mutating func updateExtras(_ model: FleetModel<some FleetTravel>) {
        let count = stops.count, dimensions = model.dimensionCount
        let base = count + 2
        latest.append(contentsOf: repeatElement(0, count: 2 + dimensions + count + 2))
        for stop in stops {
            for d in 0..<dimensions { latest[base + 2 + d] += model.amount(stop * dimensions + d) }
        }
        for d in 0..<dimensions where !model.fits(load(d), model.limit(vehicle * dimensions + d)) { isFeasible = false }
        var distance = 0.0
        var previous = model.startPlace[vehicle]
        for p in 1...(count + 1) {
            let here = place(p, model)
            distance += model.distance(previous, here)
            previous = here
        }
        latest[base] = distance
        let waits = base + 2 + dimensions
        for p in stride(from: count, through: 1, by: -1) {
            let arrival = departure[p - 1] + model.time(place(p - 1, model), place(p, model))
            let wait = departure[p] - model.service[stops[p - 1]] - arrival
            latest[waits + p] = latest[waits + p + 1] + (wait.isFinite ? max(wait, 0) : 0)
        }
        latest[base + 1] = model.shiftStart[vehicle]
        if count > 0, model.takesBreaks(vehicle) {
            // Breaks: the times come from the full timeline, whose walk is kept for insertions.
            var none: Timeline? = nil
            var walk: [Double]? = []
            guard let timeline = Self.breakSpan(stops, vehicle: vehicle, model, record: &none, walk: &walk),
                timeline.end <= model.shiftEnd[vehicle], model.fits(timeline.end - timeline.start, model.maxDuration(vehicle)),
                model.fits(distance, model.maxDistance(vehicle))
            else {
                isFeasible = false
                return
            }
            latest.append(contentsOf: walk!)
            latest[base + 1] = timeline.start
            if model.isMoney { cost = model.moneyCost(vehicle, distance: distance, duration: timeline.end - timeline.start) }
            return
        }
        if count > 0 {
            let travel = model.time(model.startPlace[vehicle], place(1, model))
            latest[base + 1] = max(latest[base + 1], departure[1] - model.service[stops[0]] - travel)
            if !model.fits(duration, model.maxDuration(vehicle)) || !model.fits(distance, model.maxDistance(vehicle)) {
                isFeasible = false
            }
        }
        if model.isMoney { cost = count == 0 ? 0 : model.moneyCost(vehicle, distance: distance, duration: duration) }
    }

    /// `count` values, in the array's own buffer when it has room and nobody shares it. Only
    /// entries past the old count are zeroed: the passes write every node's entry.
    private static func resize(_ values: inout [Double], _ count: Int) {
        if values.count > count {
            values.removeLast(values.count - count)
        } else if values.count < count {
            values.append(contentsOf: repeatElement(0, count: count - values.count))
        }
    }

    /// The cheapest feasible position for `stop` (the first of equal ones), or nil;
    /// `blinks` may skip single positions. Without extras, positions costing `limit` or more
    /// are not checked and count as none (the caller has a cheaper one elsewhere); with them,
    /// `limit` is not used.
    @inline(__always) func bestPosition(
        of stop: Int, _ model: FleetModel<some FleetTravel>, cheaperThan limit: Double = .infinity, blinks: inout Blinks
    ) -> Insertion? {
        let inserted = InsertedStop(stop, model)
        guard load + inserted.items <= model.capacity[vehicle] else { return nil }
        if model.onlyShiftsLimitTimes { return bestPositionUnderShift(of: inserted, model, cheaperThan: limit, blinks: &blinks) }
        return bestPositionByLatest(of: inserted, model, cheaperThan: limit, blinks: &blinks)
    }

    /// ``bestPosition(of:_:cheaperThan:blinks:)`` unless shifts alone limit the times: the
    /// positions checked by latest arrivals, or with no times at all, or with extras. The
    /// caller has checked that the route has room for the stop's items.
    @inline(__always) func bestPositionByLatest(
        of inserted: InsertedStop, _ model: FleetModel<some FleetTravel>, cheaperThan limit: Double, blinks: inout Blinks
    ) -> Insertion? {
        let stop = inserted.stop
        // Problems without extras scan with no call the optimiser cannot see into: one such
        // call in the loop made it copy the route (retain and release its four arrays) per
        // scan, a fifth of a CVRP search's time.
        if model.hasExtras { return bestExtendedPosition(of: stop, model, blinks: &blinks) }
        // One walk over the route's places; the window bounds first (no travel read), then the
        // detour: only a position cheaper than the best so far needs the full time check.
        var draws = blinks
        defer { blinks = draws }
        let here = inserted.place
        var best: Insertion?
        var bestCost = limit
        var from = model.startPlace[vehicle]
        // Two bounds that need no travel time pass over positions that cannot be on time (most
        // of a tight VRPTW route's, which cost the full time check each: three quarters of
        // RC101's scanned positions were cheaper than the best so far). Departures only grow
        // along a route: once the vehicle leaves node p after the stop's last window has
        // closed, no later position is on time either. And service that ends no earlier
        // than the first window's opening plus the service time must still reach node p + 1
        // by its latest arrival. Both are read before the detour's three costs (three in five
        // of RC101's positions fail them), and only for a stop with windows: without, they
        // cannot fail.
        let (lastClosing, earliestEnd, hasWindows) = (inserted.lastClosing, inserted.earliestEnd, inserted.hasWindows)
        // Keeps the insertion after node p when it is the cheapest so far and on time.
        func consider(_ p: Int, from leaving: Int, to: Int, detour extra: Double) {
            // The blink is drawn last: only a position that would be the best so far needs
            // one (skipping any other changes nothing), a draw per few scans instead of per position.
            // Below `bestCost` only -infinity is not finite, as in the shift loop (RC101 −2.5 %).
            guard extra < bestCost, -.infinity < extra,
                serviceStartByLatest(ofInserted: inserted, after: p, from: leaving, to: to, model) != nil, !draws.skipsNext()
            else { return }
            best = Insertion(vehicle: vehicle, after: p, cost: extra)
            bestCost = extra
        }
        // Up to the last stop both nodes are places: their costs are read without the check
        // for an open route's end (-1), whose position comes last.
        for p in 0..<stops.count {
            if hasWindows && departure[p] > lastClosing { return best }
            let to = model.stopPlace[stops[p]]
            let leaving = from
            from = to
            if hasWindows && earliestEnd > latest[p + 1] { continue }
            consider(p, from: leaving, to: to, detour: Self.detour(leaving, here, toPlace: to, model))
        }
        let last = stops.count, end = model.endPlace[vehicle]
        if hasWindows && (departure[last] > lastClosing || earliestEnd > latest[last + 1]) { return best }
        consider(last, from: from, to: end, detour: Self.detour(from, here, end, model))
        return best
    }

    /// ``bestPosition(of:_:cheaperThan:blinks:)`` when shifts alone limit the times: no window
    /// bounds, and the end's arrival checked against the shift
    /// (``serviceStartUnderShift(ofInserted:after:from:to:_:)``). A loop of its own leaves the
    /// windowed loop's code as it is: one loop with both checks spilled registers in its setup
    /// per route, RC101 +6 % instructions. The caller has checked the room, as for
    /// ``bestPositionByLatest(of:_:cheaperThan:blinks:)``.
    @inline(__always) func bestPositionUnderShift(
        of inserted: InsertedStop, _ model: FleetModel<some FleetTravel>, cheaperThan limit: Double, blinks: inout Blinks
    ) -> Insertion? {
        var draws = blinks
        defer { blinks = draws }
        let here = inserted.place
        var best: Insertion?
        var bestCost = limit
        // Keeps the insertion after node p when it is the cheapest so far and on time.
        func consider(_ p: Int, from leaving: Int, to: Int, detour extra: Double) {
            // The comparison first: most positions fail it. Below `bestCost` (at most infinity)
            // only -infinity is not finite, so one more comparison does `isFinite`'s work: the
            // optimiser computed `isFinite` (six instructions) for every position, a third of
            // the loop (README example −10.6 % instructions).
            guard extra < bestCost, -.infinity < extra,
                serviceStartUnderShift(ofInserted: inserted, after: p, from: leaving, to: to, model) != nil, !draws.skipsNext()
            else { return }
            best = Insertion(vehicle: vehicle, after: p, cost: extra)
            bestCost = extra
        }
        // Up to the last stop, nodes p and p + 1 are places (no open end, -1), so the costs are
        // read without that check; the end's position comes last.
        var from = model.startPlace[vehicle]
        for p in 0..<stops.count {
            let to = model.stopPlace[stops[p]]
            consider(p, from: from, to: to, detour: Self.detour(from, here, toPlace: to, model))
            from = to
        }
        let end = model.endPlace[vehicle]
        consider(stops.count, from: from, to: end, detour: Self.detour(from, here, end, model))
        return best
    }

    /// ``bestPosition(of:_:blinks:)`` with dimensions, route limits, money or breaks.
    @inline(never) private func bestExtendedPosition(of stop: Int, _ model: FleetModel<some FleetTravel>, blinks: inout Blinks) -> Insertion? {
        if model.hasBreaks, !model.isMoney, model.takesBreaks(vehicle) { return bestPositionByDetour(of: stop, model, blinks: &blinks) }
        return cheapestPosition(blinks: &blinks) { p in insertionCost(of: stop, after: p, model) }
    }

    /// The position after which `cost` is lowest (the first of equal ones), over the positions
    /// `blinks` does not skip; nil when `cost` is nil for every one.
    @inline(__always) private func cheapestPosition(blinks: inout Blinks, _ cost: (Int) -> Double?) -> Insertion? {
        // Draws from a local (see ``Blinks``), handed back when the scan is done.
        var draws = blinks
        defer { blinks = draws }
        var best: Insertion?
        for p in 0...stops.count {
            // As in ``bestPosition(of:_:cheaperThan:blinks:)``, only a new best draws a blink.
            guard let extra = cost(p), extra < (best?.cost ?? .infinity), !draws.skipsNext() else { continue }
            best = Insertion(vehicle: vehicle, after: p, cost: extra)
        }
        return best
    }

    /// ``bestPosition(of:_:blinks:)`` for a vehicle with breaks and no costs: an insertion then
    /// costs its detour, and only its check walks the route. The positions are tried from the
    /// cheapest detour on (the first of equal ones first), and the first that fits is the
    /// answer, so most insertions walk the route once instead of once per position.
    @inline(never) private func bestPositionByDetour(of stop: Int, _ model: FleetModel<some FleetTravel>, blinks: inout Blinks) -> Insertion? {
        let here = model.stopPlace[stop]
        var candidates: [(cost: Double, after: Int)] = []
        candidates.reserveCapacity(stops.count + 1)
        for p in 0...stops.count {
            if blinks.skipsNext() { continue }
            let detour = Self.detour(place(p, model), here, place(p + 1, model), model)
            if detour.isFinite { candidates.append((detour, p)) }
        }
        candidates.sort { ($0.cost, $0.after) < ($1.cost, $1.after) }
        for candidate in candidates {
            guard let extra = insertionCost(of: stop, after: candidate.after, model) else { continue }
            return Insertion(vehicle: vehicle, after: candidate.after, cost: extra)
        }
        return nil
    }

    /// The extra cost of serving `stop` between nodes p and p + 1, or nil when that breaks
    /// capacity, a time window or the shift (the route itself must be feasible).
    @inline(__always) func insertionCost(of stop: Int, after p: Int, _ model: FleetModel<some FleetTravel>) -> Double? {
        guard let start = serviceStart(ofInserted: stop, after: p, model) else { return nil }
        if model.hasExtras { return extendedInsertionCost(of: stop, after: p, start: start, model) }
        return detour(of: stop, after: p, model)
    }

    /// When service at `stop` would start between nodes p and p + 1, or nil when that breaks
    /// the item capacity, the stop's windows or the rest of the route's.
    @inline(__always) private func serviceStart(ofInserted stop: Int, after p: Int, _ model: FleetModel<some FleetTravel>) -> Double? {
        guard load + model.items[stop] <= model.capacity[vehicle] else { return nil }
        return serviceStart(ofInserted: stop, after: p, from: place(p, model), to: place(p + 1, model), model)
    }

    /// ``serviceStart(ofInserted:after:_:)`` past the load, nodes p and p + 1 being at places
    /// `from` and `to` (the scan knows them: looking them up again was a tenth of RC101's scan).
    @inline(__always) private func serviceStart(
        ofInserted stop: Int, after p: Int, from: Int, to: Int, _ model: FleetModel<some FleetTravel>
    ) -> Double? {
        if model.onlyShiftsLimitTimes {
            return serviceStartUnderShift(ofInserted: InsertedStop(stop, model), after: p, from: from, to: to, model)
        }
        return serviceStartByLatest(ofInserted: InsertedStop(stop, model), after: p, from: from, to: to, model)
    }

    /// ``serviceStart(ofInserted:after:from:to:_:)`` on routes that keep latest arrivals, or no
    /// times at all.
    @inline(__always) private func serviceStartByLatest(
        ofInserted inserted: InsertedStop, after p: Int, from: Int, to: Int, _ model: FleetModel<some FleetTravel>
    ) -> Double? {
        // Without times nothing can be late (an unreachable stop's detour is infinite).
        guard model.keepsTimes else { return 0 }
        let here = inserted.place
        let start = inserted.serviceStart(arrival: departure[p] + model.time(from, toPlace: here), model)
        guard start.isFinite, start + inserted.service + model.time(here, to) <= latest[p + 1] else { return nil }
        return start
    }

    /// ``serviceStart(ofInserted:after:from:to:_:)`` with shifts alone: nobody waits, so service
    /// starts on arrival, and node p + 1 and every node after it arrive later by the stop's delay.
    /// The end's arrival against the shift is the whole check.
    @inline(__always) private func serviceStartUnderShift(
        ofInserted inserted: InsertedStop, after p: Int, from: Int, to: Int, _ model: FleetModel<some FleetTravel>
    ) -> Double? {
        let here = inserted.place
        let start = departure[p] + model.time(from, toPlace: here)
        let delay = start + inserted.service + model.time(here, to) - (departure[p] + model.time(from, to))
        guard start.isFinite, departure[stops.count + 1] + delay <= model.shiftEnd[vehicle] else { return nil }
        return start
    }

    /// The cost of the detour through `stop` between nodes p and p + 1 (nil: unreachable).
    @inline(__always) private func detour(of stop: Int, after p: Int, _ model: FleetModel<some FleetTravel>) -> Double? {
        let extra = Self.detour(place(p, model), model.stopPlace[stop], place(p + 1, model), model)
        return extra.isFinite ? extra : nil
    }

    /// What going from `from` to `to` through `here` costs more than going straight.
    @inline(__always) private static func detour(_ from: Int, _ here: Int, _ to: Int, _ model: FleetModel<some FleetTravel>) -> Double {
        model.cost(from, here) + model.cost(here, to) - model.cost(from, to)
    }

    /// ``detour(_:_:_:_:)`` to a place known not to be an open route's end: the same sum,
    /// without that check on each cost.
    @inline(__always) private static func detour(_ from: Int, _ here: Int, toPlace to: Int, _ model: FleetModel<some FleetTravel>) -> Double {
        model.cost(from, toPlace: here) + model.cost(here, toPlace: to) - model.cost(from, toPlace: to)
    }

    /// ``insertionCost(of:after:_:)`` past the time checks, with dimensions, route limits and
    /// money: service at `stop` starts at `start`. The new duration is exact when the stop
    /// delays the rest of the route, and an upper bound when it makes it earlier (a detour
    /// shorter than the leg it replaces), so no insertion that breaks a limit is accepted.
    @inline(never) private func extendedInsertionCost(of stop: Int, after p: Int, start: Double, _ model: FleetModel<some FleetTravel>) -> Double? {
        guard fitsAmounts(of: stop, model) else { return nil }
        if model.takesBreaks(vehicle) {
            // Where the breaks go depends on the rest of the route: walk it (linear in its stops).
            let from = place(p, model), to = place(p + 1, model), here = model.stopPlace[stop]
            let newDistance = distance + model.distance(from, here) + model.distance(here, to) - model.distance(from, to)
            guard model.fits(newDistance, model.maxDistance(vehicle)),
                let span = insertionSpan(of: stop, at: p, model),
                span.end <= model.shiftEnd[vehicle], model.fits(span.end - span.start, model.maxDuration(vehicle))
            else { return nil }
            let extra = model.isMoney
                ? model.moneyCost(vehicle, distance: newDistance, duration: span.end - span.start) - cost
                : Self.detour(from, here, to, model)
            return extra.isFinite ? extra : nil
        }
        let from = place(p, model), to = place(p + 1, model), here = model.stopPlace[stop]
        // Distance and duration only where a limit or the money needs them.
        let (distanceLimit, durationLimit) = (model.maxDistance(vehicle), model.maxDuration(vehicle))
        var newDistance = 0.0, newDuration = 0.0
        if model.isMoney || distanceLimit < .infinity {
            newDistance = distance + model.distance(from, here) + model.distance(here, to) - model.distance(from, to)
            guard model.fits(newDistance, distanceLimit) else { return nil }
        }
        if model.isMoney || durationLimit < .infinity {
            let delay = start + model.service[stop] + model.time(here, to) - (departure[p] + model.time(from, to))
            let end = departure[departure.count - 1] + max(0, delay - waitFrom(p + 1, dimensions: model.dimensionCount))
            let newStart = p > 0
                ? startTime
                : max(model.shiftStart[vehicle], start - model.time(model.startPlace[vehicle], here))
            newDuration = end - newStart
            guard model.fits(newDuration, durationLimit) else { return nil }
        }
        let extra = model.isMoney
            ? model.moneyCost(vehicle, distance: newDistance, duration: newDuration) - cost
            : Self.detour(from, here, to, model)
        return extra.isFinite ? extra : nil
    }

    /// With `model.hasExtras`: the route has room for `stop` in every other capacity dimension.
    @inline(__always) func fitsAmounts(of stop: Int, _ model: FleetModel<some FleetTravel>) -> Bool {
        let dimensions = model.dimensionCount
        for d in 0..<dimensions
        where !model.fits(load(d) + model.amount(stop * dimensions + d), model.limit(vehicle * dimensions + d)) {
            return false
        }
        return true
    }

    /// The cost of this vehicle serving `candidate` in that order, or nil when infeasible.
    static func cost(of candidate: [Int], vehicle: Int, _ model: FleetModel<some FleetTravel>) -> Double? {
        if model.hasExtras { return extendedCost(of: candidate, vehicle: vehicle, model) }
        var load = 0
        var time = model.shiftStart[vehicle]
        var cost = 0.0
        var previous = model.startPlace[vehicle]
        for stop in candidate {
            load += model.items[stop]
            let here = model.stopPlace[stop]
            time = model.serviceStart(stop, arrival: time + model.time(previous, here))
            guard time.isFinite else { return nil }
            time += model.service[stop]
            cost += model.cost(previous, here)
            previous = here
        }
        let end = model.endPlace[vehicle]
        guard load <= model.capacity[vehicle], time + model.time(previous, end) <= model.shiftEnd[vehicle] else { return nil }
        cost += model.cost(previous, end)
        return cost.isFinite ? cost : nil
    }

    /// ``cost(of:vehicle:_:)`` with dimensions, route limits and money.
    @inline(never) private static func extendedCost(of candidate: [Int], vehicle: Int, _ model: FleetModel<some FleetTravel>) -> Double? {
        guard !candidate.isEmpty else {
            let end = model.endPlace[vehicle]
            guard model.shiftStart[vehicle] + model.time(model.startPlace[vehicle], end) <= model.shiftEnd[vehicle] else { return nil }
            return model.isMoney ? 0 : model.cost(model.startPlace[vehicle], end)
        }
        let dimensions = model.dimensionCount
        var load = 0
        var loads = [Double](repeating: 0, count: dimensions)
        var time = model.shiftStart[vehicle]
        var cost = 0.0, distance = 0.0
        var previous = model.startPlace[vehicle]
        var startTime = time
        for (index, stop) in candidate.enumerated() {
            load += model.items[stop]
            for d in 0..<dimensions { loads[d] += model.amount(stop * dimensions + d) }
            let here = model.stopPlace[stop]
            let travel = model.time(previous, here)
            time = model.serviceStart(stop, arrival: time + travel)
            guard time.isFinite else { return nil }
            if index == 0 { startTime = max(startTime, time - travel) }
            time += model.service[stop]
            cost += model.cost(previous, here)
            distance += model.distance(previous, here)
            previous = here
        }
        let end = model.endPlace[vehicle]
        time += model.time(previous, end)
        cost += model.cost(previous, end)
        distance += model.distance(previous, end)
        if model.takesBreaks(vehicle) {
            guard let timeline = breakSpan(candidate, vehicle: vehicle, model) else { return nil }
            (startTime, time) = (timeline.start, timeline.end)
        }
        guard load <= model.capacity[vehicle], time <= model.shiftEnd[vehicle],
            model.fits(distance, model.maxDistance(vehicle)), model.fits(time - startTime, model.maxDuration(vehicle))
        else { return nil }
        for d in 0..<dimensions where !model.fits(loads[d], model.limit(vehicle * dimensions + d)) { return nil }
        if model.isMoney { cost = model.moneyCost(vehicle, distance: distance, duration: time - startTime) }
        return cost.isFinite ? cost : nil
    }

    /// A route's times with its vehicle's breaks: when it starts and ends, each stop's arrival,
    /// service start and departure, and where each break goes (node 0 = at the start,
    /// k = after the k-th stop) and when it starts.
    struct Timeline {
        var start = 0.0, end = 0.0
        var arrivals: [Double] = [], serviceStarts: [Double] = [], departures: [Double] = []
        var breaks: [(node: Int, start: Double)] = []
    }

    /// The timeline of `vehicle` serving `stops` with its breaks, or nil when a stop's windows
    /// or a break's window cannot be met (the shift end and route limits are the caller's).
    ///
    /// Each break goes at the latest node where it still can start inside its window: at
    /// node k it is taken when the next stop would end after the window closes, when the
    /// route ends there, or (after a stop) when it fits in the wait before the next stop's
    /// service anyway (then it costs no time). A route whose first break is taken at the start
    /// starts with it; otherwise the vehicle leaves as late as its first stop allows.
    static func timeline(of stops: [Int], vehicle: Int, _ model: FleetModel<some FleetTravel>) -> Timeline? {
        var timeline: Timeline? = Timeline()
        var noWalk: [Double]? = nil
        guard let span = breakSpan(stops, vehicle: vehicle, model, record: &timeline, walk: &noWalk), var timeline else { return nil }
        (timeline.start, timeline.end) = (span.start, span.end)
        return timeline
    }

    /// When the route of ``timeline(of:vehicle:_:)`` starts and ends, without building it: the
    /// search's check, linear in the stops and free of allocations.
    static func breakSpan(_ stops: [Int], vehicle: Int, _ model: FleetModel<some FleetTravel>) -> (start: Double, end: Double)? {
        var none: Timeline? = nil
        var noWalk: [Double]? = nil
        return breakSpan(stops, vehicle: vehicle, model, record: &none, walk: &noWalk)
    }

    /// ``breakSpan(_:vehicle:_:)`` of this route with `stop` inserted at index `position`. The
    /// walk starts from this route's own walk where the stop goes in (the nodes before it are
    /// the same), and ends where it meets that walk again: at the same time, before the same
    /// break, the rest of the route is the same too.
    private func insertionSpan(of stop: Int, at position: Int, _ model: FleetModel<some FleetTravel>) -> (start: Double, end: Double)? {
        var none: Timeline? = nil
        var noWalk: [Double]? = nil
        let walkStart = Self.walkStart(count: stops.count, dimensions: model.dimensionCount)
        let known = latest.count > walkStart ? KnownWalk(values: latest, start: walkStart, count: stops.count) : nil
        return Self.breakSpan(stops, inserting: stop, at: position, vehicle: vehicle, model, record: &none, walk: &noWalk, known: known)
    }

    /// Where a route's kept walk starts in `latest` (after the extras and the waits).
    private static func walkStart(count: Int, dimensions: Int) -> Int { (count + 2) + 2 + dimensions + (count + 2) }

    /// A route's walk through its breaks, as kept in `latest`: entering node k (before the
    /// breaks taken there) the time and the next break's index, for k = 0...count; then the
    /// end, the first service's start and the start of a break taken at the start.
    private struct KnownWalk {
        let values: [Double]
        let start: Int
        let count: Int
        @inline(__always) func time(_ k: Int) -> Double { values[start + 2 * k] }
        @inline(__always) func next(_ k: Int) -> Int { Int(values[start + 2 * k + 1]) }
        var end: Double { values[start + 2 * count + 2] }
        var firstServiceStart: Double { values[start + 2 * count + 3] }
        var firstBreakAtStart: Double { values[start + 2 * count + 4] }
    }

    /// The walk: with `inserting` ≥ 0 the route is `stops` with that stop inserted at index
    /// `position`, and `known` (the walk of `stops`) lets it start there and stop early.
    /// `record` collects the timeline, `walk` the ``KnownWalk`` values.
    private static func breakSpan(
        _ stops: [Int], inserting extra: Int = -1, at position: Int = -1, vehicle: Int, _ model: FleetModel<some FleetTravel>,
        record: inout Timeline?, walk: inout [Double]?, known: KnownWalk? = nil
    ) -> (start: Double, end: Double)? {
        let pending = model.breaks(vehicle)
        let count = stops.count + (extra >= 0 ? 1 : 0)
        @inline(__always) func stop(_ index: Int) -> Int {
            extra < 0 || index < position ? stops[index] : index == position ? extra : stops[index - 1]
        }
        var next = 0
        var time = model.shiftStart[vehicle]
        var previous = model.startPlace[vehicle]
        var firstServiceStart = 0.0, firstBreakAtStart = -Double.infinity
        @inline(__always) func start() -> Double {
            var start = model.shiftStart[vehicle]
            if firstBreakAtStart > -.infinity {
                start = firstBreakAtStart
            } else if count > 0 {
                start = max(start, firstServiceStart - model.time(model.startPlace[vehicle], model.stopPlace[stop(0)]))
            }
            return start
        }
        var first = 0
        if let known, extra >= 0, position > 0 {
            // The nodes before `position` are the route's own: start from its walk there.
            first = position
            (time, next) = (known.time(position), known.next(position))
            previous = model.stopPlace[stops[position - 1]]
            (firstServiceStart, firstBreakAtStart) = (known.firstServiceStart, known.firstBreakAtStart)
        }
        for k in first...count {
            if let known, extra >= 0, k >= position + 2, time == known.time(k - 1), next == known.next(k - 1) {
                // Node k is the route's node k - 1, reached at the same time before the same
                // break, from the same place: the rest of the walk is the route's own.
                return (start(), known.end)
            }
            if walk != nil {
                walk!.append(time)
                walk!.append(Double(next))
            }
            let last = k == count
            while next < pending.count {
                let pause = pending[next]
                var take = last
                if !last {
                    let here = model.stopPlace[stop(k)]
                    let start = model.serviceStart(stop(k), arrival: time + model.time(previous, here))
                    guard start.isFinite else { return nil }
                    take = start + model.service[stop(k)] > pause.window.end
                        || (k > 0 && max(time, pause.window.start) + pause.duration + model.time(previous, here) <= start)
                }
                guard take else { break }
                let begin = max(time, pause.window.start)
                guard begin <= pause.window.end else { return nil }
                if k == 0 && next == 0 { firstBreakAtStart = begin }
                record?.breaks.append((k, begin))
                time = begin + pause.duration
                next += 1
            }
            if last { break }
            let here = model.stopPlace[stop(k)]
            let arrival = time + model.time(previous, here)
            let start = model.serviceStart(stop(k), arrival: arrival)
            guard start.isFinite else { return nil }
            if k == 0 { firstServiceStart = start }
            time = start + model.service[stop(k)]
            if record != nil {
                record!.arrivals.append(arrival)
                record!.serviceStarts.append(start)
                record!.departures.append(time)
            }
            previous = here
        }
        let end = time + model.time(previous, model.endPlace[vehicle])
        if walk != nil { walk!.append(contentsOf: [end, firstServiceStart, firstBreakAtStart]) }
        return (start(), end)
    }
}

extension FleetModel {
    /// `value` within `limit`, with room for rounding (a billionth of the limit).
    @inline(__always) func fits(_ value: Double, _ limit: Double) -> Bool {
        value <= limit + 1e-9 * max(1, limit)
    }

    /// What `vehicle`'s route of that distance (metres) and duration (seconds) costs in money.
    @inline(__always) func moneyCost(_ vehicle: Int, distance: Double, duration: Double) -> Double {
        fixedCost(vehicle) + perMetre(vehicle) * distance + perSecond(vehicle) * duration
    }
}
