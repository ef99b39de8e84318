import Dispatch
import Foundation
import MapGeometry
import MapGeoJSON
import Synchronization
import TestSupport
import Testing

@testable import MapRouting

/// Planning is `async` and stops promptly when its task is cancelled (a request past its time,
/// a client that went away): the search looks at cancellation where it looks at the clock.
@Suite("Cancelled planning stops promptly", .serialized)
struct CancellationTests {
    static let objects: [Feature] = {
        let root = #filePath.components(separatedBy: "/Tests/")[0]
        let features = (try? GeoJSONReader().read(contentsOfFile: root + "/Data/objects.geojson").features) ?? []
        return features.filter { $0.geometry?.typeName == "Point" }
    }()

    /// The work runs on a thread of its own, as the service runs it: on the cooperative pool,
    /// which the whole parallel test run keeps busy, a task can wait seconds for a thread.
    static let executor = ComputeThreads(count: 1, name: "cancellation-tests")

    /// Cancels `work` 50 ms after it starts. Says how much work it did after the cancellation
    /// (the CPU time of its thread: on a machine the whole parallel test run keeps busy, the
    /// thread may wait long for a core, and the wall time then says more of the machine than
    /// of the search), how long that took by the wall clock, and whether it ended by throwing
    /// a cancellation. The work runs on a thread of its own, the cancel comes from a Dispatch
    /// thread, and both ends are taken where they happen, so none waits for the cooperative pool.
    static func cancelled(_ work: @escaping @Sendable () async -> Bool) async -> (cpu: Duration, wall: Duration, wasCancelled: Bool) {
        let worker = Mutex<pthread_t?>(nil)
        let cancelledAt = Mutex<(wall: ContinuousClock.Instant, cpu: Duration)?>(nil)
        let task = Task(executorPreference: executor) { () -> (ContinuousClock.Instant, Duration, Bool) in
            worker.withLock { $0 = pthread_self() }
            let wasCancelled = await work()
            return (ContinuousClock.now, ThreadCPUTime.now(), wasCancelled)
        }
        DispatchQueue.global().asyncAfter(deadline: .now() + 0.05) {
            var clock = clockid_t()
            guard let thread = worker.withLock({ $0 }), pthread_getcpuclockid(thread, &clock) == 0 else { return }
            cancelledAt.withLock { $0 = (ContinuousClock.now, ThreadCPUTime.of(clock: clock)) }
            task.cancel()
        }
        let (ended, cpu, wasCancelled) = await task.value
        guard let cancelled = cancelledAt.withLock({ $0 }) else { return (.zero - .seconds(1), .zero - .seconds(1), wasCancelled) }
        return (cpu - cancelled.cpu, ended - cancelled.wall, wasCancelled)
    }

    /// Stopped promptly: at most 100 ms of work after the cancellation, and (a hang would
    /// show here) at most 5 s by the wall clock however busy the machine.
    static func expectPrompt(_ outcome: (cpu: Duration, wall: Duration, wasCancelled: Bool)) {
        #expect(outcome.wasCancelled)
        #expect(outcome.wall >= .zero, "it ended before the cancellation")
        #expect(outcome.cpu < .milliseconds(100), "\(outcome.cpu) of work after the cancellation (\(outcome.wall) by the wall clock)")
        #expect(outcome.wall < .seconds(5), "\(outcome.wall) by the wall clock from the cancellation to the end")
    }

    // Sizes whose matrices (not cancellable) take well under 50 ms in the debug build the tests
    // run, so the cancellation lands in the neighbour lists or the search even on a busy
    // machine; a release build sets up 2,735 stops in about as long. The fleet's lists of 200
    // stops take about 100 ms of that build: they too look at cancellation, every 16 stops.
    @Test("a route through 500 Helsinki points with a 60 s budget ends within 100 ms of cancellation")
    func routeStops() async throws {
        let stops = Array(Self.objects.prefix(500))
        try #require(stops.count == 500)
        let outcome = await Self.cancelled {
            do throws(RoutePlanningError) {
                _ = try await RoutePlanning.plan(
                    stops, start: nil, end: .returnToStart, objective: .distance, costs: .geodesic(GeodesicMatrixProvider()),
                    search: TourSearchOptions(seed: 1, iterations: 100_000_000, timeLimit: .seconds(60)), deadline: .now + .seconds(60), inheriting: [])
            } catch .cancelled {
                return true
            } catch {}
            return false
        }
        Self.expectPrompt(outcome)
    }

    @Test("a fleet of 4 vans for 200 Helsinki points with a 60 s budget ends within 100 ms of cancellation")
    func fleetStops() async throws {
        let stops = Array(Self.objects.prefix(200))
        let depot = try Position(longitude: 24.9384, latitude: 60.1699)
        let vans = (1...4).map { VehicleDefinition(id: "van-\($0)", start: depot, capacity: 60) }
        let outcome = await Self.cancelled {
            do throws(FleetPlanningError) {
                _ = try await FleetPlanning.plan(
                    stops, vehicles: vans, roads: { nil }, geodesic: GeodesicMatrixProvider(), objective: .distance, seed: 1,
                    iterations: 100_000_000, deadline: .now + .seconds(60), inheriting: [])
            } catch .cancelled {
                return true
            } catch {}
            return false
        }
        Self.expectPrompt(outcome)
    }
}
