/// Swap: exchange a stop with a nearby stop of another route, each taking the other's place.
enum SwapMove: StopMove {
    static let name = "swap"

    static func improve(_ stop: Int, _ state: inout FleetState, _ model: FleetModel<some FleetTravel>, neighbours: Int) -> Bool {
        let a = state.routeOf[stop]
        guard a >= 0 else { return false }
        let i = state.indexOf[stop] + 1
        // Route a is copied once (it stays as it is until a move is applied), route b read in
        // place: a copy of each per neighbour retained and released their arrays.
        let routeA = state.routes[a]
        for other in model.neighbours[stop].prefix(neighbours) {
            let b = state.routeOf[other]
            guard b >= 0, b != a, model.serves(a, other), model.serves(b, stop)
            else { continue }
            let loadChange = model.items[other] - model.items[stop]
            if routeA.load + loadChange > model.capacity[a] || state.routes[b].load - loadChange > model.capacity[b] { continue }
            let j = state.indexOf[other] + 1
            let delta = change(routeA, at: i, to: model.stopPlace[other], model)
                + change(state.routes[b], at: j, to: model.stopPlace[stop], model)
            guard model.isMoney || delta < -FleetLocalSearch.epsilon(routeA.cost + state.routes[b].cost) else { continue }
            var stopsA = routeA.stops, stopsB = state.routes[b].stops
            stopsA[i - 1] = other
            stopsB[j - 1] = stop
            if state.applyIfBetter((a, stopsA), (b, stopsB), model) { return true }
        }
        return false
    }

    /// The cost change when node p of `route` is served at `place` instead.
    static func change(_ route: RouteState, at p: Int, to place: Int, _ model: FleetModel<some FleetTravel>) -> Double {
        let before = route.place(p - 1, model), here = route.place(p, model), after = route.place(p + 1, model)
        return model.cost(before, place) + model.cost(place, after) - model.cost(before, here) - model.cost(here, after)
    }
}
