import MapClustering
import MapGeometry
import MapPostgres
import ServiceLifecycle

/// Serves a dataset that lives in a PostGIS table: reads it once listening for the table's
/// notifications has begun, reads it again after every change (from this service, another
/// instance or any client; a burst of changes is one read), and while the database cannot be
/// reached marks the dataset failed, so `/readyz` names it and its requests answer 503, and
/// tries again every second.
struct TableFollower: Service {
    let state: ServiceState
    let source: DatasetSource
    let location: PostgresLocation

    func run() async throws {
        try? await cancelWhenGracefulShutdown {
            while !Task.isCancelled {
                do {
                    try await follow()
                } catch {
                    if Task.isCancelled { return }
                    state.store.datasets.mark(source.name, .failed("\(error)"))
                }
                try await Task.sleep(for: .seconds(1))
            }
        }
    }

    /// Listens on one connection and reads on another until either fails.
    private func follow() async throws {
        let (changes, changed) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
                try await FeatureTable.with(location) { table in try await table.listen { changed.yield() } }
                throw FeatureTableError.stoppedListening(location)
            }
            group.addTask {
                try await FeatureTable.with(location) { table in
                    for await _ in changes { try await load(table) }
                }
            }
            try await group.next()
            group.cancelAll()
        }
    }

    /// Reads the whole table and swaps the new snapshot in.
    private func load(_ table: FeatureTable) async throws {
        let snapshot = try await table.read()
        let tags = snapshot.versions.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: ",")
        let dataset = try Dataset(
            source: source, collection: snapshot.collection, style: state.store.style,
            version: ContentTag.of(Array(tags.utf8)), generation: 0, tableVersions: snapshot.versions)
        state.store.replace(dataset)
        if case .ready = state.store.datasets.state(of: source.name) {
            state.metrics.recordDatasetSize(name: source.name, count: snapshot.collection.features.count)
        }
    }
}
