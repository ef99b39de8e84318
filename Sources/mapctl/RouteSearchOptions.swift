import ArgumentParser
import Foundation
import MapRouting

/// How `mapctl route` searches: stops kept first or last, iterations, seed, and the
/// wall-clock budget of the whole command (`--time-limit`).
struct RouteSearchOptions: ParsableArguments {
    @Option(name: .customLong("time-limit"), help: ArgumentHelp(
        "Search until this wall-clock budget of the whole command (2s, 500ms; a bare number is ms); without it, a number of steps from the size, within 2s.",
        valueName: "time"))
    var timeLimit: TimeLimit?

    @Option(help: ArgumentHelp("Object ids whose stops come first, before all others.", valueName: "id,id,…"))
    var first: String?

    @Option(help: ArgumentHelp("Object ids whose stops come last (before --end).", valueName: "id,id,…"))
    var last: String?

    @Option(help: "Local-search iterations (default: chosen from the number of stops); --time-limit then only caps them.")
    var iterations: Int?

    @Option(help: "Seed of the local search.")
    var seed: UInt64 = 1

    func validate() throws {
        if let iterations, iterations < 0 { throw ValidationError("--iterations must be 0 or more") }
    }

    /// The object ids of `--first` and `--last`.
    var firstIDs: [String] { Self.ids(first) }
    var lastIDs: [String] { Self.ids(last) }
    private static func ids(_ list: String?) -> [String] { list?.split(separator: ",").map(String.init) ?? [] }

    /// The iterations the search runs (``TourSearchOptions/iterations(_:timeLimitGiven:)``):
    /// --iterations, else until a --time-limit given, else a number from the size.
    var searchIterations: Int? { TourSearchOptions.iterations(iterations, timeLimitGiven: timeLimit != nil) }

    /// The wall-clock budget: --time-limit, else the library's default (2 s).
    var budget: TimeLimit { timeLimit ?? TimeLimit(TourSearchOptions.defaultTimeLimit) }

    /// When the answer must be ready so that it is written within the budget: it counts
    /// from the start of the process, less a share for writing (2 %, at least 5 ms).
    var answerDeadline: ContinuousClock.Instant {
        commandStarted + budget.duration - max(budget.duration / 50, .milliseconds(5))
    }

    /// Says that the time limit ended the search before its iterations, and when preparing
    /// the costs alone used it up. A search asked to run until the limit ends there unsaid.
    func reportTimeLimit(places: Int, searched: Bool) {
        guard !searched else {
            if searchIterations == Int.max { return }
            return CommandOutput.say(
                "the --time-limit of \(budget) ended the search before its iterations: the answer may differ between runs")
        }
        let elapsed = (ContinuousClock.now - commandStarted).components
        let seconds = String(format: "%.1fs", Double(elapsed.seconds) + Double(elapsed.attoseconds) * 1e-18)
        CommandOutput.say("""
            reading the input, the costs of \(places) places and a first improvement took \(seconds) \
            of the --time-limit of \(budget), so the search stopped at once: the order is a first construction, \
            partly improved; give a larger --time-limit for a better one
            """)
    }
}
