/// When a search must stop early: its deadline has passed, or the task running it was
/// cancelled (a caller that went away, a request past its time), or, for a search on a thread
/// of its own, its caller raised the thread's ``SideSearchSignal``. Searches look here where
/// they look at the clock, so cancelling a task ends its search as promptly as a deadline.
enum SearchStop {
    /// True when the search must stop now.
    @inline(__always)
    static func isDue(_ deadline: ContinuousClock.Instant?) -> Bool {
        if let deadline, ContinuousClock.now >= deadline { return true }
        return isCancelled
    }

    /// True when the work was cancelled: its task, or the caller of its thread.
    static var isCancelled: Bool {
        Task.isCancelled || SideSearchSignal.current?.isRaised == true
    }
}
