/// How long the fleet search works.
///
/// Deterministic: the same problem, seed and iteration budget give the same answer.
/// `timeLimit` is a cap; when it ends the search first the answer says so.
public struct FleetSearchOptions: Hashable, Sendable {
    /// Seed of the pseudo-random choices.
    public var seed: UInt64
    /// Ruin-and-recreate iterations; nil picks a budget from the size (``automaticIterations(stops:)``,
    /// or fewer on long routes: ``automaticCheckedPositions``).
    public var iterations: Int?
    /// Wall-clock cap on the whole solve; nil for none.
    public var timeLimit: Duration?
    /// Independent searches run side by side, each with `iterations` and its own seed (the
    /// first with `seed`), the best answer kept: on a machine with as many cores they take
    /// the wall time of one. Problems over ``sideBySidePlaces`` places run one search.
    public var searches: Int
    /// With the automatic budget (`iterations` nil): the recreate scans' bound
    /// (``automaticCheckedPositions``; lower in tests).
    var checkedPositionBudget = FleetSearchOptions.automaticCheckedPositions

    /// Creates options; the defaults suit interactive use.
    public init(seed: UInt64 = 1, iterations: Int? = nil, timeLimit: Duration? = TourSearchOptions.defaultTimeLimit, searches: Int = 2) {
        self.seed = seed
        self.iterations = iterations
        self.timeLimit = timeLimit
        self.searches = max(searches, 1)
    }

    /// Above this many places one search runs: each side search builds a model of its own,
    /// whose per-stop lists grow with the square of the stops.
    public static let sideBySidePlaces = 2_000

    /// The options of the `index`-th side search: a seed of its own, far from the next seeds'.
    func forSearch(_ index: Int) -> FleetSearchOptions {
        var options = self
        options.seed = SideBySideSearches.seed(seed, forSearch: index)
        return options
    }

    /// The automatic budget: grows with the number of stops. Measured on the shared CVRPLIB and
    /// Solomon instances (release, two searches, `Benchmarks/vrp/VRPBench … default`, seeds 1–10):
    /// 500 per stop left X-n200-k36 at 0.67–1.57 % (mean 1.09 %) and RC101 at 0–1.92 % above the
    /// best known; 750 per stop reaches X-n200-k36 0.78–1.21 % (mean 0.99 %) in 1.1 s, RC101
    /// 0–1.39 %, the others 0–0.49 %, every instance within 1.2 s. With split strings
    /// (``StringRemoval``) and blinks drawn only for a new best: X-n200-k36 seeds 1–24
    /// 0.60–1.09 % (mean 0.81 %), RC101 seeds 1–120 0–1.79 % (mean 0.67 %, 28 seeds above 1 %);
    /// with the least open stops recreated first in a fifth of the iterations (problems with
    /// windows only), RC101 seeds 1–120 0–1.24 % (mean 0.55 %, 12 above 1 %).
    static func automaticIterations(stops: Int) -> Int { max(1_000, 750 * stops) }

    /// The automatic budget's bound on the recreate scans' work: the search also ends when they
    /// have read the cost of this many insertion positions (those the stops' windows do not
    /// rule out beforehand), and cools along whichever budget is further spent. Each ruined
    /// stop is tried at every position of each route with room, so long routes make iterations
    /// dearer: the README example (four vans of 50 stops, shifts) costs about 1,500 positions
    /// per iteration, and its 150,000 iterations took 3.8–4.8 s on a two-core machine where the
    /// shared instances take 0.3–2.2 s. With this bound it runs about 38,000 (1.0–1.3 s there),
    /// 15,020 m on average over seeds 1–8 against 14,969 m with all 150,000 (the default seed
    /// 14,964 m either way). The shared instances cost at most 39 million positions (M-n101-k10,
    /// never more than 524 per iteration past the first 200, where this bound allows 733), so
    /// their plans are those of the iteration budget alone.
    static let automaticCheckedPositions = 55_000_000
}
