import Foundation
import Hummingbird
import MapGeometry
import MapGeoJSON
import MapPostgres

/// Edit-mode saves of one dataset, one at a time: each checks the object's version
/// (`If-Match`), builds the next snapshot and swaps it in, so readers see the edit as soon as
/// it is acknowledged and never a half-updated index.
actor DatasetEditor {
    /// One change to the dataset.
    enum Change: Sendable {
        case create(Feature)
        case replace(id: String, Feature, ifMatch: String)
        case delete(id: String, ifMatch: String)
    }

    /// The stored object (nil after a delete) and the snapshot's generation to persist.
    struct Outcome: Sendable {
        let feature: Feature?
        let generation: Int
    }

    let store: DatasetStore
    let name: String
    let persister: DatasetPersister

    init(store: DatasetStore, name: String) {
        self.store = store
        self.name = name
        persister = DatasetPersister(store: store, name: name)
    }

    /// Applies a change: for a file, to the served snapshot (the file is written after, see
    /// ``DatasetPersister``); for a PostGIS table, to the table first (one statement, refused when
    /// the row's version moved on), then to the snapshot.
    func apply(_ change: Change) async throws(Problem) -> Outcome {
        var change = change
        if case var .create(feature) = change, feature.objectID == nil {
            feature.id = .string(UUID().uuidString.lowercased())
            change = .create(feature)
        }
        let dataset = try store.dataset(name)
        guard let location = dataset.source.table else { return try commit(change, on: dataset, checked: true) }
        // Saves into a table wait for each other: each must see the versions the last one left.
        await tableTurn.acquire()
        defer { tableTurn.release() }
        let current = try store.dataset(name)
        if let database = current.database { return try await save(change, into: database, at: location) }
        try check(change, against: current)
        let version = try await write(change, to: location, versions: current.tableVersions)
        // The table's notification may already have brought this change in: apply it as an upsert.
        return try commit(change, on: try store.dataset(name), checked: false, tableVersion: version)
    }

    private let tableTurn = AsyncTurn()

    /// A save into a table answered by the database: the object's version read from the table,
    /// `If-Match` checked against it, then the same checked write. Nothing is held in memory.
    private func save(_ change: Change, into database: DatabaseDataset, at location: PostgresLocation) async throws(Problem) -> Outcome {
        var versions: [String: Int64] = [:]
        switch change {
        case .create: break
        case let .replace(id, _, ifMatch), let .delete(id, ifMatch):
            let stored: (feature: Feature, version: Int64)?
            do { stored = try await database.cells.object(id) } catch {
                throw Problem(status: .serviceUnavailable, detail: "nothing was saved: \(error)", headers: [.retryAfter: "1"])
            }
            guard let stored else { throw .notFound("dataset \(name) has no object with id \(id)") }
            try Self.check(stored.feature, id, ifMatch: ifMatch)
            versions[id] = stored.version
        }
        _ = try await write(change, to: location, versions: versions)
        switch change {
        case let .create(feature), let .replace(_, feature, _): return Outcome(feature: feature, generation: 0)
        case .delete: return Outcome(feature: nil, generation: 0)
        }
    }

    /// 409 for a new object whose id exists, 404 for a change to a missing one, 412 for a stale `If-Match`.
    private func check(_ change: Change, against dataset: Dataset) throws(Problem) {
        switch change {
        case let .create(feature):
            if let id = feature.objectID, dataset.rows[id] != nil {
                throw Problem(status: .conflict, detail: "an object with id \(id) exists; PUT /datasets/\(name)/objects/\(Self.pathSegment(id)) changes it")
            }
        case let .replace(id, _, ifMatch), let .delete(id, ifMatch):
            _ = try Self.current(id, in: dataset, ifMatch: ifMatch)
        }
    }

    /// Writes the change into the table; the object's new version (nil after a delete).
    private func write(_ change: Change, to location: PostgresLocation, versions: [String: Int64]) async throws(Problem) -> Int64? {
        let stale = { (id: String) in
            Problem(status: .preconditionFailed, detail: "object \(id) was changed or deleted in the database since this service read it; read it again, then save")
        }
        do {
            return try await FeatureTable.with(location) { table throws -> Int64? in
                switch change {
                case let .create(feature):
                    guard let version = try await table.insert(feature) else {
                        throw Problem(status: .conflict, detail: "an object with id \(feature.objectID ?? "") exists in the table; nothing was saved")
                    }
                    return version
                case let .replace(id, feature, _):
                    guard let known = versions[id], let version = try await table.update(id, to: feature, from: known) else { throw stale(id) }
                    return version
                case let .delete(id, _):
                    guard let known = versions[id], try await table.delete(id, at: known) else { throw stale(id) }
                    return nil
                }
            }
        } catch let problem as Problem {
            throw problem
        } catch {
            throw Problem(status: .serviceUnavailable, detail: "nothing was saved: \(error)", headers: [.retryAfter: "1"])
        }
    }

    /// Builds the next snapshot with the change and swaps it in. `checked`: refuse a stale or
    /// impossible change (a file's saves); otherwise apply it as an upsert (a table's, already written).
    private func commit(_ change: Change, on dataset: Dataset, checked: Bool, tableVersion: Int64? = nil) throws(Problem) -> Outcome {
        if checked { try check(change, against: dataset) }
        var features = dataset.collection.features
        var versions = dataset.tableVersions
        let stored: Feature?
        switch change {
        case let .create(feature), let .replace(_, feature, _):
            let id = feature.objectID!
            if let row = dataset.rows[id] { features[row] = feature } else { features.append(feature) }
            versions[id] = tableVersion
            stored = feature
        case let .delete(id, _):
            if let row = dataset.rows[id] { features.remove(at: row) }
            versions[id] = nil
            stored = nil
        }
        let generation = dataset.generation + 1
        let next: Dataset
        do {
            next = try Dataset(
                source: dataset.source, collection: FeatureCollection(features: features, foreignMembers: dataset.collection.foreignMembers),
                style: store.style, version: "\(dataset.version.prefix(16))-\(generation)", generation: generation, tableVersions: versions)
        } catch {
            throw .unprocessable("the dataset cannot be indexed with this change: \(error)")
        }
        store.replace(next)
        return Outcome(feature: stored, generation: generation)
    }

    /// Writes every accepted edit up to now to the file (at shutdown).
    func flush() async throws {
        try await persister.persist(upTo: Int.max)
    }

    /// The row of object `id` when `ifMatch` names its current version: 404 for no such
    /// object, 412 for another version (someone saved in between).
    private static func current(_ id: String, in dataset: Dataset, ifMatch: String) throws(Problem) -> Int {
        guard let (row, feature) = dataset.object(id) else {
            throw .notFound("dataset \(dataset.name) has no object with id \(id)")
        }
        try check(feature, id, ifMatch: ifMatch)
        return row
    }

    /// 412 unless `ifMatch` names the object's current tag (or is `*`).
    private static func check(_ feature: Feature, _ id: String, ifMatch: String) throws(Problem) {
        let tag = ObjectTag.of(feature)
        let wanted = ifMatch.commaSeparatedFields
        guard wanted.contains(where: { $0 == "*" || $0 == tag }) else {
            throw Problem(status: .preconditionFailed,
                          detail: "object \(id) changed since you read it (now \(tag), you sent \(ifMatch)); read it again, then save",
                          headers: [.eTag: tag])
        }
    }

    /// An id as it goes into a path (`node/123` → `node%2F123`).
    static func pathSegment(_ id: String) -> String {
        id.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed.subtracting(CharacterSet(charactersIn: "/?#"))) ?? id
    }
}

/// An object's version: the tag of its GeoJSON, so it survives restarts and needs no column.
enum ObjectTag {
    static func of(_ feature: Feature) -> String { "\"\(ContentTag.of(GeoJSONWriter().encode(feature)))\"" }
}

/// Writes a dataset's file after edits: atomically (a temporary file, flushed, renamed over
/// the file), so after `kill -9` the file is whole and holds every acknowledged edit. Saves
/// that arrive while a write runs are written together by the next one.
actor DatasetPersister {
    let store: DatasetStore
    let name: String
    private var written = 0

    init(store: DatasetStore, name: String) {
        self.store = store
        self.name = name
    }

    /// Returns once the file holds generation `generation` (or a later one); a table's saves
    /// are written by ``DatasetEditor/apply(_:)`` already.
    func persist(upTo generation: Int) throws {
        guard written < generation, case let .ready(dataset)? = store.datasets.state(of: name), dataset.source.table == nil,
              dataset.generation > written else { return }
        do {
            try OutputFile.write(GeoJSONWriter().encode(dataset.collection), to: dataset.source.path)
        } catch {
            throw Problem(status: HTTPResponse.Status(code: 507, reasonPhrase: "Insufficient Storage"), detail: "the edit is applied but could not be written to \(dataset.source.path): \(error)")
        }
        written = dataset.generation
    }
}
