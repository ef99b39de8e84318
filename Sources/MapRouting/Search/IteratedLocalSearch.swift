/// Iterated local search: descend to a local optimum, then repeatedly kick the tour
/// with a local double bridge (on small tours followed by a segment scramble), descend again, and keep the result unless it is worse
/// than the best tour so far by more than a small slack (record-to-record travel: the
/// slack lets the search leave deep local optima on small instances); a rejected
/// result is undone from the journal. The best tour seen is returned.
///
/// Budget: `iterations` kicks per search, deterministic for a given seed. The optional
/// wall-clock `deadline` is checked every few kicks and only caps the run. With `searches`
/// above one, that many searches kick the first local optimum side by side, one per core,
/// with seeds of their own; every ``mergeInterval`` kicks and at the end the shortest cycle
/// is merged with the others where they are shorter (``PartitionCrossover``; still
/// deterministic) and every search goes on from the merged cycle. On an open path the side
/// searches' first round starts from their own nearest-neighbour path instead.
struct IteratedLocalSearch {
    var iterations: Int
    var seed: UInt64
    var deadline: ContinuousClock.Instant?
    /// Longest segment of a double-bridge kick.
    var maxSegment = 100
    /// Accepted excess over the best cost, in mean costs from a node to its nearest neighbour;
    /// with α-nearness candidates `alphaSlack`. Measured at 0.2 and 1 s on 1,000–5,000 GeoNames
    /// places (closed and open, 5 seeds, medians): 0.3 gave shorter routes than 1.0 in 10 of 12
    /// cases (by 0.006–0.16 % of the best known), longer in 2 (by 0.001 and 0.005 %).
    var slack = 1.0
    var alphaSlack = 0.3
    /// Tours up to this many nodes get a segment scramble after each double bridge. Measured
    /// with `RouterBench --reach` (CPU time until LKH's best tour, seeds 1–40): on the 100 and
    /// 200 stop Helsinki instances the median falls from 6.1 and 11.9 ms to 3.1 and 5.5 ms;
    /// larger tours gain more from many cheap local kicks.
    var scrambleLimit = 300
    /// Nodes in the scrambled window, and random reversals inside it.
    var scrambleWindow = 30
    var scrambleReversals = 10

    /// Searches run side by side, each with `iterations` and a seed of its own (the first
    /// with `seed`); the shortest cycle wins.
    var searches = 1

    /// Steps of the subgradient ascent behind the α-nearness candidates (``AlphaNearness``)
    /// that ``SearchTour/improveByThreeOptChain(_:)`` scans; 0 for none.
    var ascentIterations = 0
    /// The nearest neighbours per node that make the ascent's sparse graph, and the
    /// α-nearest kept per node (LKH's five).
    static let ascentNeighbours = 20
    static let alphaCandidates = 5
    /// Links kept per part of the candidate graph that no list joins to the rest
    /// (``NeighbourLists/linkingParts(of:kept:linksPerPart:deadline:)``).
    static let linksPerPart = 5

    struct Outcome: Sendable {
        var cycle: [Int]
        var cost: Double
        var iterations: Int
        var stoppedByDeadline: Bool
    }

    func run(model: CycleModel, neighbourCount: Int) -> Outcome {
        // The solver asks for an ascent only on symmetric costs (`linKernighanApplies`).
        let usesAlpha = ascentIterations > 0
        let nearest = NeighbourLists(table: model.table, isSymmetric: model.isSymmetric,
                                     k: usesAlpha ? max(neighbourCount, Self.ascentNeighbours) : neighbourCount)
            .linkingParts(of: model, kept: neighbourCount, linksPerPart: Self.linksPerPart, deadline: deadline)
        let neighbours = nearest.prefix(neighbourCount)
        let first = construction(model, neighbours, nearestNeighbour: !model.isSymmetric)
        // On an open path the dummy end is in few α lists (1 of 1,001 on 1,000 GeoNames places).
        // Putting it in every list, in the last of 5 places or as a 6th, made open paths longer
        // (0.2 s: 500 places 0.15 → 0.34 / 0.17 %, 2,000 places 0.72 → 0.99 / 1.05 %; 10 seeds).
        let alphaLists = usesAlpha
            ? AlphaNearness.lists(cost: { model.table[$0, $1] }, nearest: nearest, count: model.table.size,
                                  k: Self.alphaCandidates, iterations: ascentIterations,
                                  upperBound: model.table.cost(ofCycle: first), deadline: deadline)
            : nil
        let tour = SearchTour(model: model, neighbours: neighbours, alphaLists: alphaLists, initialOrder: first)
        tour.enqueueAll()
        let descended = tour.runLocalSearch(until: deadline)
        guard descended, tour.count >= 8 else {
            return Outcome(cycle: tour.nodes, cost: tour.cost, iterations: 0, stoppedByDeadline: !descended)
        }
        guard searches > 1 else { return kick(tour, seed: seed) }
        // Searches that are not merged run one round.
        let interval = Self.mergesCycles(model) ? Self.mergeInterval : Int.max
        var kicksLeft = iterations
        var round = 0
        var result = Outcome(cycle: tour.nodes, cost: tour.cost, iterations: 0, stoppedByDeadline: false)
        repeat {
            var search = self
            search.iterations = min(kicksLeft, interval)
            if kicksLeft != .max { kicksLeft -= search.iterations }
            // The first round goes on from the first descent; the others from the last merge.
            let order = round == 0 ? tour.nodes : result.cycle
            let from = round == 0 ? tour : SearchTour(model: model, neighbours: neighbours, alphaLists: alphaLists, initialOrder: order)
            let shared = SharedDescent(model: model, neighbours: neighbours, alphaLists: alphaLists, order: order)
            let merged = search.sideBySide(from, shared: shared, seed: Self.seed(seed, round: round), firstRound: round == 0)
            result = Outcome(cycle: merged.cycle, cost: merged.cost, iterations: result.iterations + merged.iterations,
                             stoppedByDeadline: merged.stoppedByDeadline)
            round += 1
        } while kicksLeft > 0 && !result.stoppedByDeadline && !SearchStop.isCancelled
        return result
    }

    /// Kicks each side-by-side search makes before their cycles are merged
    /// (``PartitionCrossover``) and all go on from the merged one, so that improvements the
    /// searches found in different parts of the tour add up during the search, not only at its
    /// end. Measured at 1 and 2 s on 2,000 and 5,000 GeoNames places (round trip and open, 10
    /// seeds, medians, against one merge at the end): shorter in 6 of 8 cases, by up to 0.038 %
    /// of the best known (5,000 open at 1 s: 0.153 → 0.115 %), the same in one, 0.001 % longer
    /// in one. 100 and 300 kicks were no better than 1,000 (one run of 8 seeds).
    static let mergeInterval = 1_000

    /// Whether the searches' cycles are merged: partition crossover compares edges without
    /// their direction, so it needs symmetric costs, and with groups a merge may move the first
    /// and last stops.
    private static func mergesCycles(_ model: CycleModel) -> Bool { model.isSymmetric && !model.hasGroups }

    /// The seed of a round's first search: the search's own seed in the first round, so that
    /// a run of fewer kicks than ``mergeInterval`` is that of one search and a merge.
    private static func seed(_ seed: UInt64, round: Int) -> UInt64 {
        round == 0 ? seed : seed ^ (UInt64(round) &* 0xD1B5_4A32_D192_ED03)
    }

    /// One round: `searches` searches side by side from `tour` (the side ones from a copy, or in
    /// an open path's `firstRound` from a construction of their own), their best cycles merged.
    private func sideBySide(_ tour: SearchTour, shared: SharedDescent, seed: UInt64, firstRound: Bool) -> Outcome {
        let model = shared.model
        let outcomes = SideBySideSearches.run(sideCount: searches - 1, side: { index in
            let sideSeed = SideBySideSearches.seed(seed, forSearch: index)
            guard firstRound, shared.model.hasFreeEnd, shared.model.isSymmetric else {
                let copy = SearchTour(model: shared.model, neighbours: shared.neighbours, alphaLists: shared.alphaLists,
                                      initialOrder: shared.order)
                return kick(copy, seed: sideSeed)
            }
            // An open path's free end sets its whole shape, and kicks seldom carry the end far
            // (Benchmarks/router/README.md): the side searches start from a shape of their own.
            let own = SearchTour(model: shared.model, neighbours: shared.neighbours, alphaLists: shared.alphaLists,
                                 initialOrder: construction(shared.model, shared.neighbours, nearestNeighbour: true))
            own.enqueueAll()
            guard own.runLocalSearch(until: deadline) else {
                return Outcome(cycle: own.nodes, cost: own.cost, iterations: 0, stoppedByDeadline: true)
            }
            return kick(own, seed: sideSeed)
        }, main: {
            kick(tour, seed: seed)
        })
        // The shortest cycle, the first search's on a tie, merged with the others; the work and
        // the clock of all of them.
        var best = outcomes[0]
        for outcome in outcomes.dropFirst() where outcome.cost < best.cost - tour.epsilon { best = outcome }
        if Self.mergesCycles(model) {
            best = merged(outcomes, into: best, model: model, neighbours: shared.neighbours, alphaLists: shared.alphaLists)
        }
        best.iterations = outcomes.reduce(0) { $0 + $1.iterations }
        best.stoppedByDeadline = outcomes.contains { $0.stoppedByDeadline }
        return best
    }

    /// The other searches' cycles merged into the best one by ``PartitionCrossover``, then
    /// descended around the nodes the merge changed; the best cycle itself when that is no
    /// shorter. One merge took no measurable time on 10,000 places (release: 1.46 s before,
    /// 1.47 s after); with a merge every ``mergeInterval`` kicks the default run's times did not
    /// change either (1,000–10,000 places, seeds 1–3).
    /// Only where ``mergesCycles(_:)``.
    private func merged(
        _ outcomes: [Outcome], into best: Outcome, model: CycleModel, neighbours: NeighbourLists, alphaLists: AlphaNearness?
    ) -> Outcome {
        guard !SearchStop.isCancelled else { return best }
        var child = best.cycle
        var changed: [Int] = []
        for outcome in outcomes where outcome.cycle != best.cycle {
            let merge = PartitionCrossover.child(of: child, outcome.cycle, cost: { model.table[$0, $1] }, epsilon: model.epsilon)
            (child, changed) = (merge.order, changed + merge.changed)
        }
        guard !changed.isEmpty else { return best }
        let tour = SearchTour(model: model, neighbours: neighbours, alphaLists: alphaLists, initialOrder: child)
        for node in changed { tour.enqueue(node) }
        tour.runLocalSearch()
        guard tour.cost < best.cost - tour.epsilon else { return best }
        var result = best
        (result.cycle, result.cost) = (tour.nodes, tour.cost)
        return result
    }

    /// The first cycle: greedy edge matching, or the nearest-neighbour path from the start
    /// (asymmetric tables, whose direction greedy matching ignores, and the side searches of
    /// an open path), its groups then put in order.
    private func construction(_ model: CycleModel, _ neighbours: NeighbourLists, nearestNeighbour: Bool) -> [Int] {
        let constructed = nearestNeighbour
            ? NearestNeighbourTour.build(table: model.table, neighbours: neighbours, start: model.start)
            : GreedyEdgeTour.build(table: model.table, neighbours: neighbours, start: model.start)
        return model.hasGroups ? model.orderedByRank(constructed) : constructed
    }

    /// The kicks from a descended `tour`: the best cycle they reach.
    private func kick(_ tour: SearchTour, seed: UInt64) -> Outcome {
        var random = RandomSource(seed: seed)
        // After the first descent, which is faster with the cheap moves first (on a
        // construction, chains run long and are mostly taken back), the chain comes first:
        // at 1 s on 1,000 places 0.000 % above the best known instead of 0.031 %.
        tour.chainFirst = true
        var done = 0
        var stopped = false
        var best = tour.nodes
        var bestCost = tour.cost
        // The chain's deeper descents need less slack to leave a local optimum.
        let threshold = (tour.alphaK > 0 ? alphaSlack : slack) * tour.meanNearestNeighbourCost
        while done < iterations {
            if done & 15 == 0, SearchStop.isDue(deadline) {
                stopped = true
                break
            }
            let before = tour.cost
            tour.startJournal()
            tour.kickDoubleBridge(random: &random, maxSegment: maxSegment)
            if tour.count <= scrambleLimit {
                tour.kickSegmentScramble(random: &random, window: scrambleWindow, reversals: scrambleReversals)
            }
            tour.runLocalSearch()
            tour.stopJournal()
            if tour.cost > before + tour.epsilon && tour.cost > bestCost + threshold {
                tour.undoJournal()
                tour.cost = before
            } else if tour.cost < bestCost - tour.epsilon {
                best = tour.nodes
                bestCost = tour.cost
            }
            done += 1
        }
        return tour.cost <= bestCost
            ? Outcome(cycle: tour.nodes, cost: tour.cost, iterations: done, stoppedByDeadline: stopped)
            : Outcome(cycle: best, cost: bestCost, iterations: done, stoppedByDeadline: stopped)
    }
}

/// What every side search starts from: the model, the candidate lists and the first local
/// optimum. `@unchecked`: the model's cost table is written while it is built and only read
/// afterwards; each search keeps its tour in a ``SearchTour`` of its own.
private struct SharedDescent: @unchecked Sendable {
    let model: CycleModel
    let neighbours: NeighbourLists
    let alphaLists: AlphaNearness?
    let order: [Int]
}
