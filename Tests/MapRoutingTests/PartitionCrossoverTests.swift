import Foundation
import Testing
@testable import MapRouting

/// Merging two tours (``PartitionCrossover``): the child is one cycle over every node, never
/// longer than the first tour, and takes from each tour the parts where it is the shorter.
@Suite("Partition crossover")
struct PartitionCrossoverTests {
    /// `count` points on a circle of radius 1,000: the shortest tour goes round in order.
    static func circle(_ count: Int) -> (Int, Int) -> Double {
        let points = (0..<count).map { index in
            let angle = 2 * Double.pi * Double(index) / Double(count)
            return (1_000 * cos(angle), 1_000 * sin(angle))
        }
        return { hypot(points[$0].0 - points[$1].0, points[$0].1 - points[$1].1) }
    }

    static func length(_ cycle: [Int], _ cost: (Int, Int) -> Double) -> Double {
        cycle.indices.reduce(0) { $0 + cost(cycle[$1], cycle[($1 + 1) % cycle.count]) }
    }

    /// `cycle` with the nodes at positions `range` in reverse: a 2-opt move that crosses two edges.
    static func reversing(_ cycle: [Int], _ range: ClosedRange<Int>) -> [Int] {
        var spoiled = cycle
        spoiled[range].reverse()
        return spoiled
    }

    @Test("two tours spoiled in different places merge into the unspoiled tour, either way round")
    func spoiledInDifferentPlaces() {
        let cost = Self.circle(60)
        let round = Array(0..<60)
        let first = Self.reversing(round, 5...12), second = Self.reversing(round.reversed(), 30...41)
        for (a, b) in [(first, second), (second, first)] {
            let child = PartitionCrossover.child(of: a, b, cost: cost, epsilon: 1e-9).order
            #expect(child.sorted() == round)
            #expect(abs(Self.length(child, cost) - Self.length(round, cost)) < 1e-6)
            #expect(Self.length(child, cost) < min(Self.length(a, cost), Self.length(b, cost)) - 1)
        }
    }

    @Test("the child of two searches from one local optimum is one cycle, no longer than the first; often shorter than both")
    func searchesFromOneLocalOptimum() throws {
        var shorterThanBoth = 0
        for seed in UInt64(1)...20 {
            let model = CycleModel(try TourProblem(costs: Fixtures.randomPlaneMatrix(count: 300, seed: seed)))
            let n = model.table.size
            let neighbours = NeighbourLists(table: model.table, isSymmetric: true, k: 8)
            let start = SearchTour(model: model, neighbours: neighbours, initialOrder: Array(0..<n))
            start.enqueueAll()
            start.runLocalSearch()
            // Two short searches as the side-by-side ones run: kicks kept when they shorten the tour.
            let searched: [[Int]] = (0..<2).map { search in
                let tour = SearchTour(model: model, neighbours: neighbours, initialOrder: start.nodes)
                var random = RandomSource(seed: seed * 2 + UInt64(search))
                for _ in 0..<60 {
                    let before = tour.cost
                    tour.startJournal()
                    tour.kickDoubleBridge(random: &random, maxSegment: 30)
                    tour.runLocalSearch()
                    tour.stopJournal()
                    if tour.cost > before - 1e-9 { tour.undoJournal(); tour.cost = before }
                }
                return tour.nodes
            }
            let cost = { (from: Int, to: Int) in model.table[from, to] }
            let child = PartitionCrossover.child(of: searched[0], searched[1], cost: cost, epsilon: model.epsilon).order
            #expect(child.sorted() == Array(0..<n))
            let (a, b, c) = (Self.length(searched[0], cost), Self.length(searched[1], cost), Self.length(child, cost))
            #expect(c <= a + 1e-6)
            if c < min(a, b) - 1e-6 { shorterThanBoth += 1 }
        }
        #expect(shorterThanBoth >= 10, "the child was shorter than both parents \(shorterThanBoth) times in 20")
    }

    @Test("a tour merged with itself, or with itself read backwards, is the same cycle")
    func sameTour() {
        let cost = Self.circle(30)
        let tour = Self.reversing(Array(0..<30), 3...9)
        #expect(PartitionCrossover.child(of: tour, tour, cost: cost, epsilon: 1e-9) == (tour, []))
        let backwards = PartitionCrossover.child(of: tour, tour.reversed(), cost: cost, epsilon: 1e-9).order
        #expect(abs(Self.length(backwards, cost) - Self.length(tour, cost)) < 1e-9)
    }
}
