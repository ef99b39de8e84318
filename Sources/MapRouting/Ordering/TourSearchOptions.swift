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
    /// With Lin–Kernighan chains (`linKernighan`, see `SearchTour.linKernighanApplies(to:)`)
    /// a kick costs about twice as much, so the budget
    /// is halved: the default run takes the time it took before (1,000 GeoNames places 1.0 s
    /// instead of running into the 2 s limit) and ends shorter.
    ///
    /// At most ``automaticIterationLimit`` per search, so that the default answer on thousands
    /// of places is still the same on every run, and the same as the service's.
    static func automaticIterations(places: Int, linKernighan: Bool = false) -> Int {
        min(max(2_000, (linKernighan ? 25 : 50) * places), automaticIterationLimit)
    }

    /// The most kicks an automatic budget gives each search (the budget of 1,000 places): it
    /// ends well inside the default 2 s limit, which on 2,000 and more places used to end the
    /// search first, so that the answer depended on the clock. Measured on GeoNames samples of
    /// Germany (`scale.py`'s, release, two searches on two cores): the whole command takes
    /// 1.1 s on 1,000 and 2,000 places, 1.2 s on 5,000 and 1.5 s on 10,000, and its route is
    /// 0.035–0.09 % longer than the one the clock cut at 2 s (seeds 1–3).
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
