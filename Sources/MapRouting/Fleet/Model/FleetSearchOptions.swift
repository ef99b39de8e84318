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
        options.seed = seed ^ (UInt64(index) &* 0x9E37_79B9_7F4A_7C15)
        return options
    }

    /// The automatic budget: grows with the number of stops. Measured on the shared CVRPLIB and
    /// Solomon instances (release, seeds 1–3, `Benchmarks/vrp/VRPBench … default`): 100 per stop
    /// stopped 1–3.4 % above the best known after 0.1–0.4 s; 500 per stop reaches 0–1.7 %
    /// (X-n200-k36 0.7–1.7 %, the others 0–1 %) in 0.5–1.2 s.
    static func automaticIterations(stops: Int) -> Int { max(1_000, 500 * stops) }
}
