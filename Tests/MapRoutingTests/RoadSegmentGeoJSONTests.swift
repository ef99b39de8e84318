import MapGeometry
import MapGeoJSON
import Testing

@testable import MapRouting

@Suite struct RoadSegmentGeoJSONTests {
    private func features(_ json: String) throws -> [Feature] {
        try GeoJSONReader().read(string: json).features
    }

    @Test func readsTagsWrittenAsStringsNumbersOrBooleans() throws {
        let segments = try RoadSegment.segments(from: features("""
            {"type":"FeatureCollection","features":[
             {"type":"Feature","id":7,"properties":{"highway":"primary","oneway":true,"maxspeed":50,
              "from_node":1,"to_node":"2"},
              "geometry":{"type":"LineString","coordinates":[[1.5,42.5],[1.501,42.5]]}},
             {"type":"Feature","properties":{"id":"way/9/0","highway":"service","oneway":"-1","access":"private",
              "junction":"roundabout"},
              "geometry":{"type":"LineString","coordinates":[[1.5,42.5],[1.5,42.501]]}}]}
            """))
        #expect(segments.count == 2)
        #expect(segments[0].id == "7")
        #expect(segments[0].oneway == "yes")
        #expect(segments[0].maxspeed == "50")
        #expect(segments[0].fromNode == 1 && segments[0].toNode == 2)
        #expect(segments[1].id == "way/9/0")
        #expect(segments[1].access == "private" && segments[1].junction == "roundabout" && segments[1].oneway == "-1")
    }

    @Test func namesAndRefsAreKeptEmptyOnesAreNone() throws {
        let segments = try RoadSegment.segments(from: features("""
            {"type":"FeatureCollection","features":[
             {"type":"Feature","properties":{"name":" Mannerheimintie ","ref":"E 12","junction":"roundabout"},
              "geometry":{"type":"LineString","coordinates":[[24.93,60.17],[24.94,60.17]]}},
             {"type":"Feature","properties":{"name":"","ref":null},
              "geometry":{"type":"LineString","coordinates":[[24.94,60.17],[24.95,60.17]]}},
             {"type":"Feature","properties":{"ref":7},
              "geometry":{"type":"LineString","coordinates":[[24.95,60.17],[24.96,60.17]]}}]}
            """))
        #expect(segments.map(\.name) == ["Mannerheimintie", nil, nil])
        #expect(segments.map(\.ref) == ["E 12", nil, "7"])
        let graph = try RoadNetwork(segments: segments).graph
        #expect((0..<3).map(graph.name(ofSegment:)) == ["Mannerheimintie", nil, nil])
        #expect((0..<3).map(graph.ref(ofSegment:)) == ["E 12", nil, "7"])
        #expect(graph.junction(ofSegment: 0) == .roundabout && graph.junction(ofSegment: 1) == .none)
    }

    @Test func multiLineStringsBecomeOneSegmentPerLineJoinedByCoordinates() throws {
        let segments = try RoadSegment.segments(from: features("""
            {"type":"Feature","properties":{"id":"r","from_node":1,"to_node":2},"geometry":{"type":"MultiLineString",
             "coordinates":[[[1.5,42.5],[1.501,42.5]],[[1.501,42.5],[1.502,42.5]]]}}
            """))
        #expect(segments.map(\.id) == ["r/0", "r/1"])
        #expect(segments.allSatisfy { $0.fromNode == nil && $0.toNode == nil })
        let network = try RoadNetwork(segments: segments)
        #expect(network.graph.nodeCount == 3)
    }

    @Test func aFeatureThatIsNotALineIsNamed() throws {
        let error = #expect(throws: RoadNetworkError.self) {
            try RoadSegment.segments(from: features("""
                {"type":"FeatureCollection","features":[
                 {"type":"Feature","properties":{},"geometry":{"type":"LineString","coordinates":[[1.5,42.5],[1.6,42.5]]}},
                 {"type":"Feature","properties":{"id":"node/5"},"geometry":{"type":"Point","coordinates":[1.5,42.5]}}]}
                """))
        }
        #expect(error?.description == "features[1] (node/5) is not a road: it is a Point, not a LineString; a road layer holds LineString (or MultiLineString) features")
    }

    @Test func unusableOptionsAreRejected() throws {
        let road = RoadSegment(positions: [try Position(1.5, 42.5), try Position(1.6, 42.5)], highway: "primary")
        #expect(throws: RoadNetworkError.self) {
            try RoadNetwork(segments: [road], options: RoadNetworkOptions(defaultSpeeds: ["primary": 0]))
        }
        #expect(throws: RoadNetworkError.self) {
            try RoadNetwork(segments: [road], options: RoadNetworkOptions(maximumSnapDistance: -1))
        }
        #expect(throws: RoadNetworkError.self) { try RoadNetwork(segments: []) }
    }
}
