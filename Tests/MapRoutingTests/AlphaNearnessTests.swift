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

    /// Before any step of the ascent the bound is the plain minimum 1-tree of the sparse
    /// graph (each place's 20 nearest, both ways): Kruskal's spanning tree, computed here on
    /// its own, plus the dearest of the leaves' cheapest edges outside the tree.
    @Test func firstBoundIsKruskalsTreePlusTheDearestLeafEdge() throws {
        let matrix = Fixtures.randomPlaneMatrix(count: 800, seed: 5)
        let count = matrix.count
        let table = CostTable(size: count)
        for from in 0..<count { for to in 0..<count { table[from, to] = matrix[from, to] } }
        let nearest = NeighbourLists(table: table, isSymmetric: true, k: 20)
        var edges = Set<[Int]>()
        for node in 0..<count { for other in nearest.of(node) { edges.insert([node, Int(other)].sorted()) } }
        var root = Array(0..<count)
        func find(_ node: Int) -> Int { var node = node; while root[node] != node { node = root[node] }; return node }
        var treeEdges = Set<[Int]>(), weight = 0.0, degree = [Int](repeating: 0, count: count)
        for edge in edges.sorted(by: { (table[$0[0], $0[1]], $0[0], $0[1]) < (table[$1[0], $1[1]], $1[0], $1[1]) }) {
            let (first, second) = (find(edge[0]), find(edge[1]))
            guard first != second else { continue }
            root[first] = second
            treeEdges.insert(edge)
            weight += table[edge[0], edge[1]]
            degree[edge[0]] += 1
            degree[edge[1]] += 1
        }
        #expect(treeEdges.count == count - 1)
        let leafEdge = (0..<count).filter { degree[$0] == 1 }.map { leaf in
            edges.filter { $0.contains(leaf) && !treeEdges.contains($0) }.map { table[$0[0], $0[1]] }.min() ?? -.infinity
        }.max()!
        let lists = try #require(AlphaNearness.lists(
            cost: { table[$0, $1] }, nearest: nearest, count: count, k: 5, iterations: 0,
            upperBound: .infinity, deadline: nil))
        #expect(abs(lists.lowerBound - (weight + leafEdge)) < 1e-6, "\(lists.lowerBound) against \(weight + leafEdge)")
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

    /// A search of a fixed number of iterations plans its ascent for its time limit, the same on
    /// every run; but an ascent planned for 2 s in a 0.2 s budget used to take all of it and give
    /// up at the deadline (`mapctl route --iterations 100 --time-limit 200` on 1,000 places:
    /// 13.8 % longer than `--time-limit 200` alone).
    @Test("the ascent's budget: the time limit for fixed iterations, unless the deadline leaves less than half")
    func ascentBudgetFitsTheDeadline() {
        let fixed = TourSearchOptions(iterations: 100, timeLimit: .milliseconds(200))
        #expect(TourSolver.ascentBudget(fixed, .now + .milliseconds(190)) == .milliseconds(200))
        #expect(TourSolver.ascentBudget(TourSearchOptions(iterations: 100), .now + .milliseconds(1_900)) == .seconds(2))
        #expect(TourSolver.ascentBudget(TourSearchOptions(iterations: 100), nil) == .seconds(2))
        let tight = TourSolver.ascentBudget(TourSearchOptions(iterations: 100), .now + .milliseconds(200))
        #expect(tight <= .milliseconds(200) && tight > .milliseconds(100))
        let untilDeadline = TourSolver.ascentBudget(TourSearchOptions(iterations: .max), .now + .milliseconds(500))
        #expect(untilDeadline <= .milliseconds(500) && untilDeadline > .milliseconds(400))
        // 1,000 places: 40 steps in 0.2 s, not the 300 of 2 s.
        #expect(TourSearchOptions.ascentIterations(places: 1_000, budget: .milliseconds(200)) == 40)
    }
}
