import Foundation

/// Where the service's computations run: threads of their own, not Swift's cooperative pool
/// nor Dispatch's workers.
///
/// A repair, route or matrix is synchronous engine code that runs for seconds. On the
/// cooperative pool (one thread per core) two of them would leave no thread for the event
/// handlers, the timers of `--request-timeout` or the answers to health checks; on Dispatch's
/// workers (also one per core) they would queue behind any other long work of the process.
/// Twice as many threads as cores (at least 4) let a computation abandoned at the time limit
/// finish beside new ones, the system sharing the cores among them.
final class ComputeExecutor: TaskExecutor, @unchecked Sendable {
    static let shared = ComputeExecutor(threads: max(4, 2 * ProcessInfo.processInfo.activeProcessorCount))

    private let condition = NSCondition()
    private var jobs: [UnownedJob] = []
    private var next = 0

    private init(threads: Int) {
        for index in 0..<threads {
            let thread = Thread { [unowned self] in self.serve() }
            thread.name = "mapengine-compute-\(index)"
            thread.start()
        }
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        condition.lock()
        jobs.append(job)
        condition.signal()
        condition.unlock()
    }

    /// Runs jobs in the order they came, for ever.
    private func serve() {
        while true {
            condition.lock()
            while next == jobs.count { condition.wait() }
            let job = jobs[next]
            next += 1
            if next == jobs.count {
                // Drained: start the list again instead of letting it grow.
                jobs.removeAll(keepingCapacity: true)
                next = 0
            }
            condition.unlock()
            job.runSynchronously(on: asUnownedTaskExecutor())
        }
    }
}
