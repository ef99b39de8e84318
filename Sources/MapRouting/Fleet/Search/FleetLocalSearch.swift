/// Local search across and within routes: relocate / Or-opt, swap, 2-opt* and
/// cross-exchange around each stop's nearest stops, then each changed route reordered
/// by the stop-ordering core, until no move improves.
enum FleetLocalSearch {
    /// Candidate neighbours per stop.
    static let neighbourCount = 12

    /// An improvement smaller than this is rounding noise, not progress.
    @inline(__always) static func epsilon(_ cost: Double) -> Double { 1e-9 * max(1, abs(cost)) }

    /// Improves `state` until no move does, or until `deadline` (looked at every 64 stops
    /// and between routes: one pass over thousands of stops can outlast a short limit).
    static func run(
        _ state: inout FleetState, _ model: FleetModel<some FleetTravel>, reorderRoutes: Bool, seed: UInt64,
        until deadline: ContinuousClock.Instant? = nil
    ) {
        let k = min(neighbourCount, max(model.stopCount - 1, 0))
        func isLate() -> Bool { SearchStop.isDue(deadline) }
        var improved = true
        while improved {
            improved = false
            for stop in 0..<model.stopCount where state.routeOf[stop] >= 0 {
                if stop & 63 == 0, isLate() { return }
                // The operators (``StopMove``) in order: the first that improves is applied.
                while RelocateMove.improve(stop, &state, model, neighbours: k)
                    || SwapMove.improve(stop, &state, model, neighbours: k)
                    || TwoOptStarMove.improve(stop, &state, model, neighbours: k)
                    || CrossExchangeMove.improve(stop, &state, model, neighbours: k)
                {
                    improved = true
                }
            }
            if reorderRoutes {
                for vehicle in 0..<model.vehicleCount {
                    if isLate() { return }
                    if RouteReordering.improve(vehicle, &state, model, seed: seed) { improved = true }
                }
            }
        }
    }
}
