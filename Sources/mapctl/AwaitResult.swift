import Foundation

/// Runs async work from a synchronous command and waits for its result (the root command
/// is synchronous; the PostgreSQL client is async).
func awaitResult<Value: Sendable>(_ work: @escaping @Sendable () async throws -> Value) throws -> Value {
    let box = ResultBox<Value>()
    let finished = DispatchSemaphore(value: 0)
    Task {
        do { box.result = .success(try await work()) } catch { box.result = .failure(error) }
        finished.signal()
    }
    finished.wait()
    return try box.result!.get()
}

private final class ResultBox<Value>: @unchecked Sendable {
    var result: Result<Value, any Error>?
}
