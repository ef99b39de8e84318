/// Cross-exchange: swap a string of 1 to 3 stops starting at a stop with a string of 1 to 3
/// stops of another route that follows a nearby stop, so the first string comes right
/// after that nearby stop.
enum CrossExchangeMove: StopMove {
    static let name = "cross-exchange"

    static func improve(_ stop: Int, _ state: inout FleetState, _ model: FleetModel<some FleetTravel>, neighbours: Int) -> Bool {
        let a = state.routeOf[stop]
        guard a >= 0 else { return false }
        let routeA = state.routes[a]
        let firstA = state.indexOf[stop] + 1
        for other in model.neighbours[stop].prefix(neighbours) {
            let b = state.routeOf[other]
            guard b >= 0, b != a else { continue }
            // Route b is read in place: a copy per neighbour retained and released its arrays.
            let firstB = state.indexOf[other] + 2  // the string starts after `other`
            for lengthA in 1...3 where firstA + lengthA - 1 <= routeA.stops.count {
                for lengthB in 1...3 where firstB + lengthB - 1 <= state.routes[b].stops.count {
                    if lengthA == 1 && lengthB == 1 { continue }  // that is a swap
                    let lastA = firstA + lengthA - 1, lastB = firstB + lengthB - 1
                    let delta = replaceCost(routeA, firstA, lastA, by: state.routes[b], firstB, lastB, model)
                        + replaceCost(state.routes[b], firstB, lastB, by: routeA, firstA, lastA, model)
                    guard model.isMoney || delta < -FleetLocalSearch.epsilon(routeA.cost + state.routes[b].cost) else { continue }
                    let stringA = routeA.stops[(firstA - 1)..<lastA], stringB = state.routes[b].stops[(firstB - 1)..<lastB]
                    guard model.canServe(vehicle: a, all: stringB), model.canServe(vehicle: b, all: stringA) else { continue }
                    var stopsA = routeA.stops, stopsB = state.routes[b].stops
                    stopsA.replaceSubrange((firstA - 1)..<lastA, with: stringB)
                    stopsB.replaceSubrange((firstB - 1)..<lastB, with: stringA)
                    if state.applyIfBetter((a, stopsA), (b, stopsB), model) { return true }
                }
            }
        }
        return false
    }

    /// The change in `route`'s cost when its nodes `first...last` give way to `other`'s
    /// nodes `otherFirst...otherLast` (strings keep their inner legs and direction).
    static func replaceCost(
        _ route: RouteState, _ first: Int, _ last: Int, by other: RouteState, _ otherFirst: Int, _ otherLast: Int,
        _ model: FleetModel<some FleetTravel>
    ) -> Double {
        let before = route.place(first - 1, model), after = route.place(last + 1, model)
        let inner = (other.costTo[otherLast] - other.costTo[otherFirst]) - (route.costTo[last] - route.costTo[first])
        return model.cost(before, other.place(otherFirst, model)) + model.cost(other.place(otherLast, model), after)
            - model.cost(before, route.place(first, model)) - model.cost(route.place(last, model), after) + inner
    }
}
