import Testing
@testable import MapRouting

/// Each local-search operator alone: it keeps a valid tour, its running cost equals the
/// recomputed cost, and a kick followed by an undo restores the tour exactly.
@Suite("Search operators")
struct SearchOperatorTests {
    static func tour(symmetric: Bool, seed: UInt64) throws -> SearchTour {
        let costs = Fixtures.randomMatrix(count: 40, symmetric: symmetric, seed: seed)
        let model = CycleModel(try TourProblem(costs: costs))
        var random = RandomSource(seed: seed)
        var order = Array(0..<model.table.size)
        for index in order.indices.reversed() { order.swapAt(index, random.below(index + 1)) }
        return SearchTour(model: model, neighbours: NeighbourLists(table: model.table, isSymmetric: model.isSymmetric, k: 8), initialOrder: order)
    }

    static func isPermutation(_ tour: SearchTour) -> Bool { tour.nodes.sorted() == Array(0..<tour.count) }

    /// Kicks a descended `tour` `rounds` times, each kick followed by the whole local search, and
    /// checks the tour and its running cost; a kick that does not improve is undone and must
    /// restore the tour exactly. Returns how many kicks improved.
    @discardableResult
    static func kickKeepingOrUndoing(_ tour: SearchTour, rounds: Int, seed: UInt64) -> Int {
        var random = RandomSource(seed: seed)
        var improved = 0
        for _ in 0..<rounds {
            let before = tour.nodes, cost = tour.cost
            tour.startJournal()
            tour.kickDoubleBridge(random: &random, maxSegment: 50)
            tour.runLocalSearch()
            tour.stopJournal()
            #expect(isPermutation(tour))
            #expect(abs(tour.cost - tour.recomputedCost()) < 1e-6)
            if tour.cost < cost - 1e-9 { improved += 1; continue }
            tour.undoJournal()
            tour.cost = cost
            #expect(tour.nodes == before)
        }
        return improved
    }

    @Test(arguments: [true, false])
    func eachOperatorImprovesAndKeepsItsCostExact(symmetric: Bool) throws {
        let operators: [(String, (SearchTour, Int) -> Bool)] = [
            ("2-opt", { $0.improveByTwoOpt($1) }),
            ("Or-opt", { $0.improveByOrOpt($1) }),
            ("Or-3opt", { $0.improveByOrThreeOpt($1) }),
        ] + (symmetric ? [("3-opt", { $0.improveByThreeOpt($1) }), ("Lin-Kernighan", { $0.improveByLinKernighan($1) })] : [])
        for (name, apply) in operators {
            let tour = try Self.tour(symmetric: symmetric, seed: 3)
            let start = tour.cost
            var moves = 0
            for node in 0..<tour.count where apply(tour, node) {
                moves += 1
                #expect(Self.isPermutation(tour), "\(name)")
                #expect(abs(tour.cost - tour.recomputedCost()) < 1e-6, "\(name)")
            }
            #expect(moves > 0, "\(name) found no improving move on a random tour")
            #expect(tour.cost < start, "\(name)")
        }
    }

    @Test(arguments: [true, false])
    func localSearchThenKickAndUndoRestoresTheTour(symmetric: Bool) throws {
        let tour = try Self.tour(symmetric: symmetric, seed: 4)
        tour.enqueueAll()
        tour.runLocalSearch()
        #expect(abs(tour.cost - tour.recomputedCost()) < 1e-6)
        var random = RandomSource(seed: 9)
        for round in 0..<20 {
            let before = tour.nodes, cost = tour.cost
            tour.startJournal()
            tour.kickDoubleBridge(random: &random, maxSegment: 10)
            #expect(abs(tour.cost - tour.recomputedCost()) < 1e-6)
            // Every other round the small-tour scramble follows, as in the search.
            if round % 2 == 1 {
                tour.kickSegmentScramble(random: &random, window: 30, reversals: 10)
                #expect(Self.isPermutation(tour))
                #expect(abs(tour.cost - tour.recomputedCost()) < 1e-6)
            }
            tour.runLocalSearch()
            #expect(Self.isPermutation(tour))
            tour.undoJournal()
            tour.cost = cost
            #expect(tour.nodes == before)
        }
        // The scramble alone changes the tour: it is a real perturbation.
        let beforeScramble = tour.nodes
        tour.kickSegmentScramble(random: &random, window: 30, reversals: 10)
        #expect(tour.nodes != beforeScramble)
        #expect(abs(tour.cost - tour.recomputedCost()) < 1e-6)
    }

    /// From 500 nodes the descent also tries Lin–Kernighan chains, whose flips past the best
    /// closing point are taken back inside a journaled kick: undoing the kick must still
    /// restore the tour exactly, and LK must find moves the other operators left.
    @Test func linKernighanOnALargeTourKeepsTheJournalExact() throws {
        let costs = Fixtures.randomMatrix(count: 600, symmetric: true, seed: 21)
        let model = CycleModel(try TourProblem(costs: costs))
        let neighbours = NeighbourLists(table: model.table, isSymmetric: true, k: 8)
        let tour = SearchTour(model: model, neighbours: neighbours, initialOrder: Array(0..<model.table.size))
        #expect(tour.usesLinKernighan)
        tour.enqueueAll()
        tour.runLocalSearch()
        #expect(abs(tour.cost - tour.recomputedCost()) < 1e-6)
        #expect(Self.kickKeepingOrUndoing(tour, rounds: 30, seed: 2) > 0)
        // A local optimum of the other operators still has LK moves on a random table.
        let plain = SearchTour(model: model, neighbours: neighbours, initialOrder: Array(0..<model.table.size))
        var found = true
        while found {
            found = false
            for node in 0..<plain.count where plain.improveByTwoOpt(node) || plain.improveByOrOpt(node)
                || plain.improveByOrThreeOpt(node) || plain.improveByThreeOpt(node) { found = true }
        }
        let optimumOfOthers = plain.cost
        let lkMoves = (0..<plain.count).filter { plain.improveByLinKernighan($0) }.count
        #expect(lkMoves > 0 && plain.cost < optimumOfOthers)
        #expect(abs(plain.cost - plain.recomputedCost()) < 1e-6)
    }

    @Test func constructionsVisitEveryNodeOnceFromTheStart() throws {
        for symmetric in [true, false] {
            let costs = Fixtures.randomMatrix(count: 60, symmetric: symmetric, seed: 12)
            let model = CycleModel(try TourProblem(costs: costs, start: 5, end: .anywhere))
            let neighbours = NeighbourLists(table: model.table, isSymmetric: model.isSymmetric, k: 8)
            let builds = [
                GreedyEdgeTour.build(table: model.table, neighbours: neighbours, start: model.start),
                NearestNeighbourTour.build(table: model.table, neighbours: neighbours, start: model.start),
            ]
            for tour in builds {
                #expect(tour.first == 5)
                #expect(tour.sorted() == Array(0..<model.table.size))
            }
        }
    }
}
