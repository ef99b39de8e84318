import Testing
import TestSupport
@testable import MapRouting

/// Closed tours on TSPLIB instances with their own integer distances, against the
/// published optima (`../shared/data/tsplib/optima.csv`).
@Suite("TSPLIB", .enabled(if: TSPLIBData.isAvailable, "../shared/data/tsplib is absent: TSPLIB tests skipped"))
struct TSPLIBTests {
    static let upTo200 = ["ulysses22", "eil51", "berlin52", "st70", "eil76", "gr96", "kroA100", "ch130", "ch150"]

    @Test(arguments: upTo200)
    func reachesTheOptimum(name: String) throws {
        let instance = try TSPLIBData.instance(name)
        let optimum = try #require(try TSPLIBData.optima()[name])
        let problem = try TourProblem(costs: instance.costMatrix(), start: 0, end: .returnToStart)
        let solution = try TourSolver.solve(problem, options: TourSearchOptions(timeLimit: nil))
        #expect(Fixtures.isFeasible(solution.order, for: problem))
        #expect(solution.cost == Double(optimum), "\(name): \(solution.cost) vs optimum \(optimum)")
        #expect(!solution.isProvenOptimal && !solution.stoppedByTimeLimit)
    }

    @Test func distanceConventionsMatchTheReadme() throws {
        // GEO: city 1 → 2 of ulysses22, and the diagonal; EUC_2D rounds each edge.
        let ulysses = try TSPLIBData.instance("ulysses22")
        #expect(ulysses.edgeWeightType == "GEO" && ulysses.coordinates.count == 22)
        #expect(ulysses.distance(0, 0) == 0)
        #expect(ulysses.distance(0, 1) == ulysses.distance(1, 0))
        let berlin = try TSPLIBData.instance("berlin52")
        let (a, b) = (berlin.coordinates[0], berlin.coordinates[1])
        let exact = ((a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y)).squareRoot()
        #expect(berlin.distance(0, 1) == Int(exact + 0.5))
    }

    /// Held–Karp against brute force on random subsets of real instances (both GEO and EUC_2D).
    @Test(arguments: ["ulysses22", "gr96", "kroA100"])
    func heldKarpMatchesBruteForceOnSubsets(name: String) throws {
        let matrix = try TSPLIBData.instance(name).costMatrix()
        var random = RandomSource(seed: 5)
        for size in [6, 8, 10] {
            var pool = Array(0..<matrix.count)
            var subset: [Int] = []
            for _ in 0..<size { subset.append(pool.remove(at: random.below(pool.count))) }
            for end in [TourEnd.returnToStart, .anywhere, .at(size - 1)] {
                let problem = try TourProblem(costs: matrix.submatrix(subset), start: 0, end: end)
                let solution = try TourSolver.solve(problem, options: TourSearchOptions(timeLimit: nil))
                #expect(solution.isProvenOptimal)
                #expect(solution.cost == Fixtures.bruteForce(problem), "\(name) \(subset) \(end)")
            }
        }
    }
}
