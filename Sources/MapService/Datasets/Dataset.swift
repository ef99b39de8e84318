import Foundation
import MapClustering
import MapGeometry
import MapGeoJSON
import MapQuery

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
    /// Changes with every accepted edit: the file's tag (see `fileVersion`) and the number of edits since it was read.
    let version: String
    /// Edits accepted since the file was read (0 for a fresh load).
    let generation: Int
    /// For a dataset in a PostGIS table: each object's `version` column, which a save must name.
    let tableVersions: [String: Int64]
    /// For a table answered by the database: what it holds (the collection and indexes are empty).
    let database: DatabaseDataset?

    var name: String { source.name }

    /// Indexes `collection` (the default cluster index included).
    init(
        source: DatasetSource, collection: FeatureCollection, style: ClusterStyle, version: String, generation: Int,
        tableVersions: [String: Int64] = [:], database: DatabaseDataset? = nil
    ) throws(ClusterError) {
        self.source = source
        self.tableVersions = tableVersions
        self.database = database
        self.collection = collection
        var rows: [String: Int] = [:]
        for (row, feature) in collection.features.enumerated() {
            if let id = feature.objectID { rows[id] = row }
        }
        self.rows = rows
        // One copy of the features with their top-level ids for both indexes, which then keep it
        // as it is (each would make its own copy from the stored features).
        let shown = FeatureCollection(features: collection.features.carryingObjectIDs, foreignMembers: collection.foreignMembers)
        query = FeatureIndex(shown.features)
        clusters = try ClusterIndexCache(shown, style: style)
        bounds = database.map(\.bounds) ?? DataExtent(collection.features.compactMap(\.geometry)).bounds
        types = database?.types ?? Set(collection.features.compactMap { $0.properties.string("type") }).sorted()
        var keys = Set<String>()
        for feature in collection.features { keys.formUnion(feature.properties.keys) }
        propertyKeys = keys
        self.version = version
        self.generation = generation
    }

    /// A table answered by the database: nothing indexed in memory.
    init(source: DatasetSource, database: DatabaseDataset, style: ClusterStyle, version: String) throws(ClusterError) {
        try self.init(source: source, collection: FeatureCollection(features: [], foreignMembers: database.foreignMembers),
                      style: style, version: version, generation: 0, database: database)
    }

    /// The number of objects served.
    var count: Int { database?.count ?? collection.features.count }

    /// Reads and indexes a GeoJSON file (strict: a broken file is refused with its located error).
    static func load(_ source: DatasetSource, style: ClusterStyle) throws -> Dataset {
        // Memory-mapped and capped as the command line reads it, with its located errors.
        let document = try GeoJSONReader().read(contentsOfFile: source.path)
        return try Dataset(
            source: source, collection: document.featureCollection, style: style,
            version: fileVersion(source.path), generation: 0)
    }

    /// A tag of the file as found (path, size, modification time, inode): it changes when the
    /// file does, and instances serving one file agree on it, without reading the file again.
    static func fileVersion(_ path: String) -> String {
        let attributes = (try? FileManager.default.attributesOfItem(atPath: path)) ?? [:]
        let stamp = [path, "\(attributes[.size] ?? 0)", "\((attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0)",
                     "\(attributes[.systemFileNumber] ?? 0)"].joined(separator: "|")
        return ContentTag.of(Array(stamp.utf8))
    }

    /// The object with this id, and its row.
    func object(_ id: String) -> (row: Int, feature: Feature)? {
        rows[id].map { ($0, collection.features[$0]) }
    }
}
