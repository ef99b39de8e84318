import Dispatch
import Foundation
import MapGeometry
import Synchronization
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

    /// Cancels `work` 50 ms after it starts; the time from the cancellation to its end, and
    /// whether it ended by throwing a cancellation. The work runs on its own thread, the cancel
    /// comes from a Dispatch thread and the end is taken inside the task, so none of them waits
    /// for a thread of the cooperative pool, which the rest of the test run keeps busy.
    static func cancelled(_ work: @escaping @Sendable () async -> Bool) async -> (took: Duration, wasCancelled: Bool) {
        let cancelledAt = Mutex<ContinuousClock.Instant?>(nil)
        let task = Task(executorPreference: executor) { () -> (ContinuousClock.Instant, Bool) in
            let wasCancelled = await work()
            return (ContinuousClock.now, wasCancelled)
        }
        DispatchQueue.global().asyncAfter(deadline: .now() + 0.05) {
            cancelledAt.withLock { $0 = ContinuousClock.now }
            task.cancel()
        }
        let (ended, wasCancelled) = await task.value
        guard let cancelled = cancelledAt.withLock({ $0 }) else { return (.zero - .seconds(1), wasCancelled) }
        return (ended - cancelled, wasCancelled)
    }

    // Sizes whose setup (neighbour lists, matrices: not cancellable) takes well under 50 ms in
    // the debug build the tests run, so the cancellation lands in the search even on a busy
    // machine; a release build sets up 2,735 stops in about as long.
    @Test("a route through 500 Helsinki points with a 60 s budget ends within 100 ms of cancellation")
    func routeStops() async throws {
        let stops = Array(Self.objects.prefix(500))
        try #require(stops.count == 500)
        let (took, wasCancelled) = await Self.cancelled {
            do throws(RoutePlanningError) {
                _ = try await RoutePlanning.plan(
                    stops, start: nil, end: .returnToStart, objective: .distance, costs: .geodesic(GeodesicMatrixProvider()),
                    search: TourSearchOptions(seed: 1, iterations: 100_000_000), deadline: .now + .seconds(60), inheriting: [])
            } catch .cancelled {
                return true
            } catch {}
            return false
        }
        #expect(wasCancelled)
        #expect(took >= .zero && took < .milliseconds(100), "took \(took) (negative: it ended before the cancellation)")
    }

    @Test("a fleet of 4 vans for 200 Helsinki points with a 60 s budget ends within 100 ms of cancellation")
    func fleetStops() async throws {
        let stops = Array(Self.objects.prefix(200))
        let depot = try Position(longitude: 24.9384, latitude: 60.1699)
        let vans = (1...4).map { VehicleDefinition(id: "van-\($0)", start: depot, capacity: 60) }
        let (took, wasCancelled) = await Self.cancelled {
            do throws(FleetPlanningError) {
                _ = try await FleetPlanning.plan(
                    stops, vehicles: vans, roads: { nil }, geodesic: GeodesicMatrixProvider(), objective: .distance, seed: 1,
                    iterations: 100_000_000, deadline: .now + .seconds(60), inheriting: [])
            } catch .cancelled {
                return true
            } catch {}
            return false
        }
        #expect(wasCancelled)
        #expect(took >= .zero && took < .milliseconds(100), "took \(took) (negative: it ended before the cancellation)")
    }
}
