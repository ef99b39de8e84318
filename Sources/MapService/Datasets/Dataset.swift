import Foundation
import MapClustering
import MapGeometry

/// One served dataset as readers see it: an immutable snapshot of its features with their
/// indexes. An edit builds a new snapshot and swaps it in whole, so a reader never sees a
/// half-updated index.
struct Dataset: Sendable {
    let source: DatasetSource
    let collection: FeatureCollection
    /// Row of each object by its id's text (`node/123`, `42`).
    let rows: [String: Int]
    /// Near, nearest and search.
    let query: FeatureIndex
    /// Cluster indexes by options, the default one built with the snapshot.
    let clusters: ClusterIndexCache
    let bounds: BoundingBox?
    let types: [String]
    /// Every property name of any object (what `groupBy` may name).
    let propertyKeys: Set<String>
    /// Changes with every accepted edit: the file's content tag and the number of edits since it was read.
    let version: String
    /// Edits accepted since the file was read (0 for a fresh load).
    let generation: Int

    var name: String { source.name }

    /// Indexes `collection` (the default cluster index included).
    init(source: DatasetSource, collection: FeatureCollection, style: ClusterStyle, version: String, generation: Int) throws(ClusterError) {
        self.source = source
        self.collection = collection
        var rows: [String: Int] = [:]
        for (row, feature) in collection.features.enumerated() {
            if let id = feature.objectID { rows[id] = row }
        }
        self.rows = rows
        query = FeatureIndex(collection.features)
        clusters = try ClusterIndexCache(collection, style: style)
        bounds = DataExtent(collection.features.compactMap(\.geometry)).bounds
        types = Set(collection.features.compactMap { $0.properties.string("type") }).sorted()
        var keys = Set<String>()
        for feature in collection.features { keys.formUnion(feature.properties.keys) }
        propertyKeys = keys
        self.version = version
        self.generation = generation
    }

    /// Reads and indexes a GeoJSON file (strict: a broken file is refused with its located error).
    static func load(_ source: DatasetSource, style: ClusterStyle) throws -> Dataset {
        let bytes = try FileInput.bytes(of: source.path)
        let document = try GeoJSONReader().read(bytes: bytes, fileName: source.path)
        return try Dataset(
            source: source, collection: document.featureCollection, style: style,
            version: ContentTag.of(bytes), generation: 0)
    }

    /// The object with this id, and its row.
    func object(_ id: String) -> (row: Int, feature: Feature)? {
        rows[id].map { ($0, collection.features[$0]) }
    }
}

/// Reading a dataset file whole.
enum FileInput {
    static func bytes(of path: String) throws -> [UInt8] {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ServiceError.unreadable("\(path): cannot read the file (missing or not readable)")
        }
        return [UInt8](data)
    }
}
