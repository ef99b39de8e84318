import Dispatch

/// Where the service's computations run: Dispatch worker threads, not Swift's cooperative pool.
///
/// A repair, route or matrix is synchronous engine code that runs for seconds. On the
/// cooperative pool (one thread per core) two of them would leave no thread for the event
/// handlers, the timers of `--request-timeout` or the answers to health checks.
final class ComputeExecutor: TaskExecutor {
    static let shared = ComputeExecutor()

    private let queue = DispatchQueue(label: "mapengine.compute", attributes: .concurrent)

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        queue.async { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
    }
}
