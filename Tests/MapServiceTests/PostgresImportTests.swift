import Foundation
import MapGeometry
import MapGeoJSON
import MapPostgres
import TestSupport
import Testing

/// `mapctl import` and `export` against a real PostgreSQL + PostGIS (started by the tests, see
/// ``PostgresServer``), and the engine's near and nearest against PostGIS's own answers.
@Suite("PostGIS import, export and queries")
struct PostgresImportTests {
    static func location(_ table: String) throws -> String { try PostgresServer.url() + "?table=" + table }

    static func features(_ text: String) throws -> FeatureCollection {
        try GeoJSONReader().read(string: text).featureCollection
    }

    @Test("an import/export round trip gives back the input's features, Helsinki and Andorra")
    func roundTrip() throws {
        var files = ["Data/objects.geojson", "Data/stops.geojson"]
        if SharedData.isAvailable { files.append(SharedData.url("real/andorra/objects.geojson").path) }
        for file in files {
            let table = PostgresServer.freshTable("roundtrip")
            let imported = try MapctlProcess.run(["import", "--postgres", try Self.location(table), file])
            #expect(imported.status == 0, "\(imported.standardError)")
            let exported = try MapctlProcess.run(["export", "--postgres", try PostgresServer.url(), "--table", table])
            #expect(exported.status == 0, "\(exported.standardError)")
            let input = try GeoJSONReader().read(contentsOfFile: file.hasPrefix("/") ? file : MapctlProcess.packageRoot.appendingPathComponent(file).path).featureCollection
            let output = try Self.features(exported.standardOutput)
            #expect(output.features.count == input.features.count)
            #expect(output.features == input.features, "\(file): features differ after the round trip")
            #expect(output.foreignMembers == input.foreignMembers, "\(file): attribution lost")
            // The version lives in its own column, not in the properties.
            #expect(!exported.standardOutput.contains("\"version\""))
            // A second import into the same table is refused and writes nothing.
            let again = try MapctlProcess.run(["import", "--postgres", try Self.location(table), file])
            #expect(again.status == 69 && again.standardError.contains("already holds"), "\(again.standardError)")
            #expect(try PostgresServer.psql("SELECT count(*) FROM \(table)") == "\(input.features.count)")
        }
    }

    @Test("a single insert without an object id is refused and writes nothing (it used to store the id '')")
    func insertWithoutID() async throws {
        let table = PostgresServer.freshTable("noid")
        let imported = try await MapctlProcess.run(["import", "--postgres", try Self.location(table), "Data/stops.geojson"])
        #expect(imported.status == 0, "\(imported.standardError)")
        let feature = try Self.features(#"{"type": "FeatureCollection", "features": [{"type": "Feature", "properties": {"type": "shop"}, "geometry": {"type": "Point", "coordinates": [24.9, 60.2]}}]}"#).features[0]
        let location = try PostgresLocation(url: try Self.location(table))
        let refusal = await #expect(throws: FeatureTableError.self) { try await FeatureTable.with(location) { table in try await table.insert(feature) } }
        #expect("\(refusal.map { "\($0)" } ?? "")".contains("without an id"), "\(String(describing: refusal))")
        #expect(try await PostgresServer.psql("SELECT count(*) FROM \(table) WHERE object_id IS NULL OR object_id = ''") == "0")
    }

    @Test("invalid geometries are reported and nothing is written; --repair writes the repaired ones")
    func invalidRefused() throws {
        let folder = try PythonTools.scratchFolder("mapengine-import")
        let file = folder.appendingPathComponent("drawn.geojson")
        try """
            {"type": "FeatureCollection", "features": [
            {"type": "Feature", "id": "yard", "properties": {}, "geometry": {"type": "Polygon", "coordinates": [[[24.94, 60.168], [24.9406, 60.168], [24.9406, 60.1683], [24.94, 60.1683], [24.94, 60.168]]]}},
            {"type": "Feature", "id": "bowtie", "properties": {}, "geometry": {"type": "Polygon", "coordinates": [[[24.941, 60.168], [24.9416, 60.1683], [24.9416, 60.168], [24.941, 60.1683], [24.941, 60.168]]]}}
            ]}
            """.write(to: file, atomically: true, encoding: .utf8)
        let table = PostgresServer.freshTable("invalid")
        let refused = try MapctlProcess.run(["import", "--postgres", try Self.location(table), file.path])
        #expect(refused.status == 1)
        #expect(refused.standardError.contains("features[1] (bowtie)") && refused.standardError.contains("crosses itself"), "\(refused.standardError)")
        #expect(refused.standardError.contains("nothing was written"))
        #expect(try PostgresServer.psql("SELECT to_regclass('\(table)') IS NULL") == "t", "the table was created")
        let repaired = try MapctlProcess.run(["import", "--postgres", try Self.location(table), "--repair", file.path])
        #expect(repaired.status == 0, "\(repaired.standardError)")
        #expect(try PostgresServer.psql("SELECT count(*) FROM \(table) WHERE ST_IsValid(geom)") == "2")
    }

    @Test("the engine's WKB is PostGIS's ST_AsBinary, byte for byte, for every geometry of the sample")
    func wellKnownBinaryEqualsPostGIS() throws {
        let source = try GeoJSONReader().read(contentsOfFile: MapctlProcess.packageRoot.appendingPathComponent("Data/objects.geojson").path)
        var picked: [String: Geometry] = [:]
        for feature in source.features { if let geometry = feature.geometry, picked[geometry.typeName] == nil { picked[geometry.typeName] = geometry } }
        picked["MultiPoint"] = .multiPoint(MultiPoint([try Position(1, 2), try Position(-3.25, 4.5)]))
        picked["PointZ"] = .point(try Position(longitude: 24.9, latitude: 60.1, altitude: 12.5))
        for (name, geometry) in picked.sorted(by: { $0.key < $1.key }) {
            let text = String(decoding: GeoJSONWriter().encode(geometry), as: UTF8.self).replacingOccurrences(of: "'", with: "''")
            let postgis = try PostgresServer.psql("SELECT upper(encode(ST_AsBinary(ST_GeomFromGeoJSON('\(text)')), 'hex'))")
            let mine = WellKnownBinary.encode(geometry).map { String(format: "%02X", $0) }.joined()
            #expect(mine == postgis, "\(name)")
        }
        #expect(picked.count >= 5)
    }

    @Test("a wrong URL, a server that does not answer and a missing table are clear errors")
    func faults() throws {
        let wrong = try MapctlProcess.run(["export", "--postgres", "mysql://x@y/z", "--table", "t"])
        #expect(wrong.status == 64 && wrong.standardError.contains("starts with postgres://"), "\(wrong.standardError)")
        let down = try MapctlProcess.run(["export", "--postgres", "postgres://postgres@127.0.0.1:9/maps?table=t"])
        #expect(down.status == 69 && down.standardError.contains("does not answer at 127.0.0.1:9"), "\(down.standardError)")
        let missing = try MapctlProcess.run(["export", "--postgres", try Self.location("no_such_table")])
        #expect(missing.status == 69 && missing.standardError.contains("mapctl import --postgres"), "\(missing.standardError)")
        let hostile = try MapctlProcess.run(["export", "--postgres", try PostgresServer.url(), "--table", "t; DROP TABLE x"])
        #expect(hostile.status == 64 && hostile.standardError.contains("letters, digits and _"), "\(hostile.standardError)")
    }

    @Test("near and nearest equal PostGIS's ST_DWithin on geography and KNN <-> on 2,735 points")
    func nearEqualsPostGIS() async throws {
        let source = try GeoJSONReader().read(contentsOfFile: MapctlProcess.packageRoot.appendingPathComponent("Data/objects.geojson").path)
        let points = source.features.filter { if case .point = $0.geometry { true } else { false } }
        let folder = try PythonTools.scratchFolder("mapengine-near")
        let file = folder.appendingPathComponent("points.geojson")
        try Data(GeoJSONWriter().encode(FeatureCollection(features: points))).write(to: file)
        let table = PostgresServer.freshTable("near")
        let imported = try await MapctlProcess.run(["import", "--postgres", try Self.location(table), file.path])
        #expect(imported.status == 0, "\(imported.standardError)")
        var random = SeededGenerator(seed: 11)
        let server = try await ServeProcess.start(["points=\(file.path)"])
        defer { server.stop() }
        try await server.waitUntilReady()
        var compared = 0
        for _ in 0..<20 {
            let lon = 24.935 + random.unit() * 0.018, lat = 60.164 + random.unit() * 0.015
            // Radii that stay under /near's 1,000-answer limit in the dense centre.
            let radius = 20 + (random.unit() * 180).rounded()
            let (_, _, body) = try await server.request("GET", "/datasets/points/near?lon=\(lon)&lat=\(lat)&radius=\(radius)&limit=1000")
            let engine = Set(try Self.features(body).features.compactMap(\.objectID))
            let point = "ST_SetSRID(ST_MakePoint(\(lon), \(lat)), 4326)::geography"
            // Objects within a millimetre of the circle may fall either way between two geodesic codes.
            let postgis = await Set(try PostgresServer.psql("SELECT object_id FROM \(table) WHERE ST_DWithin(geom::geography, \(point), \(radius)) AND abs(ST_Distance(geom::geography, \(point)) - \(radius)) > 0.001").split(separator: "\n").map(String.init))
            let borderline = await Set(try PostgresServer.psql("SELECT object_id FROM \(table) WHERE abs(ST_Distance(geom::geography, \(point)) - \(radius)) <= 0.001").split(separator: "\n").map(String.init))
            let onlyEngine = engine.subtracting(borderline).subtracting(postgis), onlyPostGIS = postgis.subtracting(engine)
            #expect(onlyEngine.isEmpty && onlyPostGIS.isEmpty,
                    "near \(lon),\(lat) r=\(radius): engine \(engine.count), PostGIS \(postgis.count); only the engine \(onlyEngine.sorted().prefix(3)), only PostGIS \(onlyPostGIS.sorted().prefix(3))")
            #expect(engine.count < 1000)
            compared += postgis.count
            let (_, _, nearestBody) = try await server.request("GET", "/datasets/points/nearest?lon=\(lon)&lat=\(lat)&k=5")
            let nearest = try Self.features(nearestBody).features.compactMap { $0.properties.value("distance_m")?.numberValue }
            let knn = try await PostgresServer.psql("SELECT ST_Distance(geom::geography, \(point)) FROM \(table) ORDER BY geom::geography <-> \(point) LIMIT 5").split(separator: "\n").compactMap { Double($0) }
            #expect(nearest.count == 5 && knn.count == 5)
            for (mine, theirs) in zip(nearest, knn) { #expect(abs(mine - theirs) < 0.01, "nearest \(lon),\(lat): \(nearest) vs \(knn)") }
        }
        #expect(compared > 100, "the circles held too few points to compare")
    }
}
