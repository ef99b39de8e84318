import MapGeometry
import MapGeoJSON
import Testing
@testable import MapEditing

/// Rules from a GeoJSON file, read by the engine's reader: Data/edit-rules.geojson and bad variants.
@Suite("Rules file")
struct RulesFileTests {
    static func rules(_ text: String) throws -> EditRules {
        try EditRules(rulesDocument: GeoJSONReader().read(string: text))
    }

    static let square = #"{"type":"Polygon","coordinates":[[[0,0],[1,0],[1,1],[0,1],[0,0]]]}"#

    @Test func readsTheSampleRules() throws {
        let root = #filePath.components(separatedBy: "/Tests/")[0]
        let rules = try EditRules(rulesDocument: GeoJSONReader().read(contentsOfFile: root + "/Data/edit-rules.geojson"))
        #expect(rules.minimumArea == 20 && rules.maximumArea == 20_000)
        #expect(rules.maximumVertexCount == 200 && rules.minimumVertexDistance == 0.3)
        #expect(rules.minimumLength == nil)
        #expect(rules.mustNotOverlap.map(\.id) == ["way/8033120", "way/8035238"])
        #expect(rules.allowedArea?.typeName == "Polygon")
    }

    @Test func refusesWhatItCannotUse() throws {
        #expect(throws: EditRulesError("unknown rule \"min_area\"; known rules: minimum_area_m2, maximum_area_m2, minimum_length_m, maximum_length_m, maximum_vertex_count, minimum_vertex_distance_m")) {
            try Self.rules(#"{"type":"FeatureCollection","rules":{"min_area":3},"features":[]}"#)
        }
        #expect(throws: EditRulesError.self) { try Self.rules(#"{"type":"FeatureCollection","rules":{"maximum_vertex_count":2.5},"features":[]}"#) }
        #expect(throws: EditRulesError.self) { try Self.rules(#"{"type":"FeatureCollection","rules":{"minimum_area_m2":-1},"features":[]}"#) }
        #expect(throws: EditRulesError.self) { try Self.rules(Self.square) }
        let twoAreas = #"{"type":"FeatureCollection","features":[{"type":"Feature","properties":{"rule":"allowed_area"},"geometry":\#(Self.square)},{"type":"Feature","properties":{"rule":"allowed_area"},"geometry":\#(Self.square)}]}"#
        #expect(throws: EditRulesError.self) { try Self.rules(twoAreas) }
        let unnamed = #"{"type":"FeatureCollection","features":[{"type":"Feature","properties":{"rule":"must_not_overlap"},"geometry":\#(Self.square)}]}"#
        #expect(try Self.rules(unnamed).mustNotOverlap.map(\.id) == ["feature 0"])
    }
}
