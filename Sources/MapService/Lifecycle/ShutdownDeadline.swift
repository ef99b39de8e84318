import Foundation
import ServiceLifecycle

/// The last word on a shutdown: once SIGTERM or SIGINT starts one, a process still running
/// `limit` later (something that ignored its cancellation, a database that stopped answering)
/// says what it still waits on and exits with status 70, so that stopping a service never hangs
/// its orchestrator. Nothing acknowledged is lost: every accepted edit is on disk or in the
/// table before its answer leaves.
struct ShutdownDeadline: Service {
    let limit: Duration
    let activities: ServiceActivities

    func run() async throws {
        try? await gracefulShutdown()
        // A thread of its own: the cooperative threads may be the ones that are stuck.
        let (limit, activities) = (limit, activities)
        Thread.detachNewThread {
            Thread.sleep(forTimeInterval: limit.seconds)
            let message = "mapctl serve: did not stop within \(Int(limit.seconds.rounded())) s of the signal; still running: \(activities.summary); exiting with status 70\n"
            FileHandle.standardError.write(Data(message.utf8))
            _exit(70)
        }
    }
}
