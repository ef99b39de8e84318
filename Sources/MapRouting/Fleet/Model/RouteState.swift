/// One vehicle's route with what the feasibility checks need, by node position
/// (0 = the start, 1...count = the stops, count + 1 = the end):
/// the cumulative cost and load, the earliest departure (forward pass) and the latest
/// arrival that keeps the rest of the route on time (backward pass).
///
/// With these, inserting a stop between two nodes is checked in constant time.
struct RouteState {
    let vehicle: Int
    private(set) var stops: [Int]
    /// Cost from the start to node p.
    private(set) var costTo: [Double]
    /// Earliest departure from node p (at the end: the arrival).
    private(set) var departure: [Double]
    /// Latest arrival at node p from which the rest of the route is on time.
    private(set) var latest: [Double]
    private(set) var load: Int
    /// False when the route breaks a time window, the shift or the capacity.
    private(set) var isFeasible: Bool

    init(vehicle: Int, stops: [Int] = [], model: FleetModel) {
        self.vehicle = vehicle
        self.stops = stops
        costTo = []
        departure = []
        latest = []
        load = 0
        isFeasible = true
        update(model)
    }

    var cost: Double { costTo[costTo.count - 1] }
    var isEmpty: Bool { stops.isEmpty }

    /// The place of node p.
    @inline(__always) func place(_ p: Int, _ model: FleetModel) -> Int {
        p == 0 ? model.startPlace[vehicle] : p > stops.count ? model.endPlace[vehicle] : model.stopPlace[stops[p - 1]]
    }

    /// Replaces the stops and recomputes the passes.
    mutating func replace(_ newStops: [Int], _ model: FleetModel) {
        stops = newStops
        update(model)
    }

    private mutating func update(_ model: FleetModel) {
        let count = stops.count
        // Refilled in place: a route changed several times keeps its buffers.
        Self.refill(&costTo, count + 2)
        Self.refill(&departure, count + 2)
        Self.refill(&latest, count + 2)
        load = 0
        var onTime = true
        departure[0] = model.shiftStart[vehicle]
        var previous = model.startPlace[vehicle]
        for p in 1...(count + 1) {
            let here = place(p, model)
            costTo[p] = costTo[p - 1] + model.cost(previous, here)
            let arrival = departure[p - 1] + model.time(previous, here)
            if p <= count {
                let stop = stops[p - 1]
                load += model.items[stop]
                let start = model.serviceStart(stop, arrival: arrival)
                if !start.isFinite { onTime = false }
                departure[p] = start + model.service[stop]
            } else {
                departure[p] = arrival
            }
            previous = here
        }
        latest[count + 1] = model.shiftEnd[vehicle]
        if departure[count + 1] > latest[count + 1] { onTime = false }
        var next = place(count + 1, model)
        for p in stride(from: count, through: 1, by: -1) {
            let stop = stops[p - 1]
            let here = model.stopPlace[stop]
            let latestStart = latest[p + 1] - model.time(here, next) - model.service[stop]
            latest[p] = model.latestArrival(stop, latestStart: latestStart)
            next = here
        }
        latest[0] = latest[1] - model.time(model.startPlace[vehicle], place(1, model))
        isFeasible = onTime && load <= model.capacity[vehicle]
    }

    /// `count` zeros, in the array's own buffer when it has room and nobody shares it.
    private static func refill(_ values: inout [Double], _ count: Int) {
        values.removeAll(keepingCapacity: true)
        values.append(contentsOf: repeatElement(0, count: count))
    }

    /// The extra cost of serving `stop` between nodes p and p + 1, or nil when that breaks
    /// capacity, a time window or the shift (the route itself must be feasible).
    @inline(__always) func insertionCost(of stop: Int, after p: Int, _ model: FleetModel) -> Double? {
        guard load + model.items[stop] <= model.capacity[vehicle] else { return nil }
        let from = place(p, model), to = place(p + 1, model), here = model.stopPlace[stop]
        let start = model.serviceStart(stop, arrival: departure[p] + model.time(from, here))
        guard start.isFinite, start + model.service[stop] + model.time(here, to) <= latest[p + 1] else { return nil }
        let extra = model.cost(from, here) + model.cost(here, to) - model.cost(from, to)
        return extra.isFinite ? extra : nil
    }

    /// The cost of this vehicle serving `candidate` in that order, or nil when infeasible.
    static func cost(of candidate: [Int], vehicle: Int, _ model: FleetModel) -> Double? {
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
}
