import MapGeometry
import NIOCore
import PostgresNIO

/// The table read back as a collection: every row in order, with its version.
public struct TableSnapshot: Sendable {
    public let collection: FeatureCollection
    /// Each object's version (the `version` column) by object id.
    public let versions: [String: Int64]
}

extension FeatureTable {
    /// Every row as a Feature, in order, with the collection's foreign members from the comment.
    /// - Throws: ``FeatureTableError`` for a missing table or column, another SRID than 4326, or a
    ///   row whose feature or geometry cannot be read (naming its object id).
    public func read() async throws(FeatureTableError) -> TableSnapshot {
        let table = location.quotedTable
        var foreignSRID: (String, Int)?
        let check = try await run("SELECT coalesce(object_id, row::text), ST_SRID(geom) FROM \(unescaped: table) WHERE geom IS NOT NULL AND ST_SRID(geom) <> 4326 LIMIT 1", "cannot read the table")
        do {
            for try await (id, srid) in check.decode((String, Int).self) { foreignSRID = (id, srid) }
        } catch {
            throw FeatureTableError(location, "cannot read the table", error)
        }
        if let (id, srid) = foreignSRID {
            throw FeatureTableError(location, "object \(id) has SRID \(srid); the engine reads WGS84 longitude/latitude (SRID 4326): transform it with ST_Transform(geom, 4326)")
        }
        var comment = ""
        let described = try await run("SELECT coalesce(obj_description(\(location.quotedTable)::regclass, 'pg_class'), '')", "cannot read the table's comment")
        do { for try await text in described.decode(String.self) { comment = text } } catch {
            throw FeatureTableError(location, "cannot read the table's comment", error)
        }
        var document = Array(#"{"type":"FeatureCollection","features":["#.utf8)
        var shapes: [(id: String, wkb: ByteBuffer?)] = []
        var versions: [String: Int64] = [:]
        let rows = try await run("SELECT coalesce(object_id, ''), row, feature::text, ST_AsBinary(geom), version FROM \(unescaped: table) ORDER BY row", "cannot read the rows")
        do {
            for try await (id, row, text, wkb, version) in rows.decode((String, Int64, String, ByteBuffer?, Int64).self) {
                if !shapes.isEmpty { document.append(UInt8(ascii: ",")) }
                document.append(contentsOf: text.utf8)
                shapes.append((id.isEmpty ? "row \(row)" : id, wkb))
                if !id.isEmpty { versions[id] = version }
            }
        } catch {
            throw FeatureTableError(location, "cannot read the rows", error)
        }
        document.append(UInt8(ascii: "]"))
        // The comment holds the collection's foreign members as one JSON object: add its members.
        if comment.hasPrefix("{"), comment.hasSuffix("}"), comment.count > 2 {
            document.append(UInt8(ascii: ","))
            document.append(contentsOf: comment.dropFirst().dropLast().utf8)
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
        return TableSnapshot(collection: collection, versions: versions)
    }

    /// Calls `changed` once listening has begun (so no change is missed between a first read
    /// and the first notification), then after every statement that changes the table (from
    /// this or any client), until the task is cancelled or the connection fails.
    public func listen(_ changed: @Sendable () async -> Void) async throws(FeatureTableError) {
        do {
            try await connection.listen(on: channel) { notifications in
                await changed()
                for try await _ in notifications { await changed() }
            }
        } catch {
            throw FeatureTableError(location, "stopped listening for changes", error)
        }
    }
}
