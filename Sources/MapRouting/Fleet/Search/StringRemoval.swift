/// The ruin step: remove a few strings of consecutive stops from routes that are close
/// to each other (after Christiaens and Vanden Berghe's SISR), so the recreate step can
/// rebuild that neighbourhood differently. Half the strings are split strings: a stretch
/// of the route loses its two ends and keeps a run of stops in between, which recreate
/// may then join to other stops on either side.
enum StringRemoval {
    /// How often a string is split (SISR's 0.5).
    static let splitRate = 0.5
    /// After each stop kept in a split string, the chance that no more are kept (SISR's β).
    static let keptRunEnd = 0.01

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
        // Made at their largest size (each route gives at most `maximumString` stops): grown
        // append by append they allocated several times per iteration.
        var ruined: [Int] = []
        ruined.reserveCapacity(routeCount)
        var removed: [Int] = []
        removed.reserveCapacity(routeCount * maximumString)
        // The seed, then its neighbours from the nearest on.
        let nearby = model.neighbours[seed]
        for rank in -1..<nearby.count where ruined.count < routeCount {
            let stop = rank < 0 ? seed : nearby[rank]
            let vehicle = state.routeOf[stop]
            guard vehicle >= 0, !ruined.contains(vehicle) else { continue }
            ruined.append(vehicle)
            let stopCount = state.routes[vehicle].stops.count
            let length = Int(uniform(&random) * min(longestString, Double(stopCount))) + 1
            let stops = state.routes[vehicle].stops
            guard length < stopCount, uniform(&random) < splitRate else {
                // A string of `length` stops that contains `stop`, at a random offset.
                let first = stretchStart(containing: state.indexOf[stop], length: length, in: stopCount, &random)
                removed += stops[first..<(first + length)]
                continue
            }
            // `length` stops removed around a run of `kept` (at most `maximumString`, and the
            // stretch within the route). SISR's run has no cap: on the 50-stop routes of the
            // README's example it spanned most of a route and the plans were longer.
            var kept = 1
            while length + kept < stopCount, kept < maximumString, uniform(&random) >= keptRunEnd { kept += 1 }
            let first = stretchStart(containing: state.indexOf[stop], length: length + kept, in: stopCount, &random)
            let keptFrom = first + random.below(length + 1)
            removed += stops[first..<keptFrom]
            removed += stops[(keptFrom + kept)..<(first + length + kept)]
        }
        state.remove(removed, model)
        return removed
    }

    /// The first index of a random stretch of `length` stops of a route of `count` that
    /// contains the stop at `position`.
    private static func stretchStart(containing position: Int, length: Int, in count: Int, _ random: inout RandomSource) -> Int {
        let earliest = max(0, position - length + 1), latest = min(position, count - length)
        return earliest + random.below(latest - earliest + 1)
    }

    /// A number in [0, 1).
    static func uniform(_ random: inout RandomSource) -> Double {
        Double(random.next() >> 11) / Double(1 << 53)
    }
}
