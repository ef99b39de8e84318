/// The ruin step: remove a few strings of consecutive stops from routes that are close
/// to each other (after Christiaens and Vanden Berghe's SISR), so the recreate step can
/// rebuild that neighbourhood differently.
enum StringRemoval {
    /// Removes about `averageRemoved` stops and returns them.
    static func ruin(
        _ state: inout FleetState, _ model: FleetModel<some FleetTravel>, random: inout RandomSource,
        averageRemoved: Int = 10, maximumString: Int = 10
    ) -> [Int] {
        let servedCount = model.stopCount - state.unservedStops
        guard servedCount > 0 else { return [] }
        let averageLength = Double(servedCount) / Double(max(state.usedRouteCount, 1))
        let longestString = min(Double(maximumString), averageLength)
        let mostRoutes = 4 * Double(averageRemoved) / (1 + longestString) - 1
        let routeCount = Int(uniform(&random) * mostRoutes) + 1
        // A served stop drawn at random: the k-th in stop order (no list built per iteration).
        var seed = -1
        var before = random.below(servedCount)
        for stop in 0..<model.stopCount where state.routeOf[stop] >= 0 {
            if before == 0 { seed = stop; break }
            before -= 1
        }
        var ruined: [Int] = []
        var removed: [Int] = []
        // The seed, then its neighbours from the nearest on.
        let nearby = model.neighbours[seed]
        for rank in -1..<nearby.count where ruined.count < routeCount {
            let stop = rank < 0 ? seed : nearby[rank]
            let vehicle = state.routeOf[stop]
            guard vehicle >= 0, !ruined.contains(vehicle) else { continue }
            ruined.append(vehicle)
            let stopCount = state.routes[vehicle].stops.count
            let length = Int(uniform(&random) * min(longestString, Double(stopCount))) + 1
            let position = state.indexOf[stop]
            // A string of `length` stops that contains `stop`, at a random offset.
            let earliest = max(0, position - length + 1), latestStart = min(position, stopCount - length)
            let first = earliest + random.below(latestStart - earliest + 1)
            removed += state.routes[vehicle].stops[first..<(first + length)]
        }
        state.remove(removed, model)
        return removed
    }

    /// A number in [0, 1).
    static func uniform(_ random: inout RandomSource) -> Double {
        Double(random.next() >> 11) / Double(1 << 53)
    }
}
