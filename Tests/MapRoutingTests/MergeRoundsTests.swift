import MapGeometry
import Testing
import TestSupport
@testable import MapRouting

/// Searches side by side merge their tours every ``IteratedLocalSearch/mergeInterval`` kicks
/// and all go on from the merged tour. Checked on 200 Helsinki places, round trip and open
/// path: more kicks never give a longer route, because the larger run's first rounds are the
/// smaller run (a longer time limit alone may: the ascent's steps come from it); every
/// round's kicks are counted; and a seed gives the same order on every run. Small enough (a
/// few seconds) not to starve the service tests that run beside it; that the rounds shorten
/// routes is measured in Benchmarks/router (scale.py), where it shows at thousands of stops.
@Suite("Side-by-side searches merged in rounds")
struct MergeRoundsTests {
    @Test("more kicks never give a longer route; the same order on every run; every round's kicks counted",
          arguments: [RouteEnd<Position>.returnToStart, .anywhere])
    func moreRoundsNeverLonger(end: RouteEnd<Position>) async throws {
        let sites = Array(try MeasuredTourTests.helsinkiSites().prefix(200))
        let request = RouteRequest(sites: sites, end: end)
        let interval = IteratedLocalSearch.mergeInterval
        // Off the cooperative threads, which the service tests' clients running in parallel need.
        func plan(_ kicks: Int, seed: UInt64) async throws -> PlannedRoute {
            try await offCooperativeThreads {
                try RoutePlanner.plan(request, options: TourSearchOptions(seed: seed, iterations: kicks, timeLimit: nil, searches: 2))
            }
        }
        for seed in UInt64(1)...2 {
            let oneRound = try await plan(interval, seed: seed)
            let threeRounds = try await plan(interval * 5 / 2, seed: seed)
            #expect(threeRounds.distance <= oneRound.distance,
                    "seed \(seed): \(threeRounds.distance) m after three rounds, \(oneRound.distance) m after one")
            #expect(oneRound.searchIterations == 2 * interval && threeRounds.searchIterations == 5 * interval)
            let again = try await plan(interval * 5 / 2, seed: seed)
            #expect(again.visits.map(\.siteIndex) == threeRounds.visits.map(\.siteIndex), "seed \(seed)")
        }
    }
}
