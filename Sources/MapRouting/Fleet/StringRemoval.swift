/// The ruin step: remove a few strings of consecutive stops from routes that are close
/// to each other (after Christiaens and Vanden Berghe's SISR), so the recreate step can
/// rebuild that neighbourhood differently.
enum StringRemoval {
    /// Removes about `averageRemoved` stops and returns them.
    static func ruin(
        _ state: inout FleetState, _ model: FleetModel, random: inout RandomSource,
        averageRemoved: Int = 10, maximumString: Int = 10
    ) -> [Int] {
        let served = (0..<model.stopCount).filter { state.routeOf[$0] >= 0 }
        guard !served.isEmpty else { return [] }
        let usedRoutes = state.routes.filter { !$0.isEmpty }
        let averageLength = Double(served.count) / Double(max(usedRoutes.count, 1))
        let longestString = min(Double(maximumString), averageLength)
        let mostRoutes = 4 * Double(averageRemoved) / (1 + longestString) - 1
        let routeCount = Int(uniform(&random) * mostRoutes) + 1
        let seed = served[random.below(served.count)]
        var ruined = Set<Int>()
        var removed: [Int] = []
        for stop in [seed] + model.neighbours[seed] where ruined.count < routeCount {
            let vehicle = state.routeOf[stop]
            guard vehicle >= 0, ruined.insert(vehicle).inserted else { continue }
            let stops = state.routes[vehicle].stops
            let length = Int(uniform(&random) * min(longestString, Double(stops.count))) + 1
            guard let position = stops.firstIndex(of: stop) else { continue }
            // A string of `length` stops that contains `stop`, at a random offset.
            let earliest = max(0, position - length + 1), latestStart = min(position, stops.count - length)
            let first = earliest + random.below(latestStart - earliest + 1)
            removed += stops[first..<(first + length)]
        }
        state.remove(removed, model)
        return removed
    }

    /// A number in [0, 1).
    static func uniform(_ random: inout RandomSource) -> Double {
        Double(random.next() >> 11) / Double(1 << 53)
    }
}
