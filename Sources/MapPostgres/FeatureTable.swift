import Logging
import MapGeometry
import MapGeoJSON
import NIOCore
import PostgresNIO

/// A dataset's table in PostGIS, over one connection: one row per feature, in file order.
///
/// | column | holds |
/// | --- | --- |
/// | `row` | the feature's place in the collection (`bigserial`) |
/// | `object_id` | the object's id (`Feature.objectID`), unique |
/// | `feature` | the Feature without its geometry, as `json` (kept as written: id, properties, foreign members) |
/// | `geom` | the geometry, `geometry(Geometry, 4326)` with a GiST index, travelling as WKB |
/// | `version` | 1 on insert, one more on every change (optimistic concurrency) |
///
/// The collection's foreign members (its attribution) are the table's comment. A trigger
/// notifies channel ``channel`` after every statement that changes the table.
public struct FeatureTable: Sendable {
    public let location: PostgresLocation
    let connection: PostgresConnection
    let logger: Logger

    /// Connects to the location's database.
    /// - Throws: ``FeatureTableError`` naming the server and what went wrong.
    public static func connect(_ location: PostgresLocation, logger: Logger = Logger(label: "mapengine.postgres")) async throws(FeatureTableError) -> FeatureTable {
        var configuration = PostgresConnection.Configuration(
            host: location.host, port: location.port, username: location.user, password: location.password,
            database: location.database, tls: .disable)
        configuration.options.connectTimeout = .seconds(5)
        do {
            let connection = try await PostgresConnection.connect(configuration: configuration, id: 1, logger: logger)
            return FeatureTable(location: location, connection: connection, logger: logger)
        } catch {
            throw FeatureTableError(location, "cannot connect", error)
        }
    }

    /// Runs `body` with a connected table and closes the connection after.
    public static func with<Result: Sendable>(
        _ location: PostgresLocation, _ body: (FeatureTable) async throws -> Result
    ) async throws -> Result {
        let table = try await connect(location)
        do {
            let result = try await body(table)
            try? await table.close()
            return result
        } catch {
            try? await table.close()
            throw error
        }
    }

    /// Closes the connection.
    public func close() async throws { try await connection.close() }

    /// The channel the table's trigger notifies.
    public var channel: String { "mapengine_" + location.derivedName("changed") }

    /// Creates PostGIS, the table and its GiST index where absent, and (again) its triggers.
    public func prepare() async throws(FeatureTableError) {
        let table = location.quotedTable
        let statements: [String] = [
            "CREATE EXTENSION IF NOT EXISTS postgis",
            """
            CREATE TABLE IF NOT EXISTS \(table) (
                row bigserial PRIMARY KEY,
                object_id text UNIQUE,
                feature json NOT NULL,
                geom geometry(Geometry, 4326),
                version bigint NOT NULL DEFAULT 1)
            """,
            "CREATE INDEX IF NOT EXISTS \"\(location.derivedName("geom"))\" ON \(table) USING GIST (geom)",
            // One notification per statement: the changed rows' ids (U+001F between them), or
            // * for more than 200 rows, rows without an id, or a truncate (listeners read all).
            """
            CREATE OR REPLACE FUNCTION \(quoted(location.derivedName("notify")))() RETURNS trigger LANGUAGE plpgsql AS $$
            DECLARE changed bigint; named bigint; ids text;
            BEGIN
                IF TG_OP = 'TRUNCATE' THEN PERFORM pg_notify('\(channel)', '*'); RETURN NULL; END IF;
                IF TG_OP = 'INSERT' THEN
                    SELECT count(*), count(object_id), string_agg(object_id, chr(31)) INTO changed, named, ids FROM (SELECT object_id FROM new_rows LIMIT 201) r;
                ELSIF TG_OP = 'DELETE' THEN
                    SELECT count(*), count(object_id), string_agg(object_id, chr(31)) INTO changed, named, ids FROM (SELECT object_id FROM old_rows LIMIT 201) r;
                ELSE
                    SELECT count(*), count(object_id), string_agg(object_id, chr(31)) INTO changed, named, ids
                    FROM (SELECT object_id FROM new_rows UNION SELECT object_id FROM old_rows LIMIT 201) r;
                END IF;
                IF changed = 0 THEN RETURN NULL; END IF;
                IF changed > 200 OR named < changed OR length(ids) > 7000 THEN ids := '*'; END IF;
                PERFORM pg_notify('\(channel)', ids);
                RETURN NULL;
            END $$
            """,
            "DROP TRIGGER IF EXISTS \"\(location.derivedName("changed"))\" ON \(table)",
        ] + [("inserted", "INSERT", "NEW TABLE AS new_rows"), ("updated", "UPDATE", "OLD TABLE AS old_rows NEW TABLE AS new_rows"),
             ("deleted", "DELETE", "OLD TABLE AS old_rows"), ("truncated", "TRUNCATE", "")].flatMap { name, event, transition in
            [
                "DROP TRIGGER IF EXISTS \"\(location.derivedName(name))\" ON \(table)",
                """
                CREATE TRIGGER "\(location.derivedName(name))" AFTER \(event) ON \(table) \(transition.isEmpty ? "" : "REFERENCING " + transition)
                FOR EACH STATEMENT EXECUTE FUNCTION \(quoted(location.derivedName("notify")))()
                """,
            ]
        }
        for statement in statements { try await run(PostgresQuery(unsafeSQL: statement), "cannot prepare the table") }
    }

    /// The number of rows, or `limit + 1` when there are more than `limit` (reading no more).
    public func count(upTo limit: Int? = nil) async throws(FeatureTableError) -> Int {
        let source = limit.map { "(SELECT 1 FROM \(location.quotedTable) LIMIT \($0 + 1)) r" } ?? location.quotedTable
        let rows = try await run("SELECT count(*) FROM \(unescaped: source)", "cannot count the rows")
        do {
            for try await count in rows.decode(Int.self) { return count }
        } catch {
            throw FeatureTableError(location, "cannot count the rows", error)
        }
        return 0
    }

    /// Appends `features` in one transaction, `batchSize` rows per statement, and keeps the
    /// collection's foreign members as the table's comment. Nothing is written when any row fails.
    public func insert(_ features: [Feature], collectionMembers: [ForeignMember] = [], batchSize: Int = 5_000) async throws(FeatureTableError) {
        do {
            try await connection.withTransaction(logger: logger) { connection in
                var start = 0
                while start < features.count {
                    let batch = features[start..<min(start + batchSize, features.count)]
                    let rows = batch.map(Self.row)
                    let ids = rows.map(\.id), texts = rows.map(\.text), shapes = rows.map(\.wkb)
                    try await connection.query("""
                        INSERT INTO \(unescaped: location.quotedTable) (object_id, feature, geom)
                        SELECT NULLIF(o, ''), f::json, CASE WHEN length(g) = 0 THEN NULL ELSE ST_GeomFromWKB(g, 4326) END
                        FROM unnest(\(ids)::text[], \(texts)::text[], \(shapes)::bytea[]) WITH ORDINALITY AS u(o, f, g, n) ORDER BY n
                        """, logger: logger)
                    start += batchSize
                }
                if !collectionMembers.isEmpty {
                    let members = collectionMembers.map { String(decoding: GeoJSONWriter().encode(JSONValue.string($0.name)), as: UTF8.self) + ":" + $0.value.text }
                    let comment = "{" + members.joined(separator: ",") + "}"
                    try await connection.query(PostgresQuery(unsafeSQL: "COMMENT ON TABLE \(location.quotedTable) IS \(literal(comment))"), logger: logger)
                }
            }
        } catch {
            throw FeatureTableError(location, "cannot write the features", error)
        }
    }

    /// A feature as the columns store it: its id, its JSON without the geometry, its WKB.
    static func row(_ feature: Feature) -> (id: String, text: String, wkb: ByteBuffer) {
        var rest = feature
        rest.geometry = nil
        let text = String(decoding: GeoJSONWriter().encode(rest), as: UTF8.self)
        let wkb = feature.geometry.map { ByteBuffer(bytes: WellKnownBinary.encode($0)) } ?? ByteBuffer()
        return (feature.objectID ?? "", text, wkb)
    }

    private func quoted(_ name: String) -> String { "\"\(name)\"" }

    /// A SQL string literal (for COMMENT, which takes no parameters).
    private func literal(_ text: String) -> String { "'" + text.replacingOccurrences(of: "'", with: "''") + "'" }

    @discardableResult
    func run(_ query: PostgresQuery, _ what: String) async throws(FeatureTableError) -> PostgresRowSequence {
        do {
            return try await connection.query(query, logger: logger)
        } catch {
            throw FeatureTableError(location, what, error)
        }
    }
}
