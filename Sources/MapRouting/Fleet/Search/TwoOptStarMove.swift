/// 2-opt*: cut two routes and exchange their tails, so a stop is followed by a nearby stop
/// of another route (the routes keep their own vehicles, starts and ends).
enum TwoOptStarMove: StopMove {
    static let name = "2-opt*"

    static func improve(_ stop: Int, _ state: inout FleetState, _ model: FleetModel<some FleetTravel>, neighbours: Int) -> Bool {
        let a = state.routeOf[stop]
        guard a >= 0 else { return false }
        let p = state.indexOf[stop] + 1
        // Route a is copied once (it stays as it is until a move is applied), route b read in
        // place: a copy of each per neighbour retained and released their arrays.
        let routeA = state.routes[a]
        for other in model.neighbours[stop].prefix(neighbours) {
            let b = state.routeOf[other]
            guard b >= 0, b != a else { continue }
            let q = state.indexOf[other] + 1
            // A keeps its stops up to `stop` then takes B's from `other` on; B keeps its
            // stops before `other` then takes A's after `stop`.
            let newA = joinedCost(routeA, through: p, state.routes[b], from: q, model)
            let newB = joinedCost(state.routes[b], through: q - 1, routeA, from: p + 1, model)
            // With vehicle costs the legs only estimate the routes' money: every move is tried in full.
            guard model.isMoney
                || newA + newB < routeA.legCost + state.routes[b].legCost - FleetLocalSearch.epsilon(routeA.cost + state.routes[b].cost)
            else { continue }
            let stopsA = Array(routeA.stops[..<p] + state.routes[b].stops[(q - 1)...])
            let stopsB = Array(state.routes[b].stops[..<(q - 1)] + routeA.stops[p...])
            guard model.canServe(vehicle: a, all: stopsA), model.canServe(vehicle: b, all: stopsB) else { continue }
            if state.applyIfBetter((a, stopsA), (b, stopsB), model) { return true }
        }
        return false
    }

    /// The cost of `head`'s vehicle serving its nodes up to `p`, then `tail`'s stops from node `t` on.
    static func joinedCost(_ head: RouteState, through p: Int, _ tail: RouteState, from t: Int, _ model: FleetModel<some FleetTravel>) -> Double {
        let end = model.endPlace[head.vehicle]
        let junction = head.place(p, model)
        guard t <= tail.stops.count else { return head.costTo[p] + model.cost(junction, end) }
        let last = tail.stops.count
        return head.costTo[p] + model.cost(junction, tail.place(t, model))
            + (tail.costTo[last] - tail.costTo[t]) + model.cost(tail.place(last, model), end)
    }
}
