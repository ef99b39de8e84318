import Testing
import TestSupport
@testable import MapRouting

/// Searches side by side merge their tours every ``IteratedLocalSearch/mergeInterval`` kicks
/// and all go on from the merged tour. Checked on 800 Helsinki places (measured
/// geodesic costs, chains on α lists): more kicks never give a longer route, because the
/// larger run's first rounds are the smaller run (a longer time limit alone may: the ascent's
/// steps come from it). TourSolverTests check that a seed gives the same order every run.
@Suite("Side-by-side searches merged in rounds")
struct MergeRoundsTests {
    @Test("more kicks never give a longer route; every round's kicks are counted")
    func moreRoundsNeverLonger() async throws {
        // 800 of the places: from 500 the search runs chains on α lists; fewer than all keeps
        // the test light beside the service tests that run in parallel.
        let sites = Array(try MeasuredTourTests.helsinkiSites().prefix(800))
        let request = RouteRequest(sites: sites, end: .returnToStart)
        let interval = IteratedLocalSearch.mergeInterval
        // Seconds of search: off the cooperative threads, which the service tests' clients
        // running in parallel need (two on a two-core machine).
        func plan(_ kicks: Int) async throws -> PlannedRoute {
            try await offCooperativeThreads {
                try RoutePlanner.plan(request, options: TourSearchOptions(seed: 3, iterations: kicks, timeLimit: nil, searches: 2))
            }
        }
        let oneRound = try await plan(interval)
        let threeRounds = try await plan(interval * 5 / 2)
        #expect(threeRounds.distance <= oneRound.distance,
                "\(threeRounds.distance) m after three rounds, \(oneRound.distance) m after one")
        #expect(oneRound.searchIterations == 2 * interval && threeRounds.searchIterations == 5 * interval)
    }
}
