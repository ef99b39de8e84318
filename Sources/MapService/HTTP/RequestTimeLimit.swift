import Foundation

/// A request that ran past the service's time limit.
struct RequestTimedOut: Error {}

/// Runs `work` on the ``ComputeExecutor`` and answers within `limit`: past it, the work is
/// cancelled and abandoned (engine code runs to the end of its own budget, its answer dropped)
/// and `RequestTimedOut` is thrown at once, not when the work ends. An answer that comes later
/// than `limit` is refused as well, so the rule does not depend on which thread ran first.
func withTimeLimit<Value: Sendable>(_ limit: Duration, _ work: @escaping @Sendable () async throws -> Value) async throws -> Value {
    let started = ContinuousClock.now
    let outcome = FirstOutcome<Value>()
    let task = Task(executorPreference: ComputeExecutor.shared) {
        do { outcome.settle(.success(try await work())) } catch { outcome.settle(.failure(error)) }
    }
    timerQueue.asyncAfter(deadline: .now() + limit.timeInterval) {
        if outcome.settle(.failure(RequestTimedOut())) { task.cancel() }
    }
    let value = try await withTaskCancellationHandler {
        try await outcome.value()
    } onCancel: {
        task.cancel()
        outcome.settle(.failure(CancellationError()))
    }
    guard ContinuousClock.now - started <= limit else { throw RequestTimedOut() }
    return value
}

/// The first of several outcomes (the work's answer, the time limit, the client leaving), for
/// one waiter; later ones are ignored.
private final class FirstOutcome<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var result: Result<Value, any Error>?
    private var waiter: CheckedContinuation<Value, any Error>?

    /// Records `result` if it is the first; `true` when it was.
    @discardableResult
    func settle(_ result: Result<Value, any Error>) -> Bool {
        lock.lock()
        guard self.result == nil else { lock.unlock(); return false }
        self.result = result
        let waiter = self.waiter
        self.waiter = nil
        lock.unlock()
        waiter?.resume(with: result)
        return true
    }

    func value() async throws -> Value {
        try await withCheckedThrowingContinuation { continuation in
            lock.lock()
            if let result {
                lock.unlock()
                continuation.resume(with: result)
            } else {
                waiter = continuation
                lock.unlock()
            }
        }
    }
}

/// The time limits' timers: a serial queue gets a thread of its own even when every worker computes.
private let timerQueue = DispatchQueue(label: "mapengine.request-timeout")

extension Duration {
    /// The duration in seconds, for Dispatch.
    var timeInterval: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) * 1e-18
    }
}
