import Testing
import TestSupport
@testable import MapRouting

/// The α-nearness candidates (subgradient ascent on the nearest-neighbour graph) and the
/// 3-opt chain that scans them.
@Suite("α-nearness and the 3-opt chain")
struct AlphaNearnessTests {
    static func lists(_ model: CycleModel, iterations: Int) throws -> (NeighbourLists, AlphaNearness) {
        let nearest = NeighbourLists(table: model.table, isSymmetric: true, k: 20)
        let lists = try #require(AlphaNearness.lists(
            cost: { model.table[$0, $1] }, nearest: nearest, count: model.table.size, k: 5, iterations: iterations,
            upperBound: model.table.cost(ofCycle: GreedyEdgeTour.build(table: model.table, neighbours: nearest, start: 0)),
            deadline: nil))
        return (nearest.prefix(10), lists)
    }

    /// Held and Karp's bound is below the optimal tour and the ascent raises it close to it (300
    /// steps end 0.4–1.0 % below on these three, about where LKH's full ascent of seconds ends);
    /// the optima are TSPLIB's.
    @Test(.enabled(if: TSPLIBData.isAvailable, "../shared/data/tsplib is absent"), arguments: ["pcb442", "rat783", "pr1002"])
    func boundIsBelowTheOptimumAndCloseToIt(name: String) throws {
        let optimum = Double(try #require(try TSPLIBData.optima()[name]))
        // The plain matrix: a cycle model's table also holds its round trip's rank penalties.
        let matrix = try TSPLIBData.instance(name).costMatrix()
        let table = CostTable(size: matrix.count)
        for from in 0..<matrix.count { for to in 0..<matrix.count { table[from, to] = matrix[from, to] } }
        let nearest = NeighbourLists(table: table, isSymmetric: true, k: 20)
        let upperBound = table.cost(ofCycle: GreedyEdgeTour.build(table: table, neighbours: nearest, start: 0))
        func lists(after iterations: Int) throws -> AlphaNearness {
            try #require(AlphaNearness.lists(
                cost: { table[$0, $1] }, nearest: nearest, count: matrix.count, k: 5, iterations: iterations,
                upperBound: upperBound, deadline: nil))
        }
        // The ascent (300 steps, the most a search takes) raises the bound by at least 2 % of the optimum.
        let (start, lists) = (try lists(after: 0), try lists(after: 300))
        #expect(lists.lowerBound <= optimum)
        #expect(lists.lowerBound >= 0.985 * optimum && lists.lowerBound > start.lowerBound + 0.02 * optimum,
                "\(name): bound \(start.lowerBound) → \(lists.lowerBound), optimum \(optimum)")
        #expect(lists.k == 5 && lists.nodes.count == 5 * matrix.count)
        // Each list names five distinct other nodes.
        for node in 0..<matrix.count {
            let listed = Set(lists.nodes[(5 * node)..<(5 * node + 5)])
            #expect(listed.count == 5 && !listed.contains(Int32(node)))
        }
    }

    @Test func chainImprovesARandomTourAndKeepsItsCostExact() throws {
        let model = CycleModel(try TourProblem(costs: Fixtures.randomPlaneMatrix(count: 600, seed: 21)))
        let (neighbours, lists) = try Self.lists(model, iterations: 100)
        var random = RandomSource(seed: 3)
        var order = Array(0..<model.table.size)
        for index in order.indices.reversed() { order.swapAt(index, random.below(index + 1)) }
        let tour = SearchTour(model: model, neighbours: neighbours, alphaLists: lists, initialOrder: order)
        let start = tour.cost
        var moves = 0
        for node in 0..<tour.count where tour.improveByThreeOptChain(node) {
            moves += 1
            #expect(SearchOperatorTests.isPermutation(tour))
            #expect(abs(tour.cost - tour.recomputedCost()) < 1e-6)
        }
        #expect(moves > 0 && tour.cost < start)
    }

    @Test func chainFindsMovesTheOtherOperatorsMissAndKicksUndoExactly() throws {
        let model = CycleModel(try TourProblem(costs: Fixtures.randomPlaneMatrix(count: 600, seed: 8)))
        let (neighbours, lists) = try Self.lists(model, iterations: 100)
        // A local optimum of 2-opt, Or-opt, 3-opt and Lin–Kernighan still has chain moves.
        let plain = SearchTour(model: model, neighbours: neighbours, alphaLists: lists, initialOrder: Array(0..<model.table.size))
        var found = true
        while found {
            found = false
            for node in 0..<plain.count where plain.improveByTwoOpt(node) || plain.improveByOrOpt(node)
                || plain.improveByOrThreeOpt(node) || plain.improveByThreeOpt(node) || plain.improveByLinKernighan(node) {
                found = true
            }
        }
        let optimumOfOthers = plain.cost
        let chainMoves = (0..<plain.count).filter { plain.improveByThreeOptChain($0) }.count
        #expect(chainMoves > 0 && plain.cost < optimumOfOthers)
        #expect(abs(plain.cost - plain.recomputedCost()) < 1e-6)
        // Kicks followed by the whole local search (chain first): kept or undone exactly.
        let tour = SearchTour(model: model, neighbours: neighbours, alphaLists: lists, initialOrder: Array(0..<model.table.size))
        tour.enqueueAll()
        tour.runLocalSearch()
        tour.chainFirst = true
        SearchOperatorTests.kickKeepingOrUndoing(tour, rounds: 40, seed: 5)
    }
}
