import Foundation
import Synchronization

/// Independent searches of one problem run at once, one on the caller's thread and the others
/// on threads of their own, so that a budget of wall time buys the work of every core. Each
/// side search watches a ``SideSearchSignal`` the caller raises when its task is cancelled,
/// so cancelling the caller stops them all within milliseconds.
enum SideBySideSearches {
    /// The outcome of `main()` on this thread, then of `side(1)` … `side(sideCount)`, each
    /// run on a thread of its own while `main` runs.
    static func run<Outcome: Sendable>(
        sideCount: Int, side: @escaping @Sendable (Int) -> Outcome, main: () -> Outcome
    ) -> [Outcome] {
        let signal = SideSearchSignal()
        let outcomes = Mutex<[Int: Outcome]>([:])
        let finished = DispatchGroup()
        let sides = Array(stride(from: 1, through: sideCount, by: 1))
        for index in sides {
            finished.enter()
            let thread = Thread {
                let outcome = signal.watch { side(index) }
                outcomes.withLock { $0[index] = outcome }
                finished.leave()
            }
            // The searches keep their working state on the heap; the default stack of the main
            // thread is plenty, and some systems give other threads less.
            thread.stackSize = 8 << 20
            thread.start()
        }
        let first = main()
        // Keep looking at the caller's task while the others finish.
        while finished.wait(timeout: .now() + .milliseconds(2)) == .timedOut {
            if SearchStop.isCancelled { signal.raise() }
        }
        return [first] + outcomes.withLock { saved in sides.compactMap { saved[$0] } }
    }

    /// The seed of the `index`-th side search: far from the seeds of the next ones.
    static func seed(_ seed: UInt64, forSearch index: Int) -> UInt64 {
        seed ^ (UInt64(index) &* 0x9E37_79B9_7F4A_7C15)
    }
}
