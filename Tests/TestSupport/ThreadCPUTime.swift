import Foundation

/// The CPU time a thread has used: the work a test measures, which the rest of a parallel test
/// run (other tests on the same two cores) does not stretch the way it stretches wall time.
public enum ThreadCPUTime {
    /// The CPU time the calling thread has used so far.
    public static func now() -> Duration { of(clock: CLOCK_THREAD_CPUTIME_ID) }

    /// The CPU time a thread's clock (`pthread_getcpuclockid`) has counted.
    public static func of(clock: clockid_t) -> Duration {
        var now = timespec()
        clock_gettime(clock, &now)
        return .seconds(now.tv_sec) + .nanoseconds(now.tv_nsec)
    }

    /// Runs `body` on the calling thread; says how much CPU time and wall time it took.
    public static func measure<Result>(_ body: () throws -> Result) rethrows -> (result: Result, cpu: Duration, wall: Duration) {
        let (cpu, wall) = (now(), ContinuousClock.now)
        let result = try body()
        return (result, now() - cpu, ContinuousClock.now - wall)
    }
}
