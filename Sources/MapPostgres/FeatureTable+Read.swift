import MapGeometry
import MapGeoJSON
import NIOCore
import PostgresNIO

/// What one statement changed, as the table's triggers say it: the object ids of up to 200
/// changed rows, or everything (more rows, rows without an id, a truncate, or the first read).
public enum TableChange: Sendable, Equatable {
    case everything
    case objects(Set<String>)

    /// The trigger's payload: ids separated by U+001F, or `*`.
    init(payload: String) {
        guard payload != "*", !payload.isEmpty else { self = .everything; return }
        self = .objects(Set(payload.split(separator: "\u{1F}").map(String.init)))
    }
}

/// One row as read: object id ("" for none), row number, the feature's JSON without its
/// geometry, the geometry's WKB, the version.
struct StoredRow: Sendable {
    let id: String
    let row: Int64
    let text: String
    let wkb: ByteBuffer?
    let version: Int64

    /// The columns every read selects, in this order.
    static let columns = "coalesce(object_id, ''), row, feature::text, ST_AsBinary(geom), version"

    static func collect(_ rows: PostgresRowSequence, _ location: PostgresLocation) async throws(FeatureTableError) -> [StoredRow] {
        var stored: [StoredRow] = []
        do {
            for try await (id, row, text, wkb, version) in rows.decode((String, Int64, String, ByteBuffer?, Int64).self) {
                stored.append(StoredRow(id: id, row: row, text: text, wkb: wkb, version: version))
            }
        } catch {
            throw FeatureTableError(location, "cannot read the rows", error)
        }
        return stored
    }
}

/// The table read back as a collection: every row in order, with its version.
public struct TableSnapshot: Sendable {
    public let collection: FeatureCollection
    /// Each object's version (the `version` column) by object id.
    public let versions: [String: Int64]

    public init(collection: FeatureCollection, versions: [String: Int64]) {
        self.collection = collection
        self.versions = versions
    }
}

extension FeatureTable {
    /// Every row as a Feature, in order, with the collection's foreign members from the comment.
    /// - Throws: ``FeatureTableError`` for a missing table or column, another SRID than 4326, or a
    ///   row whose feature or geometry cannot be read (naming its object id).
    public func read() async throws(FeatureTableError) -> TableSnapshot {
        let table = location.quotedTable
        try await checkSRID()
        let members = try await collectionMemberText()
        let rows = try await run("SELECT \(unescaped: StoredRow.columns) FROM \(unescaped: table) ORDER BY row", "cannot read the rows")
        let (collection, versions) = try await decode(rows, collectionMembers: members)
        return TableSnapshot(collection: collection, versions: versions)
    }

    /// Refuses a table holding a geometry in another SRID than 4326, naming the object. A
    /// column declared `geometry(…, 4326)` (as `mapctl import` makes it) holds no other, so
    /// only an undeclared one is read row by row.
    public func checkSRID() async throws(FeatureTableError) {
        let declared = try await run("SELECT postgis_typmod_srid(atttypmod) FROM pg_attribute WHERE attrelid = \(location.quotedTable)::regclass AND attname = 'geom'", "cannot read the table")
        do {
            for try await srid in declared.decode(Int.self) where srid == 4326 { return }
        } catch {
            throw FeatureTableError(location, "cannot read the table", error)
        }
        var foreignSRID: (String, Int)?
        let check = try await run("SELECT coalesce(object_id, row::text), ST_SRID(geom) FROM \(unescaped: location.quotedTable) WHERE geom IS NOT NULL AND ST_SRID(geom) <> 4326 LIMIT 1", "cannot read the table")
        do {
            for try await (id, srid) in check.decode((String, Int).self) { foreignSRID = (id, srid) }
        } catch {
            throw FeatureTableError(location, "cannot read the table", error)
        }
        if let (id, srid) = foreignSRID {
            throw FeatureTableError(location, "object \(id) has SRID \(srid); the engine reads WGS84 longitude/latitude (SRID 4326): transform it with ST_Transform(geom, 4326)")
        }
    }

    /// The collection's foreign members (its attribution), kept in the table's comment.
    public func collectionMembers() async throws(FeatureTableError) -> [ForeignMember] {
        try Self.decode([], collectionMembers: try await collectionMemberText(), location: location).0.foreignMembers
    }

    /// The table's comment without its braces: the collection's foreign members as JSON text.
    private func collectionMemberText() async throws(FeatureTableError) -> String {
        var comment = ""
        let described = try await run("SELECT coalesce(obj_description(\(location.quotedTable)::regclass, 'pg_class'), '')", "cannot read the table's comment")
        do { for try await text in described.decode(String.self) { comment = text } } catch {
            throw FeatureTableError(location, "cannot read the table's comment", error)
        }
        return comment.hasPrefix("{") && comment.hasSuffix("}") && comment.count > 2 ? String(comment.dropFirst().dropLast()) : ""
    }

    /// The rows of these object ids as they are now (an id without a row was deleted).
    public func rows(withIDs ids: [String]) async throws(FeatureTableError) -> TableSnapshot {
        let rows = try await run("SELECT \(unescaped: StoredRow.columns) FROM \(unescaped: location.quotedTable) WHERE object_id = ANY(\(ids)) ORDER BY row", "cannot read the changed rows")
        let (collection, versions) = try await decode(rows, collectionMembers: "")
        return TableSnapshot(collection: collection, versions: versions)
    }

    /// Rows of (object id, row, feature text, WKB, version) as features in order: the texts are
    /// read as one collection (with `collectionMembers`, raw JSON members), then the geometries set.
    func decode(_ rows: PostgresRowSequence, collectionMembers: String) async throws(FeatureTableError) -> (FeatureCollection, [String: Int64]) {
        try Self.decode(try await StoredRow.collect(rows, location), collectionMembers: collectionMembers, location: location)
    }

    /// Stored rows as features in order (see the other `decode`).
    static func decode(_ rows: [StoredRow], collectionMembers: String, location: PostgresLocation) throws(FeatureTableError) -> (FeatureCollection, [String: Int64]) {
        var document = Array(#"{"type":"FeatureCollection","features":["#.utf8)
        var shapes: [(id: String, wkb: ByteBuffer?)] = []
        var versions: [String: Int64] = [:]
        for stored in rows {
            if !shapes.isEmpty { document.append(UInt8(ascii: ",")) }
            document.append(contentsOf: stored.text.utf8)
            shapes.append((stored.id.isEmpty ? "row \(stored.row)" : stored.id, stored.wkb))
            if !stored.id.isEmpty { versions[stored.id] = stored.version }
        }
        document.append(UInt8(ascii: "]"))
        if !collectionMembers.isEmpty {
            document.append(UInt8(ascii: ","))
            document.append(contentsOf: collectionMembers.utf8)
        }
        document.append(UInt8(ascii: "}"))
        var collection: FeatureCollection
        do {
            collection = try GeoJSONReader().read(bytes: document).featureCollection
        } catch {
            throw FeatureTableError(location, "a row's feature column is not a GeoJSON Feature (\(error))")
        }
        guard collection.features.count == shapes.count else {
            throw FeatureTableError(location, "\(shapes.count - collection.features.count) rows hold no readable GeoJSON Feature in their feature column")
        }
        for (index, shape) in shapes.enumerated() {
            guard var wkb = shape.wkb, let bytes = wkb.readBytes(length: wkb.readableBytes) else { continue }
            do {
                collection.features[index].geometry = try WellKnownBinary.decode(bytes)
            } catch {
                throw FeatureTableError(location, "object \(shape.id): its geometry cannot be read: \(error)")
            }
        }
        return (collection, versions)
    }

    /// Calls `changed` with ``TableChange/everything`` once listening has begun (so no change
    /// is missed between a first read and the first notification), then with what every
    /// statement that changes the table changed (from this or any client), until the task is
    /// cancelled or the connection fails.
    public func listen(_ changed: @Sendable (TableChange) async -> Void) async throws(FeatureTableError) {
        do {
            try await connection.listen(on: channel) { notifications in
                await changed(.everything)
                for try await notification in notifications { await changed(TableChange(payload: notification.payload)) }
            }
        } catch {
            throw FeatureTableError(location, "stopped listening for changes", error)
        }
    }
}
