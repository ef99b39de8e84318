import Foundation
import MapClustering
import MapGeometry
import MapGeoJSON
import MapViewport
import MapService
import TestSupport
import Testing

/// A table too large for memory, answered by the database (`NAME=postgres://…?table=T&serve=database`),
/// against a real PostgreSQL + PostGIS: its per-cell counts equal a recount made here with the
/// engine's own Web Mercator tiles through inserts, updates, deletes and a truncate; views,
/// members, children and expansion zooms agree with those counts; near, nearest and objects
/// equal the answers over the same objects held in memory; saves are checked against the
/// table's version.
@Suite("A table answered by the database", .serialized)
struct DatabaseServedTests {
    /// A table of our layout (made by `mapctl import` of Data/objects.geojson, then emptied)
    /// holding `count` random points of types a, b and c, seeded, written by SQL.
    static func randomPoints(_ count: Int) async throws -> (table: String, location: String) {
        let (table, location) = try await PostgresServiceTests.importedObjects()
        try await PostgresServer.psql("""
            TRUNCATE \(table); SELECT setseed(0.42);
            INSERT INTO \(table) (object_id, feature, geom)
            SELECT 'p' || i, json_build_object('type', 'Feature', 'properties', json_build_object('id', 'p' || i, 'type', (ARRAY['a', 'b', 'c'])[1 + i % 3]), 'geometry', null),
                   ST_SetSRID(ST_MakePoint(random() * 360 - 180, random() * 170 - 85), 4326)
            FROM generate_series(1, \(count)) AS i
            """)
        return (table, location)
    }

    /// Objects per (level, x, y, type), counted here from the table's points with `Tile(containing:zoom:)`.
    static func recount(_ table: String, levels: [Int]) async throws -> [String: Int] {
        let rows = try await PostgresServer.psql("SELECT ST_X(geom), ST_Y(geom), feature->'properties'->>'type' FROM \(table)")
        var counts: [String: Int] = [:]
        for line in rows.split(separator: "\n") {
            let parts = line.split(separator: "|").map(String.init)
            let position = try Position(Double(parts[0])!, Double(parts[1])!)
            for level in levels {
                let tile = try Tile(containing: position, zoom: level)
                counts["\(level)/\(tile.x)/\(tile.y)/\(parts[2])", default: 0] += 1
            }
        }
        return counts
    }

    /// What the table's counts say, in ``recount(_:levels:)``'s keys.
    static func kept(_ table: String) async throws -> [String: Int] {
        let rows = try await PostgresServer.psql("SELECT level, x, y, type, points FROM \(table)_cells WHERE points > 0")
        var counts: [String: Int] = [:]
        for line in rows.split(separator: "\n") {
            let parts = line.split(separator: "|").map(String.init)
            counts["\(parts[0])/\(parts[1])/\(parts[2])/\(parts[3])"] = Int(parts[4])!
        }
        return counts
    }

    static func json(_ body: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(body.utf8)) as? [String: Any], "\(body.prefix(300))")
    }

    static func features(_ body: String) throws -> [[String: Any]] {
        try #require(try json(body)["features"] as? [[String: Any]])
    }

    @Test("the counts per cell equal a recount with the engine's tiles, through inserts, updates (of geometry, type or neither), deletes and a truncate; views sum them")
    func countsFollowEveryChange() async throws {
        let (table, location) = try await Self.randomPoints(5_000)
        let server = try await ServeProcess.start(["points=\(location)&serve=database"])
        defer { server.stop() }
        try await server.waitUntilReady()
        let (keptAtStart, recountAtStart) = (try await Self.kept(table), try await Self.recount(table, levels: [9, 13]))
        #expect(keptAtStart == recountAtStart, "the counts made at start")

        try await PostgresServer.psql("""
            UPDATE \(table) SET geom = ST_SetSRID(ST_MakePoint(ST_Y(geom) * 2, ST_X(geom) / 2.2), 4326), version = version + 1 WHERE row % 10 = 1;
            DELETE FROM \(table) WHERE row % 17 = 3;
            INSERT INTO \(table) (object_id, feature, geom) SELECT 'q' || i, json_build_object('type', 'Feature', 'properties', json_build_object('id', 'q' || i, 'type', 'd'), 'geometry', null),
                ST_SetSRID(ST_MakePoint(24.9 + i * 1e-4, 60.17), 4326) FROM generate_series(1, 200) AS i;
            UPDATE \(table) SET feature = json_build_object('type', 'Feature', 'properties', json_build_object('id', object_id, 'type', 'b'), 'geometry', null) WHERE row % 10 = 2;
            UPDATE \(table) SET version = version + 1 WHERE row % 3 = 0
            """)
        let recount = try await Self.recount(table, levels: [6, 9, 13, 14])
        let keptAfter = try await Self.kept(table)
        #expect(keptAfter == recount.filter { $0.key.hasPrefix("9/") || $0.key.hasPrefix("13/") }, "the counts after changes by SQL")
        let total = Int(try await PostgresServer.psql("SELECT count(*) FROM \(table)"))!

        // The world at zoom 3: cells of level 6, summed from the kept counts.
        let (status, _, body) = try await server.request("GET", "/datasets/points/clusters?zoom=3&bbox=-180,-85.0511,180,85.0511")
        #expect(status == 200, "\(body.prefix(300))")
        var shown = 0
        for feature in try Self.features(body) {
            let properties = try #require(feature["properties"] as? [String: Any])
            guard properties["cluster"] as? Bool == true else {
                shown += 1
                continue
            }
            let count = try #require(properties["point_count"] as? Int)
            let id = try #require(properties["cluster_id"] as? Int)
            let cell = try #require(GridCell(id: id))
            #expect(cell.level == 6)
            let types = try #require(properties["types"] as? [String: Int])
            for (type, n) in types { #expect(recount["6/\(cell.x)/\(cell.y)/\(type)"] == n, "cell \(cell) type \(type)") }
            #expect(types.values.reduce(0, +) == count)
            shown += count
        }
        #expect(shown == total, "the world view shows \(shown) of \(total) objects")

        // Around Helsinki at zoom 11: cells of level 14, counted from the rows in the box.
        let (_, _, near) = try await server.request("GET", "/datasets/points/clusters?zoom=11&bbox=24.85,60.1,25.0,60.2&types=d")
        let expected = recount.filter { $0.key.hasPrefix("14/") && $0.key.hasSuffix("/d") }.values.reduce(0, +)
        let counted = try Self.features(near).reduce(0) { sum, feature in
            let properties = feature["properties"] as? [String: Any] ?? [:]
            return sum + (properties["cluster"] as? Bool == true ? properties["point_count"] as? Int ?? 0 : 1)
        }
        #expect(counted == expected, "the 200 inserted objects near Helsinki")

        try await PostgresServer.psql("TRUNCATE \(table)")
        #expect(try await Self.kept(table).isEmpty, "a truncate empties the counts")
        let emptied = try await PostgresServiceTests.eventually(within: PostgresServiceTests.inStep) {
            try await server.request("GET", "/datasets").2.contains(#""name":"points","count":0"#)
        }
        #expect(emptied != nil, "the dataset's count follows the truncate")
    }

    @Test("near, nearest and objects equal the answers from memory; clusters' members, children and expansion zooms agree; saves are checked")
    func answersAndSaves() async throws {
        let (table, location) = try await PostgresServiceTests.importedObjects()
        let server = try await ServeProcess.start(["file=Data/objects.geojson", "table=\(location)&serve=database"])
        defer { server.stop() }
        try await server.waitUntilReady()
        var generator = SeededGenerator(seed: 11)
        for _ in 0..<20 {
            let lon = Double.random(in: 24.93...24.96, using: &generator), lat = Double.random(in: 60.16...60.18, using: &generator)
            for question in ["near?lon=\(lon)&lat=\(lat)&radius=150&limit=25", "nearest?lon=\(lon)&lat=\(lat)&k=6", "nearest?lon=\(lon)&lat=\(lat)&k=3&types=tree"] {
                let file = try await server.request("GET", "/datasets/file/\(question)"), served = try await server.request("GET", "/datasets/table/\(question)")
                #expect(served.0 == 200 && served.2 == file.2, "\(question)")
            }
        }
        let object = "/objects/node%2F256195823"
        let (fromTable, fromFile) = (try await server.request("GET", "/datasets/table" + object).2, try await server.request("GET", "/datasets/file" + object).2)
        #expect(fromTable == fromFile)

        let (_, _, view) = try await server.request("GET", "/datasets/table/clusters?zoom=15&bbox=24.935,60.164,24.954,60.18")
        let wrong = try TopLevelIDs.wrong(in: view)
        #expect(wrong.isEmpty, "the view's markers carry their top-level ids: \(wrong.prefix(3))")
        #expect(view.contains(#""id":"node/"#), "the view shows single objects")
        var checked = 0
        for feature in try Self.features(view) {
            let properties = try #require(feature["properties"] as? [String: Any])
            guard properties["cluster"] as? Bool == true, checked < 12 else { continue }
            checked += 1
            let id = try #require(properties["cluster_id"] as? Int), count = try #require(properties["point_count"] as? Int)
            let (_, _, page) = try await server.request("GET", "/datasets/table/clusters/\(id)/members?limit=1000")
            let members = try Self.features(page)
            #expect(try TopLevelIDs.wrong(in: page).isEmpty, "cluster \(id)'s members carry their top-level ids")
            let total = try Self.json(page)["total"] as? Int
            #expect(members.count == count && total == count, "cluster \(id)")
            var types: [String: Int] = [:]
            for member in members { types[((member["properties"] as? [String: Any])?["type"] as? String) ?? "", default: 0] += 1 }
            #expect(types == properties["types"] as? [String: Int], "cluster \(id)'s members' types")
            let childrenAnswer = try await server.request("GET", "/datasets/table/clusters/\(id)/children").2
            #expect(try TopLevelIDs.wrong(in: childrenAnswer).isEmpty, "cluster \(id)'s children carry their top-level ids")
            let children = try Self.features(childrenAnswer)
            let split = children.reduce(0) { $0 + (($1["properties"] as? [String: Any])?["point_count"] as? Int ?? 1) }
            #expect(split == count, "cluster \(id)'s children")
            let expansion = try Self.json(try await server.request("GET", "/datasets/table/clusters/\(id)/expansion-zoom").2)
            let zoom = expansion["expansion_zoom"] as? Int
            #expect(zoom == 16 || zoom == nil && children.count == 1, "cluster \(id) splits at \(String(describing: zoom))")
        }
        #expect(checked == 12)
        #expect(try await server.request("GET", "/datasets/table/search?q=kahvila").0 == 422)

        // A save with the version read, then one with a stale version, then an invalid drawing.
        let (_, headers, body) = try await server.request("GET", "/datasets/table" + object)
        let renamed = body.replacingOccurrences(of: #""type":"#, with: #""note":"Saved through the database","type":"#)
        let saved = try await server.request("PUT", "/datasets/table" + object, body: renamed, headers: [.ifMatch: headers[.eTag] ?? ""])
        #expect(saved.0 == 200, "\(saved.2)")
        #expect(try await server.request("GET", "/datasets/table" + object).2.contains("Saved through the database"))
        let stale = try await server.request("PUT", "/datasets/table" + object, body: body, headers: [.ifMatch: headers[.eTag] ?? ""])
        #expect(stale.0 == 412, "\(stale.2)")
        let bowtie = #"{"type": "Feature", "properties": {"type": "park"}, "geometry": {"type": "Polygon", "coordinates": [[[24.94, 60.17], [24.95, 60.18], [24.95, 60.17], [24.94, 60.18], [24.94, 60.17]]]}}"#
        #expect(try await server.request("POST", "/datasets/table/objects", body: bowtie).0 == 422)
        #expect(try await PostgresServer.psql("SELECT count(*) FROM \(table)") == "3841", "the refused drawing wrote nothing")
        let created = try await server.request("POST", "/datasets/table/objects", body: PostgresServiceTests.yard)
        #expect(created.0 == 201, "\(created.2)")
        #expect(try await PostgresServer.psql("SELECT count(*) FROM \(table)") == "3842")
    }

    @Test("a table holding another SRID is refused by name, with how to fix it; the service stays up", arguments: ["memory", "database"])
    func foreignSRID(serve: String) async throws {
        let (table, location) = try await PostgresServiceTests.importedObjects()
        try await PostgresServer.psql("""
            ALTER TABLE \(table) ALTER COLUMN geom TYPE geometry USING geom;
            UPDATE \(table) SET geom = ST_Transform(geom, 3857) WHERE object_id = 'node/256195823'
            """)
        let server = try await ServeProcess.start(["objects=\(location)&serve=\(serve)"])
        defer { server.stop() }
        let named = try await PostgresServiceTests.eventually(within: 10) {
            let (status, _, body) = try await server.request("GET", "/readyz")
            return status == 503 && body.contains("object node/256195823 has SRID 3857") && body.contains("ST_Transform(geom, 4326)")
        }
        let ready = try await server.request("GET", "/readyz").2
        #expect(named != nil, "\(ready)")
        #expect(try await server.request("GET", "/healthz").0 == 200)
        #expect(try await server.request("GET", "/datasets/objects/clusters?zoom=3").0 == 503)
    }

    @Test("a table location says what serve= may be")
    func servingOption() throws {
        #expect(throws: DatasetSourceError.self) { try DatasetSource(argument: "t=postgres://u@h:5432/d?table=t&serve=disk") }
        #expect(try DatasetSource(argument: "t=postgres://u@h:5432/d?table=t&serve=database").serving == .database)
        #expect(try DatasetSource(argument: "postgres://u@h:5432/d?table=t").serving == .automatic)
    }
}
