import Foundation
import Testing
import TestSupport
@testable import MapGeometry
@testable import MapGeoJSON

@Suite("GeoJSON reader")
struct GeoJSONReaderTests {
    let reader = GeoJSONReader()

    func read(_ text: String, _ options: GeoJSONReader.Options = .init()) throws(GeoJSONError) -> GeoJSONDocument {
        try GeoJSONReader(options: options).read(string: text, fileName: "test.geojson")
    }

    func error(_ text: String, _ options: GeoJSONReader.Options = .init()) -> GeoJSONError? {
        do { _ = try read(text, options); return nil } catch { return error }
    }

    @Test func readsEveryGeometryTypeWithAltitudeAndNullGeometry() throws {
        let text = """
            {"type":"FeatureCollection","features":[
            {"type":"Feature","geometry":{"type":"Point","coordinates":[24.9,60.1,12.5]},"properties":null},
            {"type":"Feature","geometry":{"type":"MultiPoint","coordinates":[[1,2],[3,4]]},"properties":{}},
            {"type":"Feature","geometry":{"type":"LineString","coordinates":[[1,2],[3,4]]},"properties":{}},
            {"type":"Feature","geometry":{"type":"MultiLineString","coordinates":[[[1,2],[3,4]],[]]},"properties":{}},
            {"type":"Feature","geometry":{"type":"Polygon","coordinates":[[[0,0],[1,0],[1,1],[0,0]]]},"properties":{}},
            {"type":"Feature","geometry":{"type":"MultiPolygon","coordinates":[[[[0,0],[1,0],[1,1],[0,0]]],[]]},"properties":{}},
            {"type":"Feature","geometry":{"type":"GeometryCollection","geometries":[{"type":"Point","coordinates":[1,2]},{"type":"Polygon","coordinates":[]}]},"properties":{}},
            {"type":"Feature","geometry":null,"properties":{"a":1}}
            ]}
            """
        let features = try read(text).features
        #expect(features.map { $0.geometry?.typeName ?? "null" } == [
            "Point", "MultiPoint", "LineString", "MultiLineString", "Polygon", "MultiPolygon", "GeometryCollection", "null",
        ])
        #expect(features[0].geometry == .point(Position(uncheckedLongitude: 24.9, latitude: 60.1, altitude: 12.5)))
        #expect(features[0].properties.isNull)
        if case let .multiPolygon(multi) = features[5].geometry {
            #expect(multi.polygons.count == 2 && multi.polygons[1].isEmpty)
        } else { Issue.record("not a MultiPolygon") }
    }

    @Test func wrapsABareFeatureOrGeometry() throws {
        let feature = try read(#"{"type":"Feature","id":7,"geometry":null,"properties":null}"#)
        #expect(feature.features.count == 1 && feature.features[0].id == .number(text: "7"))
        let geometry = try read(#"{"coordinates":[1,2],"type":"Point"}"#)  // type after coordinates
        guard case .geometry(.point) = geometry.object else { Issue.record("not a geometry"); return }
        #expect(geometry.features[0].properties.isNull)
    }

    @Test func propertiesAreRawAndDecodedOnDemand() throws {
        let text = #"{"type":"Feature","geometry":null,"properties":{"type":"shop","name":"K\u00e4rkkäinen \"K\"","n":1.50,"ok":true,"list":[1,{"x":null}],"big":12345678901234567890}}"#
        let feature = try read(text).features[0]
        #expect(feature.typeProperty == "shop")
        let properties = feature.properties
        #expect(properties.keys == ["type", "name", "n", "ok", "list", "big"])
        #expect(properties.string("name") == "Kärkkäinen \"K\"")
        #expect(properties.number("n") == 1.5)
        #expect(properties.bool("ok") == true)
        #expect(properties.value("list") == [1, ["x": nil]])
        #expect(properties.value("missing") == nil)
        #expect(properties.string("n") == nil)
        // Untouched properties are written back byte for byte (1.50 and the 20-digit number stay).
        let written = GeoJSONWriter().string(feature)
        #expect(written.contains(#""n":1.50,"#) && written.contains("12345678901234567890"))
    }

    @Test func settingAPropertyKeepsTheOthersRaw() throws {
        let feature = try read(#"{"type":"Feature","geometry":null,"properties":{"id":"a","count":1.50,"type":"x"}}"#).features[0]
        let changed = feature.properties.setting("count", 3).setting("cluster", true).setting("marker-color", "#ff0000")
            .removing("type")
        #expect(changed.keys == ["id", "count", "cluster", "marker-color"])
        var output = JSONOutput()
        output.writeProperties(changed, pretty: nil)
        #expect(String(decoding: output.bytes, as: UTF8.self) == ##"{"id":"a","count":3,"cluster":true,"marker-color":"#ff0000"}"##)
        #expect(feature.properties.number("count") == 1.5)  // the original is unchanged
        let built = Properties([("cluster", true), ("point_count", 12)])
        #expect(built.description == #"{"cluster":true,"point_count":12}"#)
        #expect(Properties.null.setting("a", 1).description == #"{"a":1}"#)
        // Built in code with a key set again or removed: its last edit counts, at its first place.
        let repeated = built.setting("label", "x").setting("cluster", false).setting("size", 2).removing("label")
        #expect(repeated.description == #"{"cluster":false,"point_count":12,"size":2}"#)
        #expect(Properties([("a", 1), ("b", 2), ("a", 3)]).description == #"{"a":3,"b":2}"#)
        #expect(repeated == Properties([("cluster", false), ("point_count", 12), ("size", 2)]))
    }

    @Test func idsAndForeignMembersAndBBoxAreKept() throws {
        let text = #"{"type":"FeatureCollection","name":"x","bbox":[170,-10,-170,10],"features":[{"type":"Feature","id":"way/1","bbox":[1,2,3,4],"title":{"a":[1,2]},"geometry":null,"properties":null},{"type":"Feature","id":1.0e3,"geometry":null,"properties":null}]}"#
        let document = try read(text)
        let collection = document.featureCollection
        #expect(collection.foreignMembers.map(\.name) == ["name"])
        #expect(collection.bbox?.crossesAntimeridian == true)
        #expect(collection.features[0].id == "way/1")
        #expect(collection.features[0].bbox == BoundingBox(unchecked: 1, 2, 3, 4))
        #expect(collection.features[0].foreignMembers.first?.value.text == #"{"a":[1,2]}"#)
        #expect(collection.features[1].id == .number(text: "1.0e3"))
        #expect(collection.features[1].id?.numberValue == 1000)
    }

    @Test func errorNamesFileLineColumnPathAndProblem() {
        let text = "{\"type\":\"FeatureCollection\",\"features\":[\n{\"type\":\"Feature\",\"properties\":{},\"geometry\":{\"type\":\"Point\",\"coordinates\":[1,2]}},\n{\"type\":\"Feature\",\"properties\":{},\"geometry\":{\"type\":\"Polygon\",\"coordinates\":[[[24.9,60.1],[24.8,60.2],[24.7,60.1],[24.8,60.1]]]}}]}"
        guard let error = error(text) else { Issue.record("accepted"); return }
        #expect(error.code == "ring_not_closed")
        #expect(error.path == "features[1].geometry.coordinates[0]")
        #expect(error.featureIndex == 1)
        #expect(error.line == 3 && error.column == 79)  // the ring's opening bracket
        #expect(error.description == "test.geojson:3:79: features[1].geometry.coordinates[0]: ring is not closed (first [24.9,60.1], last [24.8,60.1]); repeat the first position at the end")
    }

    @Test(arguments: [
        (#"{"type":"MultiPolygon","coordinates":[[[["#, "json_syntax", "truncated"),
        ("[[[[", "root_not_object", "must be an object"),
        (#"{"type":"Point","coordinates":[1,2"#, "json_syntax", "truncated"),
        (#"{"type":"Point","coordinates":[NaN,2]}"#, "json_syntax", "NaN"),
        (#"{"type":"Point","coordinates":[-Infinity,2]}"#, "json_syntax", "NaN"),
        (#"{"type":"Point","coordinates":[1e400,2]}"#, "coordinate_not_finite", "finite"),
        (#"{"type":"Point","coordinates":[01,2]}"#, "json_syntax", "leading zero"),
        (#"{"type":"Point","coordinates":[1.,2]}"#, "json_syntax", "digit after"),
        (#"{"type":"Point","coordinates":[+1,2]}"#, "position_not_number", "number"),
        (#"{"type":"Point","type":"Point","coordinates":[1,2]}"#, "duplicate_member", "twice"),
        (#"{"type":"Feature","geometry":null,"properties":{"a":1,"a":2}}"#, "duplicate_member", "\"a\""),
        (#"{"type":"Point","coordinates":[1,2]} x"#, "json_syntax", "after the GeoJSON object"),
        (#"{"type":"Point","coordinates":[1,95]}"#, "coordinate_range", "latitude 95"),
        ("", "json_syntax", "empty"),
    ])
    func hostileAndMalformedInputIsRejectedCleanly(_ text: String, _ code: String, _ words: String) {
        guard let error = error(text) else { Issue.record("accepted \(text)"); return }
        #expect(error.code == code, "\(error)")
        #expect(error.description.contains(words), "\(error)")
    }

    @Test func limitsStopDeepNestingAndLongNumbers() {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        let nested = #"{"type":"Feature","geometry":null,"properties":{"a":"# + deep + "}}"
        #expect(error(nested)?.code == "depth_limit")
        let long = #"{"type":"Point","coordinates":[2,1"# + String(repeating: "0", count: 300) + "]}"
        #expect(error(long)?.code == "number_too_long")
        var relaxed = GeoJSONReader.Options()
        relaxed.maxNumberLength = 1000
        #expect(error(long, relaxed)?.code == "coordinate_range")  // read, then 1e300 is no latitude
    }

    @Test func invalidUTF8IsRejected() {
        var bytes = Array(#"{"type":"Feature","geometry":null,"properties":{"name":"ab"}}"#.utf8)
        bytes.insert(0xC3, at: bytes.count - 4)  // a lead byte without its continuation
        #expect(throws: GeoJSONError.self) { try GeoJSONReader().read(bytes: bytes) }
        do { _ = try GeoJSONReader().read(bytes: bytes) } catch { #expect(error.code == "invalid_utf8") }
        let overlong: [UInt8] = Array(#"{"type":"Feature","geometry":null,"properties":{"n":""#.utf8) + [0xC0, 0xAF] + Array(#""}}"#.utf8)
        do { _ = try GeoJSONReader().read(bytes: overlong); Issue.record("accepted an overlong form") } catch {
            #expect(error.code == "invalid_utf8")
        }
    }

    @Test func numbersAreCorrectlyRounded() throws {
        let texts = ["0.1", "24.9414566", "-0.000001", "1.7976931348623157e308", "5e-324", "123456789012345678",
                     "0.30000000000000004", "1e22", "1e23", "9007199254740993", "2.2250738585072011e-308", "60.1713198"]
        for text in texts {
            let buffer = JSONBuffer(copying: Array(text.utf8))
            var exact = JSONScanner(base: buffer.base, end: buffer.count)
            #expect(try exact.scanNumber().value == Double(text)!, "\(text)")
        }
    }

    @Test func lenientModeSkipsBadFeaturesAndKeepsTheRest() throws {
        let text = """
            {"type":"FeatureCollection","features":[
            {"type":"Feature","id":"a","geometry":{"type":"Point","coordinates":[1,2]},"properties":{}},
            {"type":"Feature","id":"b","geometry":{"type":"Point","coordinates":[1,200]},"properties":{}},
            {"type":"Feature","id":17,"properties":{}},
            null,
            {"type":"Feature","id":"e","geometry":{"type":"Point","coordinates":[3,4]},"properties":{}}]}
            """
        #expect(error(text)?.featureIndex == 1)
        var options = GeoJSONReader.Options()
        options.lenient = true
        let document = try read(text, options)
        #expect(document.features.map(\.id) == ["a", "e"])
        #expect(document.skipped.map(\.index) == [1, 2, 3])
        #expect(document.skipped.map(\.id) == ["b", .number(text: "17"), nil])
        #expect(document.skipped[0].error.line == 3)
        #expect(document.skipped[1].description.contains("skipped feature 2 (id 17)"))
        // A syntax error stops even the lenient reader: nothing after it can be trusted.
        #expect(error("{\"type\":\"FeatureCollection\",\"features\":[{\"type\":\"Feature\",,}]}", options)?.code == "json_syntax")
    }

    @Test func readsGeoJSONSeqWithAndWithoutRecordSeparators() throws {
        let rs = "\u{1E}"
        let withSeparators = rs + #"{"type":"Feature","geometry":{"type":"Point","coordinates":[1,2]},"properties":{"i":0}}"# + "\n"
            + rs + #"{"type":"Point","coordinates":[3,4]}"# + "\n"
        let first = try read(withSeparators)
        #expect(first.isSequence && first.features.count == 2)
        let lines = #"{"type":"Feature","geometry":null,"properties":{"i":0}}"# + "\n"
            + #"{"type":"Feature","geometry":null,"properties":{"i":1}}"# + "\n"
        let second = try read(lines)
        #expect(second.isSequence && second.features.map { $0.properties.number("i") } == [0, 1])
        let broken = lines + #"{"type":"Feature","geometry":null}"# + "\n" + lines
        #expect(error(broken)?.path == "[2]")
        var options = GeoJSONReader.Options()
        options.lenient = true
        let kept = try read(broken, options)
        #expect(kept.features.count == 4 && kept.skipped.map(\.index) == [2])
    }

    @Test func warningsAreReportedWithPlaceAndDataIsKept() throws {
        let text = """
            {"type":"FeatureCollection","features":[
            {"type":"Feature","properties":{},"geometry":{"type":"Polygon","coordinates":[[[0,0],[0,1],[1,1],[0,0]]]}},
            {"type":"Feature","properties":{},"geometry":{"type":"Point","coordinates":[190.5,10,1,2]}}]}
            """
        let document = try read(text)
        #expect(document.features.count == 2)
        #expect(document.warnings.map(\.code) == ["winding_shell", "position_length", "antimeridian"])
        #expect(document.warnings[0].description.hasPrefix("test.geojson:2:"))
        #expect(document.warnings[0].path == "features[0].geometry.coordinates[0]")
        var strict = GeoJSONReader.Options()
        strict.domain = .geographic
        #expect(error(text, strict)?.code == "coordinate_range")
    }

    @Test func missingFileIsAnIOError() {
        do { _ = try reader.read(contentsOfFile: "/nonexistent/objects.geojson"); Issue.record("read a missing file") } catch {
            #expect(error.kind == .fileNotFound)
            #expect(error.description.contains("/nonexistent/objects.geojson"))
        }
    }

    @Test func readsTheProjectSampleData() throws {
        let objects = try reader.read(contentsOfFile: MapctlSample.path("objects.geojson"))
        #expect(objects.features.count > 0)
        #expect(objects.warnings.isEmpty)
    }
}

/// `Data/` in the package.
enum MapctlSample {
    static func path(_ name: String) -> String {
        MapctlProcess.packageRoot.appendingPathComponent("Data/\(name)").path
    }
}

@Suite("GeoJSON reader on hostile geometry")
struct GeoJSONHostileGeometryTests {
    @Test func zigzagRingDoesNotHangTheCrossingCheck() throws {
        // 5,000 long segments that all overlap: n² comparisons is what a hostile file of
        // millions would use to hang the reader; the check gives up after a budget.
        var ring: [String] = []
        for index in 0..<5_000 {
            let latitude = Double(index) / 1000
            ring.append(index % 2 == 0 ? "[0,\(latitude)]" : "[10,\(latitude)]")
        }
        ring.append("[-1,20]")
        ring.append(ring[0])
        let text = #"{"type":"Polygon","coordinates":[["# + ring.joined(separator: ",") + "]]}"
        let started = ContinuousClock.now
        let document = try GeoJSONReader().read(string: text)
        #expect(ContinuousClock.now - started < .seconds(60))
        #expect(document.warnings.contains { $0.code == "crossing_check_skipped" })
    }

    @Test func manyMembersAreCheckedForDuplicatesWithoutQuadraticCost() throws {
        let members = (0..<50_000).map { "\"k\($0)\":\($0)" }.joined(separator: ",")
        let properties = #"{"type":"Feature","geometry":null,"properties":{"# + members + "}}"
        let started = ContinuousClock.now
        #expect(try GeoJSONReader().read(string: properties).features[0].properties.number("k49999") == 49999)
        let foreign = #"{"type":"Feature","geometry":null,"properties":null,"# + members + #","k7":1}"#
        do { _ = try GeoJSONReader().read(string: foreign); Issue.record("duplicate accepted") } catch {
            #expect(error.code == "duplicate_member" && error.message.contains("\"k7\""))
        }
        #expect(ContinuousClock.now - started < .seconds(60))
    }
}
