import Foundation
import Testing
@testable import MapRouting

/// Fleets of thousands of stops: the whole solve keeps to its time limit. Before, 2,000
/// German places and 25 vans took 10 s in a release build with the default 2 s limit
/// (regret insertion ran to the end before the clock was ever read).
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

    @Test("2,000 stops and 25 vans: every stop served within the time limit")
    func thousandsOfStopsKeepTheLimit() throws {
        let problem = try Self.problem(stops: 2_000, vehicles: 25, seed: 7)
        /// Runs `work` and says how long it took by the wall clock, in seconds.
        func timed<Result>(_ work: () -> Result) -> (result: Result, seconds: Double) {
            let started = ContinuousClock.now
            let result = work()
            let elapsed = started.duration(to: .now)
            return (result, Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18)
        }
        // What must come before the first answer on this machine: the model and the first plan
        // (farthest-first insertion, which serves every stop and has no deadline). A debug build
        // sorts the stops' neighbours ten times slower than a release build (3.7 s against
        // 0.3 s), past the whole limit. Timed before and after the run and the slower kept: the
        // suite's load changes from one moment to the next (a CI run took 3.6 s against a model
        // alone timed at 2.3 s before it).
        let firstAnswer = { _ = FarthestFirstInsertion.build(FleetModel<StoredTravel>(problem)) }
        let before = timed(firstAnswer).seconds
        let (solution, seconds) = timed { FleetSolver.solve(problem, options: FleetSearchOptions(timeLimit: .seconds(2))) }
        let setup = max(before, timed(firstAnswer).seconds)
        #expect(solution.unassigned.isEmpty)
        #expect(solution.routes.reduce(0) { $0 + $1.visits.count } == 2_000)
        #expect(solution.stoppedByTimeLimit)
        #expect(FleetChecker.violations(solution, problem).isEmpty)
        // The last polish may run 5 % over the limit; on top, the clock is read every few stops.
        // When the first answer alone outlasts the limit, the answer follows it at once.
        #expect(seconds <= max(2 * 1.05 + 0.3, setup * 1.2 + 0.5), "took \(seconds) s, first answer \(setup) s")
    }

    @Test("1,500 stops with time windows, 40 vans with shifts and breaks: granular insertion serves them within every rule")
    func granularInsertionKeepsEveryRule() throws {
        // A 30 km square, vans at 12 m/s from its middle; each stop a 2-hour window in an
        // 8-hour day and 5 minutes of service; shifts of 12 hours with a 30-minute break.
        var random = RandomSource(seed: 11)
        let count = 1_500
        let points = [(15_000.0, 15_000.0)] + (0..<count).map { _ in (Double(random.below(30_000)), Double(random.below(30_000))) }
        let metres = try CostMatrix(count: points.count) { hypot(points[$0].0 - points[$1].0, points[$0].1 - points[$1].1).rounded() }
        let seconds = try CostMatrix(count: points.count) { (metres[$0, $1] / 12).rounded() }
        let stops = (1...count).map { place in
            let opens = Double(random.below(6 * 3_600))
            return FleetStop(id: "s\(place)", place: place, items: 1 + place % 2, serviceDuration: 300,
                             timeWindows: [TimeWindow(start: opens, end: opens + 2 * 3_600)])
        }
        let lunch = FleetBreak(window: TimeWindow(start: 4 * 3_600, end: 6 * 3_600), duration: 1_800)
        let vans = (0..<40).map {
            FleetVehicle(id: "v\($0)", start: 0, capacity: 70, shift: TimeWindow(start: 0, end: 12 * 3_600), breaks: [lunch])
        }
        let problem = try FleetProblem(matrices: TravelMatrices(distances: metres, durations: seconds), vehicles: vans, stops: stops)
        #expect(problem.stops.count > FleetCandidates.fullNeighbourLimit, "the granular path")
        // A time limit: regret insertion over 1,500 stops with breaks runs for minutes in a debug
        // build; past half the limit the rest go in by cheapest insertion, granular too.
        let solution = FleetSolver.solve(problem, options: FleetSearchOptions(seed: 1, timeLimit: .seconds(3)))
        #expect(FleetChecker.violations(solution, problem).isEmpty)
        let served = solution.routes.reduce(0) { $0 + $1.visits.count }
        #expect(served + solution.unassigned.count == count)
        #expect(served >= count * 95 / 100, "served \(served) of \(count)")
    }
}
