import Foundation
import Testing
import TestSupport
import BenchmarkInstances
@testable import MapRouting

/// CVRPLIB and Solomon instances with their best-known values: every answer is feasible
/// (independent checker) and within a gap the solver reaches with a small iteration budget.
@Suite("Fleet solver on CVRPLIB and Solomon", .enabled(if: FleetData.isAvailable, "../shared/data/vrp is absent: benchmark tests skipped"))
struct FleetBenchmarkTests {
    /// (instance, iterations, largest gap in percent accepted with that budget).
    /// F-n72-k4 needs more than the annealing's patience (1,000 iterations) so that a stall
    /// is reheated: with 5,000 iterations seed 7 reaches 0.42 % (with 300 it stalled at 6 %).
    /// X-n101-k25: 300 iterations left seeds 1-10 anywhere between 4 and 10 %; with 3,000
    /// they reach 1.3-3.9 %. M-n101-k10: since split strings, 300 iterations leave seed 7 at
    /// 5.1 % (seeds 1-10 otherwise 0-0.49 %); 1,000 reach 0 % on seeds 1-10. A-n32-k5: 1,200
    /// iterations leave a fifth of the seeds in the 811 and 827 basins (3.4 and 5.5 %; seeds
    /// 1-400, before and since blinks are drawn only for a new best), 3,000 a twentieth; 10,000
    /// reach 784 on seeds 1-300.
    static let cases: [(String, Int, Double)] = [
        ("E-n13-k4", 100, 0), ("A-n32-k5", 10_000, 0), ("F-n72-k4", 5000, 1), ("M-n101-k10", 1000, 0.5),
        ("X-n101-k25", 3000, 4), ("C101", 200, 0.5), ("R101", 200, 4), ("RC101", 200, 3.5), ("R201", 200, 6),
    ]

    @Test(arguments: cases)
    func feasibleAndCloseToBestKnown(name: String, iterations: Int, gapBound: Double) throws {
        let instance = try FleetData.instance(name)
        let solution = FleetSolver.solve(instance.problem, options: FleetSearchOptions(seed: 7, iterations: iterations, timeLimit: nil))
        #expect(FleetChecker.violations(solution, instance.problem) == [])
        #expect(solution.unassigned.isEmpty, "every stop of \(name) can be served")
        let bks = try #require(try FleetData.bestKnown()[name])
        let cost = solution.cost / instance.costScale
        let gap = (cost - bks) / bks * 100
        #expect(cost >= bks - 1e-6, "\(name): \(cost) below the best known \(bks): the cost convention is wrong")
        #expect(gap <= gapBound, "\(name): cost \(cost), best known \(bks), gap \(gap) %")
    }

    /// What `mapctl route --vehicles` does with no budget flag: the default iteration budget
    /// (750 per stop; in release 0.03–1.2 s here, under the default 2 s cap) reaches 1 % of the
    /// best known with the default seed on every shared instance but RC101 (not with every seed:
    /// X-n200-k36 seeds 1-24 up to 1.09 %). RC101's default seed ends at 1.10 % since the least
    /// open stops are sometimes recreated first; over seeds 1-120 that order left 12 plans above
    /// 1 % and none above 1.24 % (before: 28, up to 1.79 %; seed 1 then at 0 %). 100 per stop left
    /// X-n101-k25 at 1.0 % and X-n200-k36 at 1.9 %. Run without the clock cap so debug builds give
    /// the same answer.
    @Test("default budget within 1 % of the best known (RC101 1.25 %)", arguments: [
        ("E-n13-k4", 1), ("A-n32-k5", 1), ("F-n72-k4", 1), ("M-n101-k10", 1), ("X-n101-k25", 1), ("X-n200-k36", 1),
        ("C101", 1), ("R101", 1), ("RC101", 1.25), ("R201", 1),
    ] as [(String, Double)])
    func defaultBudget(name: String, gapBound: Double) throws {
        let instance = try FleetData.instance(name)
        var options = FleetSearchOptions()
        options.timeLimit = nil
        let solution = FleetSolver.solve(instance.problem, options: options)
        #expect(FleetChecker.violations(solution, instance.problem) == [])
        let bks = try #require(try FleetData.bestKnown()[name])
        let gap = (solution.cost / instance.costScale - bks) / bks * 100
        #expect(solution.unassigned.isEmpty && gap <= gapBound, "\(name): gap \(gap) % with the default budget")
    }

    @Test("two searches side by side answer the better of their seeds' plans, the same on every run", arguments: [3, 11] as [UInt64])
    func sideBySideSearchesKeepTheBetterPlan(seed: UInt64) throws {
        let problem = try FleetData.instance("X-n101-k25").problem
        func plan(_ options: FleetSearchOptions) -> FleetSolution { FleetSolver.solve(problem, options: options) }
        let both = FleetSearchOptions(seed: seed, iterations: 200, timeLimit: nil, searches: 2)
        let alone = [both.forSearch(0), both.forSearch(1)].map { options in
            var single = options
            single.searches = 1
            return plan(single)
        }
        #expect(alone[0].cost != alone[1].cost, "the two seeds search differently")
        let together = plan(both)
        let better = alone[1].cost < alone[0].cost ? alone[1] : alone[0]
        #expect(together.routes == better.routes && together.cost == better.cost)
        #expect(together.iterations == 400 && !together.stoppedByTimeLimit)
        #expect(plan(both).routes == together.routes)
    }

    @Test func bestKnownSolutionsRecostExactly() throws {
        // The reader's distance conventions give exactly the published cost of each .sol file.
        for (name, bks) in try FleetData.bestKnown() {
            let instance = try FleetData.instance(name)
            let routes = try FleetData.solutionRoutes(name)
            let costs = instance.problem.matrices.distances
            var total = 0.0
            for route in routes {
                let places = [0] + route + [0]
                total += zip(places, places.dropFirst()).reduce(0) { $0 + costs[$1.0, $1.1] }
            }
            #expect(abs(total / instance.costScale - bks) < 1e-6, "\(name)")
        }
    }
}

/// The VRP folder of the shared data, when present.
enum FleetData {
    static let folder = SharedData.root.appendingPathComponent("vrp")
    static var isAvailable: Bool { FileManager.default.fileExists(atPath: folder.appendingPathComponent("bks.csv").path) }

    static func instance(_ name: String) throws -> VRPLIBInstance {
        let vrp = folder.appendingPathComponent("\(name).vrp")
        if FileManager.default.fileExists(atPath: vrp.path) {
            return try VRPLIBInstance(cvrp: String(contentsOf: vrp, encoding: .utf8))
        }
        return try VRPLIBInstance(solomon: String(contentsOf: folder.appendingPathComponent("\(name).txt"), encoding: .utf8))
    }

    static func bestKnown() throws -> [String: Double] {
        let text = try String(contentsOf: folder.appendingPathComponent("bks.csv"), encoding: .utf8)
        var result: [String: Double] = [:]
        for line in text.split(separator: "\n").dropFirst() {
            let fields = line.split(separator: ",")
            if fields.count > 6, let value = Double(fields[6]) { result[String(fields[0])] = value }
        }
        return result
    }

    /// The routes of NAME.sol, customers numbered from 1 (= places).
    static func solutionRoutes(_ name: String) throws -> [[Int]] {
        let text = try String(contentsOf: folder.appendingPathComponent("\(name).sol"), encoding: .utf8)
        return text.split(separator: "\n").filter { $0.hasPrefix("Route") }.map { line in
            line.split(separator: ":")[1].split(separator: " ").compactMap { Int($0) }
        }
    }
}
