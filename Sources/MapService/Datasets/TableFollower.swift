import Foundation
import MapClustering
import MapGeometry
import MapGeoJSON
import MapPostgres
import ServiceLifecycle
import Synchronization

/// Serves a dataset that lives in a PostGIS table: reads it once listening for the table's
/// notifications has begun, reads it again after every change (from this service, another
/// instance or any client; a burst of changes is one read), and while the database cannot be
/// reached marks the dataset failed, so `/readyz` names it and its requests answer 503, and
/// tries again every second. A table too large for memory (see ``TableServing``) is answered
/// by the database instead: its cell counts are made current, and each change renews the
/// dataset's count, box and version.
struct TableFollower: Service {
    let state: ServiceState
    let source: DatasetSource
    let location: PostgresLocation

    /// Follows the table until the service shuts down. The following runs in a task of its own
    /// that a shutdown cancels and does not wait for: a query the database holds back (behind
    /// a lock another session keeps, or on a server that stopped answering) does not heed
    /// cancellation, and a follower has nothing to save, since every edit is in the table
    /// before its answer leaves. (A CI run saw a shutdown wait 25 s on one and end with 70.)
    func run() async throws {
        let following = Task {
            while !Task.isCancelled {
                do {
                    try await serveTable()
                } catch {
                    if Task.isCancelled { return }
                    state.store.datasets.mark(source.name, .failed("\(error)"))
                }
                try? await Task.sleep(for: .seconds(1))
            }
        }
        try? await gracefulShutdown()
        following.cancel()
    }

    /// Serves the table from memory or from the database, until the connection fails.
    private func serveTable() async throws {
        let served: TableServing
        switch source.serving {
        case .automatic:
            let rows = try await FeatureTable.with(location) { table in try await table.count(upTo: TableServing.memoryLimit) }
            served = rows > TableServing.memoryLimit ? .database : .memory
        case let chosen: served = chosen
        }
        if served == .database { try await answerFromDatabase() } else { try await holdInMemory() }
    }

    /// Runs a pool for the requests' queries, makes the cell counts current, and renews the
    /// dataset's summary whenever the table changes, until the connection fails: then the
    /// dataset is marked failed at once, and the pool is cancelled, not awaited (a pool whose
    /// server went away may take long to close, and requests must answer 503 meanwhile).
    private func answerFromDatabase() async throws {
        let cells = TableCells(location, statementTimeout: state.configuration.requestTimeout)
        let pool = Task { await cells.run() }
        defer { pool.cancel() }
        // Summaries are read beside the listening, not inside it: a summary asked for as the
        // server stops waits for a pool connection (up to a minute), and the listening must
        // meanwhile see its connection close. Once it has, no late summary is served.
        let following = SummaryGate()
        let (changes, changed) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
        do {
            try await FeatureTable.with(location) { table in
                try await table.checkSRID()
                try await cells.prepare()
                let members = try await table.collectionMembers()
                // Ready once summarized; a summary that fails here is retried with the connection.
                state.store.replace(try await summarize(cells, members))
                let summaries = Task {
                    for await _ in changes {
                        // A summary that cannot be read now is read at the next change or reconnection.
                        guard let dataset = try? await summarize(cells, members) else { continue }
                        following.ifOpen { state.store.replace(dataset) }
                    }
                }
                defer { summaries.cancel() }
                try await table.listen { _ in changed.yield() }
            }
            throw FeatureTableError.stoppedListening(location)
        } catch {
            following.close { state.store.datasets.mark(source.name, .failed("\(error)")) }
            changed.finish()
            throw error
        }
    }

    /// The dataset as the cell counts describe it now.
    private func summarize(_ cells: TableCells, _ members: [ForeignMember]) async throws -> Dataset {
        let (count, bounds, types) = try await cells.summary()
        let database = DatabaseDataset(cells: cells, count: count, bounds: bounds, types: types, foreignMembers: members)
        let version = ContentTag.of(Array("\(location) \(count) \(Date().timeIntervalSince1970)".utf8))
        state.metrics.recordDatasetSize(name: source.name, count: count)
        return try Dataset(source: source, database: database, style: state.store.style, version: version)
    }

    /// Listens on one connection and reads on another until either fails.
    private func holdInMemory() async throws {
        let (wakes, wake) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
        let pending = PendingChanges()
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
                try await FeatureTable.with(location) { table in
                    try await table.listen { change in
                        pending.add(change)
                        wake.yield()
                    }
                }
                throw FeatureTableError.stoppedListening(location)
            }
            group.addTask {
                try await FeatureTable.with(location) { table in
                    for await _ in wakes {
                        if let change = pending.take() { try await apply(change, from: table) }
                    }
                }
            }
            try await group.next()
            group.cancelAll()
        }
    }

    /// Reads the rows a change names and patches the served snapshot, or reads the whole table.
    private func apply(_ change: TableChange, from table: FeatureTable) async throws {
        guard case let .objects(ids) = change, case let .ready(current)? = state.store.datasets.state(of: source.name) else {
            return try await serve(try await table.read())
        }
        let changed = try await table.rows(withIDs: Array(ids))
        var features = current.collection.features
        var versions = current.tableVersions
        var gone: [Int] = []
        var byID: [String: Feature] = [:]
        for feature in changed.collection.features { if let id = feature.objectID { byID[id] = feature } }
        for id in ids.sorted() {
            if let feature = byID[id] {
                if let row = current.rows[id] { features[row] = feature } else { features.append(feature) }
                versions[id] = changed.versions[id]
            } else if let row = current.rows[id] {
                gone.append(row)
                versions[id] = nil
            }
        }
        for row in gone.sorted(by: >) { features.remove(at: row) }
        try await serve(TableSnapshot(collection: FeatureCollection(features: features, foreignMembers: current.collection.foreignMembers), versions: versions))
    }

    /// Indexes a snapshot of the table and swaps it in. Indexing is seconds of synchronous work
    /// for a large table, so it runs on the compute threads, not on the pool answering requests.
    private func serve(_ snapshot: TableSnapshot) async throws {
        let tags = snapshot.versions.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: ",")
        let (source, style) = (source, state.store.style)
        let dataset = try await withTaskExecutorPreference(ComputeExecutor.shared) {
            try Dataset(
                source: source, collection: snapshot.collection, style: style,
                version: ContentTag.of(Array(tags.utf8)), generation: 0, tableVersions: snapshot.versions)
        }
        state.store.replace(dataset)
        state.metrics.recordDatasetSize(name: source.name, count: snapshot.collection.features.count)
    }
}

/// Whether a follower still serves the summaries it reads: not once its connection failed.
final class SummaryGate: Sendable {
    private let open = Mutex(true)

    /// Runs `body` if the gate is open, under the gate's lock.
    func ifOpen(_ body: () -> Void) { open.withLock { if $0 { body() } } }

    /// Closes the gate and runs `body` under the same lock.
    func close(_ body: () -> Void) { open.withLock { $0 = false; body() } }
}

/// Changes notified and not yet applied, folded: object ids, or everything.
final class PendingChanges: Sendable {
    private let state = Mutex<TableChange?>(nil)

    func add(_ change: TableChange) {
        state.withLock { pending in
            switch (pending, change) {
            case (nil, _): pending = change
            case let (.objects(known)?, .objects(more)) where known.count + more.count <= 1_000: pending = .objects(known.union(more))
            default: pending = .everything
            }
        }
    }

    /// The folded changes, emptied; nil when an earlier wake took them already.
    func take() -> TableChange? {
        state.withLock { pending in
            defer { pending = nil }
            return pending
        }
    }
}
