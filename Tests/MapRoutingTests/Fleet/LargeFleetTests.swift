import Foundation
import Testing
@testable import MapRouting

/// Fleets of thousands of stops: the first solution is built as fast as the problem allows
/// and the whole solve keeps to its time limit. Before, 2,000 German places and 25 vans
/// took 10 s in a release build with the default 2 s limit (regret insertion looked at
/// every route for every stop every round, before the clock was ever read).
@Suite("Fleets of thousands of stops")
struct LargeFleetTests {
    /// `count` stops scattered over a 100 km square (a few share a place), `vehicles` vans
    /// from its middle with room for all, some stops with a higher priority.
    static func problem(stops count: Int, vehicles: Int, seed: UInt64) throws -> FleetProblem {
        var random = RandomSource(seed: seed)
        let points = [(50_000.0, 50_000.0)] + (0..<count).map { _ in (Double(random.below(100_000)), Double(random.below(100_000))) }
        let matrix = try CostMatrix(count: points.count) { hypot(points[$0].0 - points[$1].0, points[$0].1 - points[$1].1).rounded() }
        let stops = (1...count).map { FleetStop(id: "s\($0)", place: $0, items: 1 + $0 % 3, priority: $0 % 7 == 0 ? 10 : 0) }
        let room = (2 * count + vehicles - 1) / vehicles + 5
        let vans = (0..<vehicles).map { FleetVehicle(id: "v\($0)", start: 0, capacity: room) }
        return try FleetProblem(matrices: TravelMatrices(distances: matrix, durations: matrix), vehicles: vans, stops: stops)
    }

    /// Regret insertion as it was: every pending stop's best and second-best insertion looked
    /// up afresh on every route in every round. The reference for the kept insertions.
    static func regretLookingEverywhere(_ model: FleetModel) -> FleetState {
        var state = FleetState(model)
        var pending = Array(0..<model.stopCount)
        while !pending.isEmpty {
            var chosen: (stop: Int, insertion: Insertion, key: (Int, Double, Double))?
            var placeable: [Int] = []
            for stop in pending {
                let (best, second) = state.bestInsertions(of: stop, model)
                guard let best else { continue }
                placeable.append(stop)
                let regret = second.map { $0.cost - best.cost } ?? .greatestFiniteMagnitude
                let key = (model.priority[stop], regret, -best.cost)
                if let current = chosen, current.key >= key { continue }
                chosen = (stop, best, key)
            }
            guard let chosen else { break }
            state.insert(chosen.stop, vehicle: chosen.insertion.vehicle, after: chosen.insertion.after, model)
            pending = placeable.filter { $0 != chosen.stop }
        }
        return state
    }

    @Test("kept insertions build the same first solution as looking at every route every round", arguments: 1...4)
    func keptInsertionsChangeNothing(seed: UInt64) throws {
        for problem in [try FleetOperatorTests.problem(seed: seed), try Self.problem(stops: 300, vehicles: 40, seed: seed)] {
            let model = FleetModel(problem)
            let kept = RegretInsertion.build(model)
            let reference = Self.regretLookingEverywhere(model)
            #expect(kept.routes.map(\.stops) == reference.routes.map(\.stops))
            #expect(kept.unassigned == reference.unassigned)
        }
    }

    @Test("2,000 stops and 25 vans: every stop served within the time limit")
    func thousandsOfStopsKeepTheLimit() throws {
        let problem = try Self.problem(stops: 2_000, vehicles: 25, seed: 7)
        func solve(within limit: Duration) -> (FleetSolution, seconds: Double) {
            let clock = ContinuousClock()
            let started = clock.now
            let solution = FleetSolver.solve(problem, options: FleetSearchOptions(timeLimit: limit))
            let elapsed = started.duration(to: clock.now)
            return (solution, Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18)
        }
        // What the model needs on this machine: a debug build sorts the stops' neighbours ten
        // times slower than a release build (3.7 s against 0.3 s), past the whole limit.
        let clock = ContinuousClock()
        let modelStarted = clock.now
        _ = FleetModel(problem)
        let modelTime = modelStarted.duration(to: clock.now)
        let setup = Double(modelTime.components.seconds) + Double(modelTime.components.attoseconds) * 1e-18
        let (solution, seconds) = solve(within: .seconds(2))
        #expect(solution.unassigned.isEmpty)
        #expect(solution.routes.reduce(0) { $0 + $1.visits.count } == 2_000)
        #expect(solution.stoppedByTimeLimit)
        #expect(FleetChecker.violations(solution, problem).isEmpty)
        // The last polish may run 5 % over the limit; on top, the clock is read every few stops.
        // When the model alone outlasts the limit, the first answer follows it at once.
        #expect(seconds <= max(2 * 1.05 + 0.3, setup * 1.2 + 0.8), "took \(seconds) s, model \(setup) s")
    }
}
