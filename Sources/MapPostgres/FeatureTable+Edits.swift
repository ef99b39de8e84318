import MapGeoJSON
import NIOCore
import PostgresNIO

/// Edit-mode saves into the table, each one statement (so one transaction), with optimistic
/// concurrency on the version column: a change names the version it replaces and is refused
/// (nothing written) when the row has moved on.
extension FeatureTable {
    /// Adds `feature`; its version, or nil when the id exists.
    /// - Throws: for a feature without an object id (edits find rows by it), or a database error.
    public func insert(_ feature: Feature) async throws(FeatureTableError) -> Int64? {
        let (id, text, wkb) = Self.row(feature)
        guard !id.isEmpty else {
            throw FeatureTableError(location, "cannot save an object without an id: give the feature an \"id\" (or properties.id)")
        }
        let rows = try await run("""
            INSERT INTO \(unescaped: location.quotedTable) (object_id, feature, geom)
            VALUES (\(id), \(text)::json, CASE WHEN length(\(wkb)) = 0 THEN NULL ELSE ST_GeomFromWKB(\(wkb), 4326) END)
            ON CONFLICT (object_id) DO NOTHING RETURNING version
            """, "cannot save the new object")
        return try await firstVersion(rows)
    }

    /// Replaces object `id` if it is still at `version`: its new version, or nil (nothing written)
    /// when someone changed or deleted it since.
    public func update(_ id: String, to feature: Feature, from version: Int64) async throws(FeatureTableError) -> Int64? {
        let (_, text, wkb) = Self.row(feature)
        let rows = try await run("""
            UPDATE \(unescaped: location.quotedTable)
            SET feature = \(text)::json, geom = CASE WHEN length(\(wkb)) = 0 THEN NULL ELSE ST_GeomFromWKB(\(wkb), 4326) END,
                version = version + 1
            WHERE object_id = \(id) AND version = \(version) RETURNING version
            """, "cannot save the change")
        return try await firstVersion(rows)
    }

    /// Deletes object `id` if it is still at `version`; false (nothing deleted) otherwise.
    public func delete(_ id: String, at version: Int64) async throws(FeatureTableError) -> Bool {
        let rows = try await run("DELETE FROM \(unescaped: location.quotedTable) WHERE object_id = \(id) AND version = \(version) RETURNING version",
                                 "cannot delete the object")
        return try await firstVersion(rows) != nil
    }

    private func firstVersion(_ rows: PostgresRowSequence) async throws(FeatureTableError) -> Int64? {
        do {
            for try await version in rows.decode(Int64.self) { return version }
        } catch {
            throw FeatureTableError(location, "cannot save", error)
        }
        return nil
    }
}
