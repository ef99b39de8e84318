import Testing
@testable import MapRouting

/// Regret insertion keeps each pending stop's best and second insertion from round to round;
/// its first solution must be the one weighing every stop on every route each round gives.
@Suite("Regret insertion")
struct RegretInsertionTests {
    /// Regret insertion as written first: every round weighs every pending stop on every route.
    static func weighingEveryStop(_ model: FleetModel<some FleetTravel>) -> FleetState {
        var state = FleetState(model)
        var pending = Array(0..<model.stopCount)
        while true {
            var chosen: (stop: Int, insertion: Insertion, priority: Int, regret: Double)?
            var placeable: [Int] = []
            for stop in pending {
                let offers = state.bestInsertions(of: stop, model)
                guard let best = offers.best else { continue }
                placeable.append(stop)
                let regret = offers.second.isFinite ? offers.second - best.cost : .greatestFiniteMagnitude
                if let current = chosen, (current.priority, current.regret, -current.insertion.cost) >= (model.priority[stop], regret, -best.cost) {
                    continue
                }
                chosen = (stop, best, model.priority[stop], regret)
            }
            guard let chosen else { return state }
            state.insert(chosen.stop, vehicle: chosen.insertion.vehicle, after: chosen.insertion.after, model)
            pending = placeable.filter { $0 != chosen.stop }
        }
    }

    static func expectSameRoutes(_ model: FleetModel<some FleetTravel>, _ label: String) {
        let kept = RegretInsertion.build(model).routes.map(\.stops), weighed = weighingEveryStop(model).routes.map(\.stops)
        let differing = kept.indices.first { kept[$0] != weighed[$0] }
        #expect(differing == nil, "\(label): vehicle \(differing ?? -1) serves \(differing.map { kept[$0].prefix(8) } ?? []) … instead of \(differing.map { weighed[$0].prefix(8) } ?? []) …")
    }

    @Test("small fleets with windows, shifts, dimensions, limits, costs and breaks: the same routes", arguments: 1...6)
    func smallFleets(seed: UInt64) throws {
        Self.expectSameRoutes(FleetModel<StoredTravel>(try FleetOperatorTests.problem(seed: seed)), "windows, seed \(seed)")
        Self.expectSameRoutes(FleetModel<StoredTravel>(try FleetOperatorTests.extendedProblem(seed: seed)), "extended, seed \(seed)")
    }

    @Test("1,100 stops and 12 vans, granular insertion with priorities: the same routes")
    func granularFleet() throws {
        let model = FleetModel<StoredTravel>(try LargeFleetTests.problem(stops: 1_100, vehicles: 12, seed: 3))
        #expect(model.stopCount > FleetCandidates.fullNeighbourLimit, "the granular path")
        Self.expectSameRoutes(model, "1,100 stops")
    }
}
