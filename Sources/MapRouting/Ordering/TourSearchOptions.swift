/// How hard and how long the ordering search works.
///
/// The search is deterministic: the same problem, seed and iteration budget give the
/// same order on every machine. `timeLimit` is then only a safety cap: when it ends the
/// search first, the result says so (``TourSolution/stoppedByTimeLimit``) and may
/// differ between runs. `iterations` of `Int.max` search until the time limit instead.
public struct TourSearchOptions: Hashable, Sendable {
    /// Seed of the pseudo-random perturbations.
    public var seed: UInt64
    /// Perturbations (iterated local search steps); `nil` picks a budget from the size.
    public var iterations: Int?
    /// Wall-clock cap on the whole solve, building the model included (that always runs to
    /// the end; the first descent stops at the cap too, leaving a partly improved
    /// construction); `nil` for none.
    public var timeLimit: Duration?
    /// An instant by which the search ends, whatever `timeLimit` says: the end of a larger
    /// budget (a whole command's or request's) that began before the solve; `nil` for none.
    public var deadline: ContinuousClock.Instant?
    /// Problems with at most this many places between start and end are solved exactly
    /// (Held–Karp dynamic programming, 2ⁿ·n² steps). At most 20.
    public var exactLimit: Int
    /// Candidate neighbours per place in the local search (10 measured better than 8 at a
    /// 200 ms budget on TSPLIB: clustered instances such as ali535 need the wider lists).
    public var neighbourCount: Int
    /// Independent searches run side by side, each with `iterations` and its own seed (the
    /// first with `seed`), the shortest order kept: on a machine with as many cores they take
    /// the wall time of one, and the answer is still the same on every run. They start from
    /// the first search's first local optimum; on an open path (end anywhere) from a
    /// nearest-neighbour path of their own, since the free end sets the path's whole shape.
    /// On symmetric costs without groups their orders are merged every 1,000 kicks (partition
    /// crossover) and all go on from the merge.
    public var searches: Int

    /// The time limit of a route or fleet search when its caller gives none (`mapctl route`,
    /// `POST /route` and `/fleet`): an answer a person waits for.
    public static let defaultTimeLimit = Duration.seconds(2)

    /// Creates options; the defaults suit interactive use.
    public init(
        seed: UInt64 = 1, iterations: Int? = nil, timeLimit: Duration? = defaultTimeLimit,
        exactLimit: Int = 15, neighbourCount: Int = 10, searches: Int = 2
    ) {
        self.seed = seed
        self.iterations = iterations
        self.timeLimit = timeLimit
        self.exactLimit = min(max(exactLimit, 0), 20)
        self.neighbourCount = max(neighbourCount, 4)
        self.searches = max(searches, 1)
    }

    /// The automatic iteration budget for `places` places. Measured (release, seeds 1–5):
    /// it reaches the optimum on every TSPLIB instance up to 200 cities, in 45–49 ms on average.
    /// With the chains of 500 places and more (`linKernighan`, see
    /// `SearchTour.linKernighanApplies(to:)`: Lin–Kernighan and the 3-opt chain on α-nearness
    /// candidates) a kick costs several times as much, and does more: 6 a place, at most
    /// ``automaticChainIterationLimit``, and fewer from 2,000 places, whose setup takes longer.
    /// The default run must end well inside the 2 s limit on a slow machine too, so that the
    /// default answer is the same on every run and the service's: on the 2.1 GHz two-core
    /// machines of late November 2026 (GeoNames places, release, two searches, the command's
    /// wall time) it takes 0.85–0.95 s on 500 places, 0.9–1.2 s on 1,000, 1.0–1.35 s on 2,000,
    /// 0.65–1.05 s on 5,000 and 1.15–1.5 s on 10,000 (open paths the longer). Twice as many
    /// kicks from 1,000 places (6,000, and 3,000 at 10,000) had fitted in 0.7–1.05 s on the
    /// machines of early November, but took 1.8 s on 1,000 places here and ran into the limit
    /// from 2,000; where the clock cut them, their routes were 0–0.04 % shorter on 1,000 and
    /// 2,000 places, 0.1 % on 5,000 and 0.26 % on 10,000 (seed 1, both modes). Chains gave
    /// routes shorter than 25,000 kicks without them in 9 of 10 cases (500–10,000 places,
    /// round trip and open).
    static func automaticIterations(places: Int, linKernighan: Bool = false) -> Int {
        guard linKernighan else { return min(max(2_000, 50 * places), automaticIterationLimit) }
        return max(500, min(6 * places, automaticChainIterationLimit, 6_000_000 / places))
    }

    /// The most kicks an automatic budget gives each search with chains.
    static let automaticChainIterationLimit = 3_000

    /// Steps of the subgradient ascent that gives a search from 500 places its α-nearness
    /// candidates (``AlphaNearness``): 200,000 steps a second per place, at most 300; none when
    /// fewer than 5 fit (the first descent needs the time). Written for a step of about 0.5 µs
    /// a place, a tenth of `budget`; on the slower machines of late 2026 a step took 1–1.5 µs a
    /// place (release: 0.4 ms at 500 places, 1.2 ms at 1,000, 2.1 ms at 2,000, 4.9–7.6 ms at
    /// 5,000), a fifth or more, until Prim's loop took an indexed heap and each edge once: 0.5
    /// µs at 1,000 places, 0.6 µs at 5,000 on the same machine. Ascents stopped at a share of the time instead (a twentieth, a tenth or
    /// a fifth of the budget from the solve's start; 1,000 and 2,000 places, 0.2 and 1 s, 12
    /// seeds) were not better. Shorter ascents than LKH's (which takes seconds) because the
    /// search needs the time more: at 1 s on 2,000 GeoNames places, 100 steps gave routes
    /// 0.025 % above the best known, 400 steps 0.17 %. Even a few steps pay: at 200 ms (medians
    /// of 5–8 seeds) 2,000 places (20 steps) end 0.25 % above the best known instead of 0.54 %
    /// without α lists, and 5,000 places (8 steps) 0.11 % instead of 0.22 % (round trip; open
    /// 0.21 % instead of 0.37 %).
    static func ascentIterations(places: Int, budget: Duration) -> Int {
        let (seconds, attoseconds) = budget.components
        let budget = Double(seconds) + Double(attoseconds) * 1e-18
        let steps = Int(budget * 200_000 / Double(max(places, 1)))
        return steps < 5 ? 0 : min(steps, 300)
    }

    /// The most kicks an automatic budget gives each search without chains (asymmetric costs
    /// from 500 places): it ends well inside the default 2 s limit, so that the answer does
    /// not depend on the clock.
    static let automaticIterationLimit = 25_000

    /// The iterations of a route or fleet search whose caller gave `iterations` and perhaps a
    /// time limit (`mapctl route --iterations --time-limit`, `POST /route?iterations=&timeLimit=`):
    /// the number given; else, when a time limit was asked for, as many as fit in it
    /// (`Int.max`: a longer limit buys a shorter route, the answer then depends on the clock);
    /// else `nil`, a number chosen from the size, the same answer on every run.
    public static func iterations(_ given: Int?, timeLimitGiven: Bool) -> Int? {
        given ?? (timeLimitGiven ? Int.max : nil)
    }
}
