/// Small pieces the local-search moves share.
extension FleetState {
    /// Applies new stop lists to two routes when both are feasible (every capacity, time and
    /// route limit, by ``RouteState/cost(of:vehicle:_:)``) and together cost less
    /// than now by more than a rounding error; returns whether it did.
    mutating func applyIfBetter(
        _ first: (vehicle: Int, stops: [Int]), _ second: (vehicle: Int, stops: [Int])?, _ model: FleetModel<some FleetTravel>
    ) -> Bool {
        var before = routes[first.vehicle].cost
        guard let firstCost = RouteState.cost(of: first.stops, vehicle: first.vehicle, model) else { return false }
        var after = firstCost
        if let second {
            before += routes[second.vehicle].cost
            guard let secondCost = RouteState.cost(of: second.stops, vehicle: second.vehicle, model) else { return false }
            after += secondCost
        }
        guard after < before - FleetLocalSearch.epsilon(before) else { return false }
        setRoute(first.vehicle, first.stops, model)
        if let second { setRoute(second.vehicle, second.stops, model) }
        return true
    }
}
