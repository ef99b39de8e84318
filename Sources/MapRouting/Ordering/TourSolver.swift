/// Finds the cheapest order for a ``TourProblem``: exactly (Held–Karp) when there are
/// at most ``TourSearchOptions/exactLimit`` places between start and end, otherwise by
/// iterated local search (2-opt, Or-opt and sequential 3-opt moves with candidate lists
/// and don't-look bits, Lin–Kernighan chains and, on α-nearness candidates, LKH-style 3-opt
/// chains from 500 places, double-bridge kicks):
/// ``TourSearchOptions/searches`` such searches with seeds of their own run side by side
/// (one per core) and the shortest order wins.
public enum TourSolver {
    /// Solves `problem`.
    /// - Throws: ``TourProblemError/isolated(place:direction:)`` when a place has only
    ///   infinite costs, ``TourProblemError/unreachable(from:to:)`` when the best order
    ///   found still needs an unreachable pair.
    public static func solve(
        _ problem: TourProblem, options: TourSearchOptions = TourSearchOptions()
    ) throws(TourProblemError) -> TourSolution {
        // The cap covers the whole solve, building the model included.
        let capped = options.timeLimit.map { ContinuousClock.now + $0 }
        let deadline = [capped, options.deadline].compactMap { $0 }.min()
        try checkIsolatedPlaces(problem)
        let model = CycleModel(problem)
        let inner = model.table.size - 2
        let order: [Int]
        let proven: Bool
        var iterations = 0
        var stopped = false
        if inner <= options.exactLimit {
            order = model.order(fromCycle: HeldKarp.shortestPath(in: model))
            proven = true
        } else {
            let search = IteratedLocalSearch(
                iterations: options.iterations ?? TourSearchOptions.automaticIterations(
                    places: model.table.size, linKernighan: SearchTour.linKernighanApplies(to: model)),
                seed: options.seed,
                deadline: deadline,
                searches: options.searches,
                ascentIterations: SearchTour.linKernighanApplies(to: model)
                    ? TourSearchOptions.ascentIterations(places: model.table.size, budget: ascentBudget(options, deadline)) : 0)
            let outcome = search.run(model: model, neighbourCount: options.neighbourCount)
            order = model.order(fromCycle: outcome.cycle)
            proven = false
            iterations = outcome.iterations
            stopped = outcome.stoppedByDeadline
        }
        var cost = 0.0
        var legs = Array(zip(order, order.dropFirst()))
        if problem.end == .returnToStart, let last = order.last, order.count > 1 { legs.append((last, problem.start)) }
        for (from, to) in legs {
            let leg = problem.costs[from, to]
            guard leg.isFinite else { throw .unreachable(from: from, to: to) }
            cost += leg
        }
        return TourSolution(
            order: order, cost: cost, isProvenOptimal: proven, iterations: iterations,
            stoppedByTimeLimit: stopped)
    }

    /// The time the ascent takes its share of: what is left before the deadline when the
    /// search runs until it (`iterations` of `Int.max`); else the time limit (2 s without one),
    /// so that a search with a number of iterations gives the same answer on every run, unless
    /// the deadline leaves less than half of that: then what is left. An ascent planned for 2 s
    /// in the 0.2 s of `mapctl route --iterations 100 --time-limit 200` took the whole budget
    /// and gave up at the deadline, leaving the greedy construction (1,000 places: 13.8 %
    /// longer than `--time-limit 200` alone).
    static func ascentBudget(_ options: TourSearchOptions, _ deadline: ContinuousClock.Instant?) -> Duration {
        let left = deadline.map { ContinuousClock.now.duration(to: $0) }
        if options.iterations == .max, let left { return left }
        let planned = options.timeLimit ?? TourSearchOptions.defaultTimeLimit
        if let left, left < planned / 2 { return left }
        return planned
    }

    /// Rejects a place that nothing leads to or that leads nowhere. A row needs one finite
    /// entry (usually its first), and only columns not yet reached are looked at again, so a
    /// dense matrix costs about two rows instead of a full pass (0.4 G instructions on 4,461 places).
    private static func checkIsolatedPlaces(_ problem: TourProblem) throws(TourProblemError) {
        // Geodesic estimates are finite between every pair.
        guard case .matrix(let costs) = problem.costs else { return }
        let n = costs.count
        guard n > 1 else { return }
        var reachable = [Bool](repeating: false, count: n)
        var leaves = [Bool](repeating: false, count: n)
        var unreached = Array(0..<n)
        costs.values.withUnsafeBufferPointer { values in
            for from in 0..<n {
                let row = values.baseAddress! + from * n
                var to = 0
                while to < n && (to == from || !row[to].isFinite) { to += 1 }
                leaves[from] = to < n
                // Compacts the unreached columns in place (kept <= index).
                var kept = 0
                for index in unreached.indices {
                    let column = unreached[index]
                    if column != from && row[column].isFinite {
                        reachable[column] = true
                    } else {
                        unreached[kept] = column
                        kept += 1
                    }
                }
                unreached.removeSubrange(kept...)
            }
        }
        for place in 0..<n {
            if place != problem.start, !reachable[place] { throw .isolated(place: place, direction: "from") }
            // The last place of a path needs no exit: the fixed end, or the only stop of an open path.
            let needsExit = place != problem.end.fixedPlace && !(problem.end == .anywhere && n == 2)
            if needsExit, !leaves[place] { throw .isolated(place: place, direction: "to") }
        }
    }
}

extension TourEnd {
    var fixedPlace: Int? {
        if case .at(let place) = self { return place }
        return nil
    }
}
