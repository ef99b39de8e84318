/// The first solution: regret insertion. Each round serves the stop that would lose most
/// by waiting (highest priority first, then the largest gap between its best and second
/// best route), so awkward stops are placed while there is still room for them.
///
/// Every pending stop's best and second insertion are kept from round to round: a round
/// changes one route, so only the stops whose best or second was in it are weighed again
/// over every route, and the others are offered that route's new insertion (above
/// ``FleetCandidates/fullNeighbourLimit`` stops, only those with a nearest stop in it). The
/// answer is the one weighing every stop on every route each round gives (that took 14 s for
/// 5,000 Berlin stops and 55 vans, and still took 1.5 s for 2,000). Past `deadline` the stops
/// still pending are inserted at their cheapest place one by one instead.
enum RegretInsertion {
    static func build(_ model: FleetModel<some FleetTravel>, until deadline: ContinuousClock.Instant? = nil) -> FleetState {
        var state = FleetState(model)
        var pending = Array(0..<model.stopCount)
        var offers = pending.map { state.bestInsertions(of: $0, model) }
        let nearby = model.stopCount > FleetCandidates.fullNeighbourLimit ? NearbyStops(model) : nil
        while !pending.isEmpty {
            if SearchStop.isDue(deadline) {
                // Cancelled, the answer is dropped: the stops left need no place.
                if !SearchStop.isCancelled { FarthestFirstInsertion.insert(pending, into: &state, model) }
                break
            }
            var chosen: (index: Int, insertion: Insertion, priority: Int, regret: Double)?
            var placeable: [Int] = []
            for (index, stop) in pending.enumerated() {
                guard let best = offers[stop].best else { continue }
                placeable.append(stop)
                let second = offers[stop].second
                let regret = second.isFinite ? second - best.cost : .greatestFiniteMagnitude
                let priority = model.priority[stop]
                if let current = chosen,
                    (current.priority, current.regret, -current.insertion.cost) >= (priority, regret, -best.cost)
                {
                    continue
                }
                chosen = (index, best, priority, regret)
            }
            guard let chosen else { break }
            let stop = pending[chosen.index]
            let vehicle = chosen.insertion.vehicle
            state.insert(stop, vehicle: vehicle, after: chosen.insertion.after, model)
            pending = placeable.filter { $0 != stop }
            nearby?.mark(aroundRouteOf: vehicle, state)
            for other in pending {
                // Small problems: any stop may go anywhere in the route. Large ones: only a stop
                // with a nearest stop in it has a position there, and one that had none anywhere
                // (its offers came from scanning every position) may have one now.
                let granular = offers[other].isGranular, near = nearby?.isMarked(other) ?? true
                if offers[other].involves(vehicle) || (nearby != nil && near && !granular) {
                    offers[other] = state.bestInsertions(of: other, model)
                } else if near || !granular {
                    offer(other, vehicle, granular: granular, state, model, to: &offers)
                }
            }
        }
        return state
    }

    /// Offers `stop`'s insertion into `vehicle`'s changed route to what it had found.
    @inline(__always)
    private static func offer(
        _ stop: Int, _ vehicle: Int, granular: Bool, _ state: FleetState, _ model: FleetModel<some FleetTravel>,
        to offers: inout [BestTwoInsertions]
    ) {
        if let insertion = state.bestInsertion(of: stop, into: vehicle, granular: granular, model) { offers[stop].offer(insertion) }
    }
}

/// For granular insertion: which stops count a given stop among their nearest ones
/// (``FleetCandidates/insertionNeighbours``), and marks for the stops near a route.
private final class NearbyStops {
    /// `listing[stop]`: the stops whose nearest stops include `stop`.
    private let listing: [[Int]]
    /// The round each stop was last marked in.
    private var marks: [Int]
    private var round = 0

    init(_ model: FleetModel<some FleetTravel>) {
        var listing = [[Int]](repeating: [], count: model.stopCount)
        for stop in 0..<model.stopCount {
            for neighbour in model.neighbours[stop].prefix(FleetCandidates.insertionNeighbours) { listing[neighbour].append(stop) }
        }
        self.listing = listing
        marks = [Int](repeating: -1, count: model.stopCount)
    }

    /// Marks the stops with a nearest stop in `vehicle`'s route, unmarking all others.
    func mark(aroundRouteOf vehicle: Int, _ state: FleetState) {
        round += 1
        for stop in state.routes[vehicle].stops {
            for other in listing[stop] { marks[other] = round }
        }
    }

    func isMarked(_ stop: Int) -> Bool { marks[stop] == round }
}
