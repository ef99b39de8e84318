import Foundation
import MapGeometry

/// Where the service's computations run: threads of their own (``ComputeThreads``), not
/// Swift's cooperative pool nor Dispatch's workers.
///
/// A repair, route or matrix is synchronous engine code that runs for seconds. On the
/// cooperative pool (one thread per core) two of them would leave no thread for the event
/// handlers, the timers of `--request-timeout` or the answers to health checks; on Dispatch's
/// workers (also one per core) they would queue behind any other long work of the process.
/// Twice as many threads as cores (at least 4) let a computation abandoned at the time limit
/// finish beside new ones, the system sharing the cores among them.
enum ComputeExecutor {
    static let shared = ComputeThreads(count: max(4, 2 * ProcessInfo.processInfo.activeProcessorCount), name: "mapengine-compute")
}
