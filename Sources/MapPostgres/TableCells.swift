import Logging
import MapClustering
import MapGeometry
import MapGeoJSON
import NIOCore
import PostgresNIO

/// A table too large to hold in memory, answered by the database: its objects counted per
/// Web Mercator cell (grid clustering, `GridClusters` in MapClustering), single objects, a cell's members, one
/// object, and the candidates of near and nearest questions, over a pool of connections.
///
/// The counts of levels 9 and 13 live in a table beside it (`T_cells`) that statement triggers
/// keep current, so a low-zoom view sums at most a few thousand kept counts, whatever the
/// table's size; finer views count the rows in their box with the GiST index. Every query has
/// the pool's statement time limit.
public struct TableCells: Sendable {
    public let location: PostgresLocation
    let client: PostgresClient
    let logger: Logger

    /// A pool of up to `connections` connections to `location`, each statement cut after `statementTimeout`.
    public init(_ location: PostgresLocation, connections: Int = 8, statementTimeout: Duration = .seconds(10),
                logger: Logger = Logger(label: "mapengine.postgres")) {
        var configuration = PostgresClient.Configuration(
            host: location.host, port: location.port, username: location.user, password: location.password,
            database: location.database, tls: .disable)
        configuration.options.maximumConnections = connections
        configuration.options.connectTimeout = .seconds(5)
        configuration.options.additionalStartupParameters = [("statement_timeout", "\(Self.milliseconds(statementTimeout))")]
        self.location = location
        client = PostgresClient(configuration: configuration, backgroundLogger: logger)
        self.logger = logger
    }

    /// `statement_timeout` in whole milliseconds, at least 1: PostgreSQL reads 0 as no limit,
    /// and whole seconds alone made `--request-timeout 500ms` exactly that.
    static func milliseconds(_ duration: Duration) -> Int {
        let (seconds, attoseconds) = duration.components
        return max(1, Int(seconds) * 1000 + Int(attoseconds / 1_000_000_000_000_000))
    }

    /// Runs the pool until the task is cancelled (queries wait until it runs).
    public func run() async { await client.run() }

    private var counts: String { "\"\(location.derivedName("cells"))\"" }
    private var table: String { location.quotedTable }

    /// Makes the counts table current: when it or its triggers are missing (a first start, or a
    /// table imported again), counts every row and installs the triggers, in one transaction
    /// that holds writers back, so no change slips between the count and the triggers. Another
    /// instance doing the same waits and then finds it done.
    public func prepare() async throws(FeatureTableError) {
        let trigger = location.derivedName("cells_count")
        do {
            try await client.withConnection { connection in
                try await connection.withTransaction(logger: logger) { connection in
                    // Counting every row of a large table outlasts a request's time limit.
                    try await connection.query("SET LOCAL statement_timeout = 0", logger: logger)
                    try await connection.query(PostgresQuery(unsafeSQL: "LOCK TABLE \(table) IN SHARE ROW EXCLUSIVE MODE"), logger: logger)
                    let installed = try await connection.query(
                        "SELECT count(*) FROM pg_trigger WHERE tgrelid = \(location.quotedTable)::regclass AND tgname LIKE \(trigger + "%")", logger: logger)
                    var triggers = 0
                    for try await count in installed.decode(Int.self) { triggers = count }
                    let present = try await connection.query("SELECT to_regclass(\(location.derivedName("cells"))) IS NOT NULL", logger: logger)
                    var hasTable = false
                    for try await exists in present.decode(Bool.self) { hasTable = exists }
                    // The functions are replaced at every start, so a newer engine's take over;
                    // one lock for all tables, as the shared ones are replaced in place.
                    var statements = ["SELECT pg_advisory_xact_lock(hashtext('mapengine_cells'))"] + CellCountSQL.functions
                        + [CellCountSQL.triggerFunction("\"\(trigger)\"", counts: counts)]
                    if triggers == 4 && hasTable {
                        for statement in statements { try await connection.query(PostgresQuery(unsafeSQL: statement), logger: logger) }
                        return
                    }
                    statements += [
                        "DROP TABLE IF EXISTS \(counts)",
                        CellCountSQL.createTable(counts),
                        CellCountSQL.count(table, into: counts, sign: ""),
                    ]
                    for (name, event, transition) in [("inserted", "INSERT", "NEW TABLE AS new_rows"), ("updated", "UPDATE", "OLD TABLE AS old_rows NEW TABLE AS new_rows"),
                                                      ("deleted", "DELETE", "OLD TABLE AS old_rows"), ("truncated", "TRUNCATE", "")] {
                        statements.append("DROP TRIGGER IF EXISTS \"\(trigger)_\(name)\" ON \(table)")
                        statements.append("""
                            CREATE TRIGGER "\(trigger)_\(name)" AFTER \(event) ON \(table) \(transition.isEmpty ? "" : "REFERENCING " + transition)
                            FOR EACH STATEMENT EXECUTE FUNCTION "\(trigger)"()
                            """)
                    }
                    statements.append("ANALYZE \(counts)")
                    for statement in statements { try await connection.query(PostgresQuery(unsafeSQL: statement), logger: logger) }
                }
            }
        } catch {
            throw FeatureTableError(location, "cannot count the table's objects per map cell", error)
        }
    }

    /// What the counts say of the whole table: its objects with a geometry, the box of the
    /// cells holding them (to within a level-13 cell, about 5 km), its types.
    public func summary() async throws(FeatureTableError) -> (count: Int, bounds: BoundingBox?, types: [String]) {
        let level = CellCountSQL.keptLevels.last!
        var count = 0, bounds: BoundingBox?, types: [String] = []
        do {
            let totals = try await client.query("""
                SELECT coalesce(sum(points), 0)::bigint, min(x), max(x), min(y), max(y) FROM \(unescaped: counts) WHERE level = \(level) AND points > 0
                """, logger: logger)
            for try await (total, west, east, north, south) in totals.decode((Int64, Int?, Int?, Int?, Int?).self) {
                count = Int(total)
                if let west, let east, let north, let south { bounds = Self.box(level: level, x: west...east, y: north...south) }
            }
            if let cells = bounds { bounds = try await exactBounds(within: cells, level: level) }
            let named = try await client.query("SELECT DISTINCT type FROM \(unescaped: counts) WHERE level = \(CellCountSQL.keptLevels[0]) AND points > 0 ORDER BY 1", logger: logger)
            for try await type in named.decode(String.self) { types.append(type) }
        } catch {
            throw FeatureTableError(location, "cannot read the table's cell counts", error)
        }
        return (count, bounds, types)
    }

    /// The box of every geometry, given the box of the cells of `level` holding their anchors:
    /// the extreme objects reach into that box's edge cells, so only the rows whose boxes meet
    /// those four strips are read (with the GiST index).
    private func exactBounds(within cells: BoundingBox, level: Int) async throws -> BoundingBox? {
        let size = 360.0 / Double(1 << level)
        let strips = [
            (-180.0, -90.0, cells.west + size, 90.0), (cells.east - size, -90.0, 180.0, 90.0),
            (-180.0, -90.0, 180.0, GridCell.latitude(of: cells.south, plusCells: 1, level: level)),
            (-180.0, GridCell.latitude(of: cells.north, plusCells: -1, level: level), 180.0, 90.0),
        ].map { "geom && ST_MakeEnvelope(\($0.0), \($0.1), \($0.2), \($0.3), 4326)" }
        let rows = try await client.query("""
            SELECT ST_XMin(e), ST_YMin(e), ST_XMax(e), ST_YMax(e) FROM (SELECT ST_Extent(geom) AS e FROM \(unescaped: table)
            WHERE NOT ST_IsEmpty(geom) AND (\(unescaped: strips.joined(separator: " OR ")))) x
            """, logger: logger)
        for try await (west, south, east, north) in rows.decode((Double?, Double?, Double?, Double?).self) {
            guard let west, let south, let east, let north else { return nil }
            return BoundingBox(unchecked: west, south, east, north)
        }
        return nil
    }

    /// The objects per cell of `level` and type in the cells of `x` × `y` (of `types` only, when
    /// given): summed from the kept counts of the next finer kept level, or counted from the
    /// rows (then each count says whether its objects lie at one position).
    public func counts(level: Int, x: ClosedRange<Int>, y: ClosedRange<Int>, types: [String]? = nil) async throws(FeatureTableError) -> [GridCellCount] {
        if let kept = CellCountSQL.keptLevels.first(where: { $0 >= level }) {
            return try await keptCounts(level: level, kept: kept, x: x, y: y, types: types)
        }
        return try await rowCounts(level: level, x: x, y: y, types: types).counts
    }

    /// What a view of the cells of `x` × `y` at `level` shows: their ``counts(level:x:y:types:)``,
    /// and the object of each cell that holds one.
    public func contents(level: Int, x: ClosedRange<Int>, y: ClosedRange<Int>, types: [String]? = nil) async throws(FeatureTableError) -> (counts: [GridCellCount], singles: [GridCell: Feature]) {
        if let kept = CellCountSQL.keptLevels.first(where: { $0 >= level }) {
            let counts = try await keptCounts(level: level, kept: kept, x: x, y: y, types: types)
            return (counts, try await firstObjects(in: Self.singleCells(counts), types: types))
        }
        // The rows were read to count them: each single cell's row number is known already.
        let (counts, firstRows) = try await rowCounts(level: level, x: x, y: y, types: types)
        let singles = Self.singleCells(counts)
        let rows = singles.compactMap { firstRows[$0] }
        let stored = try await stored("SELECT \(unescaped: StoredRow.columns) FROM \(unescaped: table) WHERE row = ANY(\(rows))", "cannot read the single objects of the view")
        let cellOfRow = Dictionary(singles.compactMap { cell in firstRows[cell].map { ($0, cell) } }, uniquingKeysWith: { first, _ in first })
        let features = try FeatureTable.decode(stored, collectionMembers: "", location: location).0.features
        var objects: [GridCell: Feature] = [:]
        for (row, feature) in zip(stored, features) { if let cell = cellOfRow[row.row] { objects[cell] = feature } }
        return (counts, objects)
    }

    /// The cells of `counts` holding one object.
    private static func singleCells(_ counts: [GridCellCount]) -> [GridCell] {
        var totals: [GridCell: Int] = [:]
        for count in counts { totals[count.cell, default: 0] += count.count }
        return totals.filter { $0.value == 1 }.map(\.key).sorted()
    }

    /// Counts summed from the kept level `kept`.
    private func keptCounts(level: Int, kept: Int, x: ClosedRange<Int>, y: ClosedRange<Int>, types: [String]?) async throws(FeatureTableError) -> [GridCellCount] {
        var result: [GridCellCount] = []
        let shift = kept - level
        do {
            let rows = try await client.query("""
                SELECT x >> \(unescaped: "\(shift)"), y >> \(unescaped: "\(shift)"), type, sum(points)::bigint, sum(lon_sum), sum(lat_sum)
                FROM \(unescaped: counts)
                WHERE level = \(kept) AND x BETWEEN \(x.lowerBound << shift) AND \((x.upperBound + 1) << shift - 1)
                  AND y BETWEEN \(y.lowerBound << shift) AND \((y.upperBound + 1) << shift - 1) AND points > 0
                  AND (\(types == nil) OR type = ANY(\(types ?? [])))
                GROUP BY 1, 2, 3
                """, logger: logger)
            for try await (cx, cy, type, points, lon, lat) in rows.decode((Int, Int, String, Int64, Double, Double).self) {
                result.append(GridCellCount(cell: GridCell(level: level, x: cx, y: cy), type: type, count: Int(points), longitudeSum: lon, latitudeSum: lat))
            }
        } catch {
            throw FeatureTableError(location, "cannot count the objects in the view", error)
        }
        return result
    }

    /// Counts of the rows in the cells' box, with the first row number of each cell.
    private func rowCounts(level: Int, x: ClosedRange<Int>, y: ClosedRange<Int>, types: [String]?) async throws(FeatureTableError) -> (counts: [GridCellCount], firstRows: [GridCell: Int64]) {
        var result: [GridCellCount] = []
        var firstRows: [GridCell: Int64] = [:]
        let box = Self.box(level: level, x: x, y: y)
        do {
            let rows = try await client.query("""
                SELECT cx, cy, type, count(*), sum(lon), sum(lat), min(lon) = max(lon) AND min(lat) = max(lat), min(row)
                FROM (SELECT mapengine_cell_x(lon, \(unescaped: "\(level)")) AS cx, mapengine_cell_y(lat, \(unescaped: "\(level)")) AS cy, lon, lat, type, row
                      FROM (\(unescaped: CellCountSQL.anchors(of: table, where: "geom && ST_MakeEnvelope(\(box.west), \(box.south), \(box.east), \(box.north), 4326)"))) a) c
                WHERE cx BETWEEN \(x.lowerBound) AND \(x.upperBound) AND cy BETWEEN \(y.lowerBound) AND \(y.upperBound)
                  AND (\(types == nil) OR type = ANY(\(types ?? [])))
                GROUP BY 1, 2, 3
                """, logger: logger)
            for try await (cx, cy, type, points, lon, lat, colocated, row) in rows.decode((Int, Int, String, Int64, Double, Double, Bool, Int64).self) {
                let cell = GridCell(level: level, x: cx, y: cy)
                result.append(GridCellCount(cell: cell, type: type, count: Int(points), longitudeSum: lon, latitudeSum: lat, colocated: colocated))
                firstRows[cell] = min(firstRows[cell] ?? row, row)
            }
        } catch {
            throw FeatureTableError(location, "cannot count the objects in the view", error)
        }
        return (result, firstRows)
    }

    /// An object of each of `cells` (of `types` only when given): the one of a cell holding one.
    func firstObjects(in cells: [GridCell], types: [String]? = nil) async throws(FeatureTableError) -> [GridCell: Feature] {
        guard !cells.isEmpty else { return [:] }
        let stored: [(Int, StoredRow)]
        do {
            let rows = try await client.query("""
                SELECT c.i, coalesce(r.object_id, ''), r.row, r.feature::text, ST_AsBinary(r.geom), r.version
                FROM unnest(\(cells.map(\.level))::int[], \(cells.map(\.x))::int[], \(cells.map(\.y))::int[]) WITH ORDINALITY AS c(level, x, y, i)
                CROSS JOIN LATERAL (\(unescaped: memberQuery("object_id, row, feature, geom, version", level: "c.level", x: "c.x", y: "c.y")) AND (\(types == nil) OR mapengine_type(feature) = ANY(\(types ?? []))) LIMIT 1) r
                ORDER BY c.i
                """, logger: logger)
            var found: [(Int, StoredRow)] = []
            for try await (i, id, row, text, wkb, version) in rows.decode((Int, String, Int64, String, ByteBuffer?, Int64).self) {
                found.append((i - 1, StoredRow(id: id, row: row, text: text, wkb: wkb, version: version)))
            }
            stored = found
        } catch {
            throw FeatureTableError(location, "cannot read the single objects of the view", error)
        }
        let (collection, _) = try FeatureTable.decode(stored.map(\.1), collectionMembers: "", location: location)
        return Dictionary(zip(stored.map { cells[$0.0] }, collection.features), uniquingKeysWith: { first, _ in first })
    }

    /// One page of a cell's objects in table order (of `types` only when given).
    public func members(of cell: GridCell, limit: Int, offset: Int, types: [String]? = nil) async throws(FeatureTableError) -> [Feature] {
        try await read("""
            \(unescaped: memberQuery(StoredRow.columns, level: "\(cell.level)", x: "\(cell.x)", y: "\(cell.y)")) AND (\(types == nil) OR mapengine_type(feature) = ANY(\(types ?? [])))
            ORDER BY row LIMIT \(limit) OFFSET \(offset)
            """, "cannot read the cluster's objects")
    }

    /// Whether all of a cell's objects lie at one position (so it never splits).
    public func isColocated(_ cell: GridCell) async throws(FeatureTableError) -> Bool {
        let members = memberQuery("ST_X(mapengine_anchor(geom)) AS lon, ST_Y(mapengine_anchor(geom)) AS lat", level: "\(cell.level)", x: "\(cell.x)", y: "\(cell.y)")
        do {
            let rows = try await client.query("""
                SELECT NOT EXISTS (SELECT 1 FROM (\(unescaped: members)) m, (\(unescaped: members) LIMIT 1) f WHERE m.lon <> f.lon OR m.lat <> f.lat)
                """, logger: logger)
            for try await colocated in rows.decode(Bool.self) { return colocated }
        } catch {
            throw FeatureTableError(location, "cannot read the cluster's objects", error)
        }
        return true
    }

    /// The object with this id and its version (the `version` column), nil when there is none.
    public func object(_ id: String) async throws(FeatureTableError) -> (feature: Feature, version: Int64)? {
        let stored = try await stored("SELECT \(unescaped: StoredRow.columns) FROM \(unescaped: table) WHERE object_id = \(id)", "cannot read the object")
        let features = try FeatureTable.decode(stored, collectionMembers: "", location: location).0.features
        guard let feature = features.first, let row = stored.first else { return nil }
        return (feature, row.version)
    }

    /// The cell of `level` the object with this id is counted in, nil when there is none.
    public func cell(of id: String, level: Int) async throws(FeatureTableError) -> GridCell? {
        do {
            let rows = try await client.query("""
                SELECT mapengine_cell_x(ST_X(a), \(unescaped: "\(level)")), mapengine_cell_y(ST_Y(a), \(unescaped: "\(level)"))
                FROM (SELECT mapengine_anchor(geom) AS a FROM \(unescaped: table) WHERE object_id = \(id) AND geom IS NOT NULL) o WHERE NOT ST_IsEmpty(a)
                """, logger: logger)
            for try await (x, y) in rows.decode((Int, Int).self) { return GridCell(level: level, x: x, y: y) }
        } catch {
            throw FeatureTableError(location, "cannot find the object's cell", error)
        }
        return nil
    }

    /// The objects within `metres` (on the WGS84 ellipsoid, as PostGIS's geography measures) of
    /// `position`, nearest first, at most `limit` (of `types` only when given).
    public func near(_ position: Position, metres: Double, limit: Int, types: [String]? = nil) async throws(FeatureTableError) -> [Feature] {
        let box = Self.box(around: position, metres: metres)
        return try await read("""
            SELECT \(unescaped: StoredRow.columns) FROM \(unescaped: table)
            WHERE geom && ST_MakeEnvelope(\(box.west), \(box.south), \(box.east), \(box.north), 4326)
              AND ST_DWithin(geom::geography, ST_SetSRID(ST_MakePoint(\(position.longitude), \(position.latitude)), 4326)::geography, \(metres))
              AND (\(types == nil) OR mapengine_type(feature) = ANY(\(types ?? [])))
            ORDER BY ST_Distance(geom::geography, ST_SetSRID(ST_MakePoint(\(position.longitude), \(position.latitude)), 4326)::geography), row
            LIMIT \(limit)
            """, "cannot read the objects near the position")
    }

    /// The farthest of the `k` objects nearest to `position` by the index's planar order, in
    /// metres (nil for an empty table): every one of the `k` geodesically nearest lies within it.
    public func nearestRadius(_ k: Int, to position: Position, types: [String]? = nil) async throws(FeatureTableError) -> Double? {
        do {
            let rows = try await client.query("""
                SELECT max(ST_Distance(geom::geography, p::geography)) FROM (
                    SELECT geom, ST_SetSRID(ST_MakePoint(\(position.longitude), \(position.latitude)), 4326) AS p FROM \(unescaped: table)
                    WHERE geom IS NOT NULL AND (\(types == nil) OR mapengine_type(feature) = ANY(\(types ?? [])))
                    ORDER BY geom <-> ST_SetSRID(ST_MakePoint(\(position.longitude), \(position.latitude)), 4326) LIMIT \(k)) n
                """, logger: logger)
            for try await distance in rows.decode(Double?.self) { return distance }
        } catch {
            throw FeatureTableError(location, "cannot find the nearest objects", error)
        }
        return nil
    }

    /// `columns` of the rows of a cell at `level`, `x`, `y` (SQL expressions), by their
    /// anchor's cell: a query to continue with `AND …`.
    private func memberQuery(_ columns: String, level: String, x: String, y: String) -> String {
        """
        SELECT \(columns) FROM \(table)
        WHERE geom && mapengine_cell_box(\(level), \(x), \(y)) AND NOT ST_IsEmpty(geom)
          AND mapengine_cell_x(ST_X(mapengine_anchor(geom)), \(level)) = \(x) AND mapengine_cell_y(ST_Y(mapengine_anchor(geom)), \(level)) = \(y)
        """
    }

    private func read(_ query: PostgresQuery, _ what: String) async throws(FeatureTableError) -> [Feature] {
        try FeatureTable.decode(try await stored(query, what), collectionMembers: "", location: location).0.features
    }

    private func stored(_ query: PostgresQuery, _ what: String) async throws(FeatureTableError) -> [StoredRow] {
        do {
            return try await StoredRow.collect(try await client.query(query, logger: logger), location)
        } catch let error as FeatureTableError {
            throw error
        } catch {
            throw FeatureTableError(location, what, error)
        }
    }

    /// The longitude/latitude box of cells `x` × `y` at `level`.
    static func box(level: Int, x: ClosedRange<Int>, y: ClosedRange<Int>) -> BoundingBox {
        let low = GridCell(level: level, x: x.lowerBound, y: y.upperBound).bounds, high = GridCell(level: level, x: x.upperBound, y: y.lowerBound).bounds
        return BoundingBox(unchecked: low.west, low.south, high.east, high.north)
    }

    /// A longitude/latitude box holding every point within `metres` of `position`.
    static func box(around position: Position, metres: Double) -> BoundingBox {
        // A degree of latitude is at least 110,574 m; one of longitude cos(φ) times about that.
        let latitudeDelta = metres / 110_000
        let south = max(-90, position.latitude - latitudeDelta), north = min(90, position.latitude + latitudeDelta)
        let widest = max(abs(south), abs(north))
        guard widest < 89, latitudeDelta < 60 else { return BoundingBox(unchecked: -180, south, 180, north) }
        let longitudeDelta = latitudeDelta / cos(widest * .pi / 180)
        guard longitudeDelta < 180 else { return BoundingBox(unchecked: -180, south, 180, north) }
        // Across the antimeridian the box's query falls back to all longitudes.
        let west = position.longitude - longitudeDelta, east = position.longitude + longitudeDelta
        guard west >= -180, east <= 180 else { return BoundingBox(unchecked: -180, south, 180, north) }
        return BoundingBox(unchecked: west, south, east, north)
    }
}
