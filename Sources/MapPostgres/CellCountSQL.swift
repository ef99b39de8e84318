/// The SQL that counts a table's objects per map cell (see ``TableCells``): functions shared by
/// every table, the counts table, the triggers that keep it current, and its first filling.
enum CellCountSQL {
    /// The levels whose counts are kept: views down to zoom 6 sum level 9, down to zoom 10
    /// level 13 (at most 16 × 16 kept cells per cell shown); finer views count the rows.
    static let keptLevels = [9, 13]

    /// Functions in the database, the same for every table (replaced in place, so idempotent).
    static let functions: [String] = [
        // The point an object is counted at: a point itself, else a point on its surface.
        """
        CREATE OR REPLACE FUNCTION mapengine_anchor(g geometry) RETURNS geometry LANGUAGE sql IMMUTABLE PARALLEL SAFE AS
        $$ SELECT CASE WHEN GeometryType(g) = 'POINT' THEN g ELSE ST_PointOnSurface(g) END $$
        """,
        // The object's type as the engine reads it: the string property `type`, else "".
        """
        CREATE OR REPLACE FUNCTION mapengine_type(feature json) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS
        $$ SELECT CASE WHEN json_typeof(feature->'properties'->'type') = 'string' THEN feature->'properties'->>'type' ELSE '' END $$
        """,
        // Web Mercator cell column and row of a longitude and latitude at a level (tiles of that zoom).
        """
        CREATE OR REPLACE FUNCTION mapengine_cell_x(lon float8, level int) RETURNS int LANGUAGE sql IMMUTABLE PARALLEL SAFE AS
        $$ SELECT least((1 << level) - 1, greatest(0, floor((lon + 180) / 360 * (1 << level))))::int $$
        """,
        """
        CREATE OR REPLACE FUNCTION mapengine_cell_y(lat float8, level int) RETURNS int LANGUAGE sql IMMUTABLE PARALLEL SAFE AS
        $$ SELECT least((1 << level) - 1, greatest(0, floor((0.5 - ln((1 + sin(radians(least(85.0511287798066, greatest(-85.0511287798066, lat)))))
                                                                       / (1 - sin(radians(least(85.0511287798066, greatest(-85.0511287798066, lat))))))
                                                                   / (4 * pi())) * (1 << level))))::int $$
        """,
        // A cell's box, a hair larger (so rounding never leaves out an object counted in it).
        """
        CREATE OR REPLACE FUNCTION mapengine_cell_box(level int, x int, y int) RETURNS geometry LANGUAGE sql IMMUTABLE PARALLEL SAFE AS
        $$ SELECT ST_MakeEnvelope(x::float8 / (1 << level) * 360 - 180 - 1e-9,
                                  degrees(atan(sinh(pi() * (1 - 2 * (y + 1)::float8 / (1 << level))))) - 1e-9,
                                  (x + 1)::float8 / (1 << level) * 360 - 180 + 1e-9,
                                  degrees(atan(sinh(pi() * (1 - 2 * y::float8 / (1 << level))))) + 1e-9, 4326) $$
        """,
    ]

    /// The rows of `source` (the table or a trigger's transition table) that meet `condition`
    /// as anchors: longitude, latitude, type and row number, objects without a geometry or with an empty one
    /// left out.
    static func anchors(of source: String, where condition: String = "TRUE") -> String {
        """
        SELECT ST_X(p) AS lon, ST_Y(p) AS lat, t AS type, row
        FROM (SELECT mapengine_anchor(geom) AS p, mapengine_type(feature) AS t, row FROM \(source) WHERE geom IS NOT NULL AND \(condition)) a
        WHERE NOT ST_IsEmpty(p)
        """
    }

    /// Adds (`sign` "+") or takes away ("-") the counts of `source`'s rows at the kept levels.
    static func count(_ source: String, into counts: String, sign: String) -> String {
        """
        INSERT INTO \(counts) (level, x, y, type, points, lon_sum, lat_sum)
        SELECT l.level, mapengine_cell_x(a.lon, l.level), mapengine_cell_y(a.lat, l.level), a.type,
               \(sign)count(*), \(sign)sum(a.lon), \(sign)sum(a.lat)
        FROM (\(anchors(of: source))) a CROSS JOIN unnest(ARRAY[\(keptLevels.map(String.init).joined(separator: ","))]) AS l(level)
        GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
        ON CONFLICT (level, x, y, type) DO UPDATE SET points = \(counts).points + excluded.points,
            lon_sum = \(counts).lon_sum + excluded.lon_sum, lat_sum = \(counts).lat_sum + excluded.lat_sum
        """
    }

    /// The counts table (a cell's count may fall to 0; readers skip those rows).
    static func createTable(_ counts: String) -> String {
        """
        CREATE TABLE \(counts) (level smallint, x int, y int, type text, points bigint NOT NULL,
            lon_sum float8 NOT NULL, lat_sum float8 NOT NULL, PRIMARY KEY (level, x, y, type))
        """
    }

    /// The trigger function that keeps `counts` in step with every statement on the table. An
    /// update recounts only the rows whose geometry or type it changed (one that only moves the
    /// version on, or edits other properties, counts nothing).
    static func triggerFunction(_ name: String, counts: String) -> String {
        """
        CREATE OR REPLACE FUNCTION \(name)() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
            IF TG_OP = 'TRUNCATE' THEN DELETE FROM \(counts); RETURN NULL; END IF;
            IF TG_OP = 'UPDATE' THEN
                \(count(changed("old_rows", against: "new_rows"), into: counts, sign: "-"));
                \(count(changed("new_rows", against: "old_rows"), into: counts, sign: ""));
                RETURN NULL;
            END IF;
            IF TG_OP = 'DELETE' THEN \(count("old_rows", into: counts, sign: "-")); END IF;
            IF TG_OP = 'INSERT' THEN \(count("new_rows", into: counts, sign: "")); END IF;
            RETURN NULL;
        END $$
        """
    }

    /// The rows of transition table `rows` whose geometry or type differs from the same row
    /// (by row number) in `other`, or that `other` lacks, as a source for ``count(_:into:sign:)``.
    static func changed(_ rows: String, against other: String) -> String {
        """
        (SELECT r.* FROM \(rows) r LEFT JOIN \(other) o ON o.row = r.row
         WHERE o.row IS NULL OR r.geom IS DISTINCT FROM o.geom OR mapengine_type(r.feature) IS DISTINCT FROM mapengine_type(o.feature)) AS changed
        """
    }
}
