/// Relocate and Or-opt: move a string of 1 to 3 consecutive stops next to a nearby stop,
/// in another route or elsewhere in the same one.
enum RelocateMove: StopMove {
    static let name = "relocate"

    /// Tries moves for the strings starting at `stop`; applies the first that improves.
    static func improve(_ stop: Int, _ state: inout FleetState, _ model: FleetModel<some FleetTravel>, neighbours: Int) -> Bool {
        let from = state.routeOf[stop]
        guard from >= 0 else { return false }
        let source = state.routes[from]
        let first = state.indexOf[stop] + 1  // node position
        for length in 1...3 where first + length - 1 <= source.stops.count {
            let last = first + length - 1
            let segment = Array(source.stops[(first - 1)..<last])
            let segmentItems = segment.reduce(0) { $0 + model.items[$1] }
            let (head, tail) = (source.place(first, model), source.place(last, model))
            let before = source.place(first - 1, model), after = source.place(last + 1, model)
            let gain = model.cost(before, head) + model.cost(tail, after) - model.cost(before, after)
            for neighbour in model.neighbours[stop].prefix(neighbours) {
                let to = state.routeOf[neighbour]
                guard to >= 0, model.canServe(vehicle: to, all: segment) else { continue }
                // Read in place: a copy of the route (`let target = state.routes[to]`) per
                // neighbour retained and released its arrays, 1.3 % of a CVRP search.
                if to != from, state.routes[to].load + segmentItems > model.capacity[to] { continue }
                let q = state.indexOf[neighbour] + 1
                // Put the string right after the neighbour, or right before it.
                for p in [q, q - 1] {
                    if to == from, p >= first - 1 && p <= last { continue }
                    let x = state.routes[to].place(p, model), y = state.routes[to].place(p + 1, model)
                    let extra = model.cost(x, head) + model.cost(tail, y) - model.cost(x, y)
                    // With vehicle costs the legs only estimate the routes' money: tried in full.
                    guard model.isMoney || extra - gain < -FleetLocalSearch.epsilon(state.routes[to].cost) else { continue }
                    if to == from {
                        var stops = source.stops
                        stops.removeSubrange((first - 1)..<last)
                        let insertAt = p < first ? p : p - length
                        stops.insert(contentsOf: segment, at: insertAt)
                        if state.applyIfBetter((from, stops), nil, model) { return true }
                    } else {
                        var sourceStops = source.stops
                        sourceStops.removeSubrange((first - 1)..<last)
                        var targetStops = state.routes[to].stops
                        targetStops.insert(contentsOf: segment, at: p)
                        if state.applyIfBetter((from, sourceStops), (to, targetStops), model) { return true }
                    }
                }
            }
        }
        return false
    }
}

extension FleetModel {
    /// True when `vehicle` has the skills every stop in `stops` needs.
    @inline(__always) func canServe(vehicle: Int, all stops: some Sequence<Int>) -> Bool {
        stops.allSatisfy { serves(vehicle, $0) }
    }
}
