import Dispatch
import Foundation
import Synchronization

/// A task executor with threads of its own, for the engine's long synchronous work (a route,
/// a fleet, a repair, an index over a large layer) started from async code:
/// `Task(executorPreference: threads) { try await RoutePlanning.plan(…) }`.
///
/// On Swift's cooperative pool (one thread per core) a few such computations would leave no
/// thread for the rest of the program: a server's event handlers and timers, or the task that
/// cancels them. Here they share the cores with everything else through the system's scheduler.
public final class ComputeThreads: TaskExecutor, Sendable {
    private let jobs = Mutex<(waiting: [UnownedJob], next: Int)>(([], 0))
    private let ready = DispatchSemaphore(value: 0)

    /// Starts `count` threads named `name-0`, `name-1`, …, serving jobs in the order they come
    /// for the life of the process.
    public init(count: Int, name: String) {
        for index in 0..<max(count, 1) {
            let thread = Thread { [self] in serve() }
            thread.name = "\(name)-\(index)"
            thread.start()
        }
    }

    public func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        jobs.withLock { $0.waiting.append(job) }
        ready.signal()
    }

    private func serve() {
        while true {
            ready.wait()
            let job = jobs.withLock { jobs in
                let job = jobs.waiting[jobs.next]
                jobs.next += 1
                if jobs.next == jobs.waiting.count {
                    // Drained: start the list again instead of letting it grow.
                    jobs.waiting.removeAll(keepingCapacity: true)
                    jobs.next = 0
                }
                return job
            }
            job.runSynchronously(on: asUnownedTaskExecutor())
        }
    }
}
