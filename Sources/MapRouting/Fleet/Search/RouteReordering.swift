/// Within one route: the best order of its stops by the stop-ordering core
/// (``TourSolver``: exact up to its limit, local search above), kept when it is feasible
/// and cheaper.
enum RouteReordering {
    static func improve(_ vehicle: Int, _ state: inout FleetState, _ model: FleetModel<some FleetTravel>, seed: UInt64) -> Bool {
        let route = state.routes[vehicle]
        guard route.stops.count >= 3 else { return false }
        let start = model.startPlace[vehicle], end = model.endPlace[vehicle]
        // Places of the tour: the start, the stops, and a fixed end other than the start.
        var places = [start] + route.stops.map { model.stopPlace[$0] }
        let fixedEnd = end >= 0 && end != start
        if fixedEnd { places.append(end) }
        var values = [Double]()
        values.reserveCapacity(places.count * places.count)
        for from in places {
            // Sites repeating a place (two stops at one address) cost nothing between them.
            for to in places { values.append(from == to ? 0 : model.cost(from, to)) }
        }
        guard let costs = try? CostMatrix(count: places.count, values: values),
            let problem = try? TourProblem(
                costs: costs, start: 0,
                end: fixedEnd ? .at(places.count - 1) : end == start ? .returnToStart : .anywhere),
            let tour = try? TourSolver.solve(
                problem, options: TourSearchOptions(seed: seed, iterations: 50, timeLimit: nil, exactLimit: 9, searches: 1))
        else { return false }
        let order = tour.order.filter { $0 >= 1 && $0 <= route.stops.count }.map { route.stops[$0 - 1] }
        return state.applyIfBetter((vehicle, order), nil, model)
    }
}
