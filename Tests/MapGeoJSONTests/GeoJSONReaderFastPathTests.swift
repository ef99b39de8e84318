import Testing
@testable import MapGeometry
@testable import MapGeoJSON

/// The reader's shortcuts for the common spelling (member and type names compared as
/// words, property names checked for duplicates inline, type values reused, warning
/// paths kept as plain values) must give exactly what the full path gives.
@Suite("GeoJSON reader fast paths")
struct GeoJSONReaderFastPathTests {
    func read(_ text: String, _ options: GeoJSONReader.Options = .init()) throws(GeoJSONError) -> GeoJSONDocument {
        try GeoJSONReader(options: options).read(string: text, fileName: "test.geojson")
    }

    func error(_ text: String) -> GeoJSONError? {
        do { _ = try read(text); return nil } catch { return error }
    }

    @Test func wordConstantsMatchTheirText() {
        let constants: [(String, PlainJSONString)] = [
            ("type", .type), ("properties", .properties), ("geometry", .geometry), ("coordinates", .coordinates),
            ("Feature", .feature), ("Point", .point),
        ]
        for (text, constant) in constants { #expect(PlainJSONString(text) == constant, "\(text)") }
    }

    @Test func escapedAndNearMissNamesTakeTheFullPath() throws {
        // "geometry", "properties", "type" and "Point" spelled with escapes mean the same members.
        let escaped = #"{"t\u0079pe":"Feature","propert\u0069es":{"a":1},"geo\u006detry":{"type":"P\u006fint","coordinates":[1,2]}}"#
        let feature = try #require(try read(escaped).features.first)
        #expect(feature.geometry == .point(Position(uncheckedLongitude: 1, latitude: 2, altitude: nil)))
        #expect(feature.properties.number("a") == 1)
        // Names that start like a known one are foreign members, not the known member.
        let nearMiss = #"{"type":"Feature","propertiesX":1,"geometryY":2,"properties":{},"geometry":null}"#
        #expect(try read(nearMiss).features[0].foreignMembers.map(\.name) == ["propertiesX", "geometryY"])
        // "Featurex" and "Points" are unknown types, not Feature or Point.
        #expect(error(#"{"type":"Featurex","properties":{},"geometry":null}"#)?.code == "type_unknown")
        #expect(error(#"{"type":"Points","coordinates":[1,2]}"#)?.code == "type_unknown")
        // A duplicate "geometry" is refused whichever spelling comes second.
        #expect(error(#"{"type":"Feature","properties":{},"geometry":null,"geo\u006detry":null}"#)?.code == "duplicate_member")
    }

    @Test func namesAtTheVeryEndOfTheInputAreRead() throws {
        // Fewer than 16 bytes after the last names: the word comparison must not read past the end.
        let point = try read(#"{"type":"Point","coordinates":[5,6]}"#)
        #expect(point.features[0].geometry == .point(Position(uncheckedLongitude: 5, latitude: 6, altitude: nil)))
        let feature = try read(#"{"geometry":null,"type":"Feature","properties":{}}"#)
        #expect(feature.features.count == 1 && feature.features[0].geometry == nil)
    }

    @Test func duplicatePropertyNamesAreFoundInlineInTheArrayAndInTheSet() {
        for count in [2, 8, 9, 16, 17, 40] {
            let names = (0..<count).map { "\"p\($0)\":\($0)" }
            // The duplicate is the first name written with an escape, placed last.
            let text = #"{"type":"Feature","geometry":null,"properties":{"# + names.joined(separator: ",")
                + #","\u0070\u0030":0}}"#
            #expect(error(text)?.code == "duplicate_member", "\(count) names")
            let distinct = #"{"type":"Feature","geometry":null,"properties":{"# + names.joined(separator: ",") + "}}"
            #expect(error(distinct) == nil, "\(count) names")
        }
    }

    @Test func typePropertyValuesAreExactForEveryLength() throws {
        let values = ["", "a", "village", "hamlet", "isolated_dwelli", "isolated_dwellin", "isolated_dwelling",
                      "naïve", "tab\\tbed", "village", "a"]
        let features = values.map { #"{"type":"Feature","geometry":null,"properties":{"type":"\#($0)"}}"# }
        let text = #"{"type":"FeatureCollection","features":["# + features.joined(separator: ",") + "]}"
        let read = try read(text).features.map(\.typeProperty)
        #expect(read == ["", "a", "village", "hamlet", "isolated_dwelli", "isolated_dwellin", "isolated_dwelling",
                         "naïve", "tab\tbed", "village", "a"])
    }

    @Test func positionsInEverySpellingReadAlike() throws {
        func point(_ coordinates: String) throws(GeoJSONError) -> Geometry? {
            try read(#"{"type":"Point","coordinates":"# + coordinates + "}").features[0].geometry
        }
        let plain = Geometry.point(Position(uncheckedLongitude: 1.5, latitude: -2, altitude: nil))
        #expect(try point("[1.5,-2]") == plain)
        #expect(try point("[ 1.5 , -2 ]") == plain)
        #expect(try point("[1.5,-2,30]") == .point(Position(uncheckedLongitude: 1.5, latitude: -2, altitude: 30)))
        // Errors are the same whichever way the reader first tried.
        #expect(error(#"{"type":"Point","coordinates":[1,]}"#)?.code == "position_not_number")
        #expect(error(#"{"type":"Point","coordinates":[1]}"#)?.code == "position_length")
        #expect(error(#"{"type":"Point","coordinates":[1,"2"]}"#)?.code == "position_not_number")
        #expect(error(#"{"type":"Point","coordinates":[1.,2]}"#)?.code == "json_syntax")
        // Excess precision is counted once per number, also when the position is read twice ([x,y,z]).
        let precise = try read(#"{"type":"MultiPoint","coordinates":[[1.123456789,2.123456789],[1.123456789,2,3]]}"#)
        #expect(precise.warnings.map(\.code) == ["precision"])
        #expect(precise.warnings[0].message.hasPrefix("3 coordinate(s)"))
    }

    @Test func warningPathsNameTheRecordFeatureAndMember() throws {
        let collection = #"{"type":"FeatureCollection","features":[{"type":"Feature","properties":{},"geometry":null},"#
            + #"{"type":"Feature","properties":{},"geometry":{"type":"GeometryCollection","geometries":[{"type":"Point","coordinates":[200,1]}]}}]}"#
        let warnings = try read(collection).warnings
        #expect(warnings.map(\.code) == ["gc_single", "antimeridian"])
        #expect(warnings.map(\.path) == ["features[1].geometry.geometries", "features[1].geometry.geometries[0]"])
        // In a sequence, the record index comes first; a lenient skip does not leave stale steps behind.
        var lenient = GeoJSONReader.Options()
        lenient.lenient = true
        let sequence = #"{"type":"Feature","properties":{},"geometry":null}"# + "\n"
            + #"{"type":"Feature","properties":{},"geometry":{"type":"GeometryCollection","geometries":[{"type":"LineString","coordinates":[[0,0]]}]}}"#
            + "\n" + #"{"type":"Feature","properties":{},"geometry":{"type":"Point","coordinates":[190,1]}}"# + "\n"
        let document = try read(sequence, lenient)
        #expect(document.skipped.map(\.index) == [1])
        #expect(document.warnings.map(\.path) == ["[2].geometry"])
    }
}
