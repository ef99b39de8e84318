import Foundation
import Testing
@testable import MapRouting

/// What steers the ruin-and-recreate loop: undoing a rejected trial and the reheated
/// annealing schedule.
@Suite("Fleet search control")
struct FleetSearchControlTests {
    @Test(arguments: 1...6)
    func undoneTrialRestoresTheStateExactly(seed: UInt64) throws {
        let model = FleetModel<StoredTravel>(try FleetOperatorTests.problem(seed: seed))
        var state = RegretInsertion.build(model)
        // Leave a few stops out, so trials also serve stops that were unserved before them.
        let used = try #require(state.routes.first { $0.stops.count >= 3 })
        state.remove(Array(used.stops.prefix(3)), model)
        #expect(state.unassigned.count >= 3)
        var random = RandomSource(seed: seed)
        // Every third trial is kept: the routes saved for a trial are refilled in place, so
        // undoing after a kept trial must not bring back an older trial's routes.
        for trial in 0..<30 {
            let before = state
            state.beginTrial()
            var removed = StringRemoval.ruin(&state, model, random: &random)
            removed += state.unassigned.filter { !removed.contains($0) }
            GreedyInsertion.insert(removed, into: &state, model, random: &random, blinkRate: 0.1)
            if trial % 3 == 2 {
                state.keepTrial()
                continue
            }
            state.undoTrial()
            for (route, saved) in zip(state.routes, before.routes) {
                #expect(route.vehicle == saved.vehicle && route.stops == saved.stops && route.load == saved.load)
                #expect(route.costTo == saved.costTo && route.departure == saved.departure && route.latest == saved.latest)
                #expect(route.cost == saved.cost && route.isFeasible == saved.isFeasible)
            }
            #expect(state.routeOf == before.routeOf)
            // (The index of an unserved stop means nothing.)
            #expect(before.routeOf.indices.allSatisfy { before.routeOf[$0] < 0 || state.indexOf[$0] == before.indexOf[$0] })
            #expect(state.unassigned == before.unassigned)
            #expect(state.usedVehicles == before.usedVehicles)
            #expect(state.score(model) == before.score(model))
        }
        // A kept trial stays, and the counts still match the routes.
        state.beginTrial()
        _ = StringRemoval.ruin(&state, model, random: &random)
        state.keepTrial()
        let served = state.routes.reduce(0) { $0 + $1.stops.count }
        #expect(state.score(model).unservedStops == model.stopCount - served)
        #expect(state.unassigned.count == model.stopCount - served)
        #expect(state.usedVehicles == state.routes.indices.filter { !state.routes[$0].stops.isEmpty })
        for (vehicle, route) in state.routes.enumerated() {
            for (index, stop) in route.stops.enumerated() {
                #expect(state.routeOf[stop] == vehicle && state.indexOf[stop] == index)
            }
        }
    }

    @Test func scheduleCoolsAndReheatsAfterAStall() {
        var schedule = AnnealingSchedule(averageLeg: 100, stopCount: 50)
        #expect(schedule.patience == 1_000)
        let first = schedule.next(progress: 0)
        #expect(abs(first - 50) < 1e-9, "starts at half the average leg")
        var last = first
        for step in 1..<schedule.patience {
            last = schedule.next(progress: Double(step) / 10_000)
            schedule.noteNewBest()
        }
        #expect(last < first, "cools while the best keeps improving")
        // No new best for `patience` iterations: the next temperature is `boost` times hotter,
        // then it decays back to the plain schedule within `patience` iterations.
        var temperatures: [Double] = []
        for _ in 0...(2 * schedule.patience) { temperatures.append(schedule.next(progress: 0.5)) }
        let plain = 50 * pow(0.01, 0.5)
        #expect(abs(temperatures[schedule.patience - 1] - plain) < 1e-9, "no reheat before the patience runs out")
        #expect(abs(temperatures[schedule.patience] - plain * schedule.boost) < plain * schedule.boost * 0.01)
        #expect(abs(temperatures[2 * schedule.patience] - plain) < 1e-6, "back to the schedule")
        #expect(schedule.next(progress: 1) <= schedule.next(progress: 0.5), "colder later in the budget")
    }
}
