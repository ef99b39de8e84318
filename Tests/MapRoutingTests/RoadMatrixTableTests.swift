import MapGeometry
import MapGeoJSON
import Testing

@testable import MapRouting

/// The matrix table `mapctl matrix` prints, on the real Helsinki and Andorra roads.
@Suite(.enabled(if: RoadTestData.isAvailable, RoadTestData.missingMessage))
struct RoadMatrixTableTests {
    static func places(_ positions: [Position]) -> [RoadMatrixPlace] {
        positions.enumerated().map { RoadMatrixPlace(id: .number(Double($0.offset)), position: $0.element, name: "place \($0.offset)") }
    }

    /// Each cell equals the point-to-point answer for the pair: the shortest path's length and
    /// the fastest path's time (one-to-one queries meet in the middle; the table's bucket
    /// searches run each side to its end).
    @Test(arguments: ["helsinki", "andorra"])
    func cellsEqualPointToPointDirections(city: String) throws {
        let network = try #require(city == "helsinki" ? RoadTestData.helsinki : RoadTestData.andorra)
        let stops = try RoadTestData.points("real/\(city)/stops.geojson")
        // Every 9th stop as a source, every 7th as a target: different sets, neither diagonal.
        let sources = Self.places(stride(from: 0, to: stops.count, by: 9).map { stops[$0] })
        let targets = Self.places(stride(from: 3, to: stops.count, by: 7).map { stops[$0] })
        let session = RoadQuerySession(network)
        let table = try session.matrixTable(sources: sources, targets: targets, measures: .both)
        let distances = try #require(table.distances), durations = try #require(table.durations)
        for (row, source) in sources.enumerated() {
            for (column, target) in targets.enumerated() {
                let index = row * targets.count + column
                let shortest = try session.directions(from: source.position, to: target.position, by: .distance)
                let fastest = try session.directions(from: source.position, to: target.position, by: .time)
                #expect(abs(distances[index] - shortest.distance) <= 1e-6 * max(1, shortest.distance), "\(city) \(row) → \(column)")
                #expect(abs(durations[index] - fastest.duration) <= 1e-6 * max(1, fastest.duration), "\(city) \(row) → \(column)")
            }
        }
        // Asking one measure gives the same cells.
        let only = try session.matrixTable(sources: sources, targets: targets, measures: .distance)
        #expect(only.distances == distances && only.durations == nil)
    }

    /// Snapped to any road, some Andorra stops sit in one-way traps: their pairs are null in
    /// the table, and exactly those pairs have no directions.
    @Test func unreachablePairsAreNullAndHaveNoDirections() throws {
        var network = try #require(RoadTestData.andorra)
        network.options.snapToMainNetwork = false
        let stops = try RoadTestData.points("real/andorra/stops.geojson")
        let places = Self.places(stops)
        let session = RoadQuerySession(network)
        let table = try session.matrixTable(sources: places, targets: places, measures: .duration)
        let durations = try #require(table.durations)
        let unreachable = durations.indices.filter { !durations[$0].isFinite }
        try #require(!unreachable.isEmpty, "no unreachable pair left to test")
        for index in unreachable.prefix(20) {
            #expect(throws: RoadNetworkError.self) {
                try session.directions(from: stops[index / stops.count], to: stops[index % stops.count])
            }
        }
        let bytes = String(decoding: table.jsonBytes(), as: UTF8.self)
        #expect(bytes.contains("null"))
        let first = unreachable[0]
        let rows = try #require(table.json.objectValue?["durations"]?.arrayValue)
        #expect(rows[first / stops.count].arrayValue?[first % stops.count] == .null)
    }

    /// The fast writer gives the bytes the general JSON writer gives for ``RoadMatrixTable/json``.
    @Test func fastBytesEqualTheGeneralWriter() throws {
        let network = try #require(RoadTestData.helsinki)
        let stops = try RoadTestData.points("real/helsinki/stops.geojson")
        var places = Self.places(Array(stops.prefix(40)))
        places[0].id = .string("node/1 \"quoted\" ä")
        places[1].id = nil
        places[2].id = .number(12.5)
        let table = try RoadQuerySession(network).matrixTable(sources: places, targets: places)
        #expect(table.jsonBytes() == GeoJSONWriter().encode(table.json) + [0x0A])
        let handMade = RoadMatrixTable(
            sourceIDs: [.string("a"), nil], targetIDs: [.number(3)],
            distances: [0.04, .infinity], durations: [123456.75, 0.05],
            members: [ForeignMember(name: "attribution", value: .string("© OSM")), ForeignMember(name: "sources", value: .null)])
        let text = String(decoding: handMade.jsonBytes(), as: UTF8.self)
        #expect(text == #"{"sources":["a",null],"targets":[3],"distances":[[0],[null]],"durations":[[123456.8],[0.1]],"attribution":"© OSM"}"# + "\n")
        #expect(handMade.jsonBytes() == GeoJSONWriter().encode(handMade.json) + [0x0A])
        // Beyond the fast path: huge and negative cells are written by the general writer.
        let extremes = RoadMatrixTable(
            sourceIDs: [nil], targetIDs: [nil, nil, nil, nil], distances: [2e15, 1e300, -0.26, 9_999_999.96], durations: nil)
        #expect(extremes.jsonBytes() == GeoJSONWriter().encode(extremes.json) + [0x0A])
        #expect(String(decoding: extremes.jsonBytes(), as: UTF8.self).hasSuffix(",10000000]]}\n"))
    }

    @Test func aFeatureThatIsNotAPointIsNamed() throws {
        let document = try GeoJSONReader().read(string: """
            {"type":"FeatureCollection","features":[
            {"type":"Feature","id":5,"properties":{},"geometry":{"type":"Point","coordinates":[1,2]}},
            {"type":"Feature","properties":{"id":"x"},"geometry":{"type":"Point","coordinates":[1,2]}},
            {"type":"Feature","properties":{},"geometry":null}]}
            """)
        #expect(throws: RoadMatrixInputError.notAPoint(file: "p.geojson", index: 2, found: "no geometry")) {
            try RoadMatrixPlace.places(from: document.features, file: "p.geojson")
        }
        let places = try RoadMatrixPlace.places(from: Array(document.features.prefix(2)), file: "p.geojson")
        #expect(places.map(\.id) == [.number(5), .string("x")])
        #expect(places.map(\.name) == ["p.geojson: features[0] (id 5)", "p.geojson: features[1] (id x)"])
    }
}
