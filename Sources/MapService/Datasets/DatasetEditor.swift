import Foundation
import Hummingbird
import MapGeometry

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

    func apply(_ change: Change) throws(Problem) -> Outcome {
        let dataset = try store.dataset(name)
        var features = dataset.collection.features
        let stored: Feature?
        switch change {
        case var .create(feature):
            if let id = feature.objectID {
                guard dataset.rows[id] == nil else {
                    throw Problem(status: .conflict, detail: "an object with id \(id) exists; PUT /datasets/\(name)/objects/\(Self.pathSegment(id)) changes it")
                }
            } else {
                feature.id = .string(UUID().uuidString.lowercased())
            }
            features.append(feature)
            stored = feature
        case let .replace(id, feature, ifMatch):
            let row = try Self.current(id, in: dataset, ifMatch: ifMatch)
            features[row] = feature
            stored = feature
        case let .delete(id, ifMatch):
            let row = try Self.current(id, in: dataset, ifMatch: ifMatch)
            features.remove(at: row)
            stored = nil
        }
        let generation = dataset.generation + 1
        let next: Dataset
        do {
            next = try Dataset(
                source: dataset.source, collection: FeatureCollection(features: features, foreignMembers: dataset.collection.foreignMembers),
                style: store.style, version: "\(dataset.version.prefix(16))-\(generation)", generation: generation)
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
        let tag = ObjectTag.of(feature)
        let wanted = ifMatch.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        guard wanted.contains("*") || wanted.contains(tag) else {
            throw Problem(status: .preconditionFailed,
                          detail: "object \(id) changed since you read it (now \(tag), you sent \(ifMatch)); read it again, then save",
                          headers: [.eTag: tag])
        }
        return row
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

    /// Returns once the file holds generation `generation` (or a later one).
    func persist(upTo generation: Int) throws {
        guard written < generation, case let .ready(dataset)? = store.datasets.state(of: name), dataset.generation > written else { return }
        do {
            try OutputFile.write(GeoJSONWriter().encode(dataset.collection), to: dataset.source.path)
        } catch {
            throw Problem(status: HTTPResponse.Status(code: 507, reasonPhrase: "Insufficient Storage"), detail: "the edit is applied but could not be written to \(dataset.source.path): \(error)")
        }
        written = dataset.generation
    }
}
