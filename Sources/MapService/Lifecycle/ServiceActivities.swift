import Synchronization

/// What the service is busy with, by name and count (requests in flight, indexing, edits
/// being written), so that a shutdown that overruns can say what it still waits on.
final class ServiceActivities: Sendable {
    private let running = Mutex<[String: Int]>([:])

    /// Runs `body` counted as `name` until it returns or throws.
    func during<Result>(_ name: String, _ body: () async throws -> Result) async rethrows -> Result {
        running.withLock { $0[name, default: 0] += 1 }
        defer { running.withLock { $0[name]! -= 1; if $0[name] == 0 { $0[name] = nil } } }
        return try await body()
    }

    /// The activities now running, sorted, with their counts above one (`2 × answering requests`).
    var summary: String {
        let now = running.withLock { $0 }.sorted { $0.key < $1.key }
        return now.isEmpty ? "nothing" : now.map { $0.value > 1 ? "\($0.value) × \($0.key)" : $0.key }.joined(separator: ", ")
    }
}
