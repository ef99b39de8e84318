/// How long the fleet search works.
///
/// Deterministic: the same problem, seed and iteration budget give the same answer.
/// `timeLimit` is a cap; when it ends the search first the answer says so.
public struct FleetSearchOptions: Hashable, Sendable {
    /// Seed of the pseudo-random choices.
    public var seed: UInt64
    /// Ruin-and-recreate iterations; nil picks a budget from the size.
    public var iterations: Int?
    /// Wall-clock cap on the whole solve; nil for none.
    public var timeLimit: Duration?
    /// Independent searches run side by side, each with `iterations` and its own seed (the
    /// first with `seed`), the best answer kept: on a machine with as many cores they take
    /// the wall time of one. Problems over ``sideBySidePlaces`` places run one search.
    public var searches: Int

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
}
