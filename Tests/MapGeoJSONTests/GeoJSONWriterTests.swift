import Foundation
import Testing
@testable import MapGeometry
@testable import MapGeoJSON

@Suite("GeoJSON writer")
struct GeoJSONWriterTests {
    func p(_ longitude: Double, _ latitude: Double) -> Position {
        Position(uncheckedLongitude: longitude, latitude: latitude)
    }

    func fixed(_ value: Double, _ precision: Int = 7) -> String {
        var output = JSONOutput()
        output.writeFixed(value, precision: precision)
        return String(decoding: output.bytes, as: UTF8.self)
    }

    func shortest(_ value: Double) -> String {
        var output = JSONOutput()
        output.writeShortest(value)
        return String(decoding: output.bytes, as: UTF8.self)
    }

    @Test func coordinatesHaveFixedPrecisionWithoutTrailingZerosOrExponent() {
        #expect(fixed(24.94145665) == "24.9414567")
        #expect(fixed(60.17) == "60.17")
        #expect(fixed(-180) == "-180")
        #expect(fixed(0.00000001) == "0")
        #expect(fixed(-0.00000001) == "0")  // never "-0"
        #expect(fixed(0.000001) == "0.000001")
        #expect(fixed(-0.0000012) == "-0.0000012")
        #expect(fixed(1e-7) == "0.0000001")
        #expect(fixed(12.345, 2) == "12.35" || fixed(12.345, 2) == "12.34")  // 12.345 is not exact in binary
        #expect(fixed(2.5, 0) == "3")
        #expect(fixed(123456.1234567891) == "123456.1234568")
        #expect(fixed(1e300) == "1e+300")  // far beyond coordinates: the shortest exact form
    }

    @Test func shortestFormRoundTripsWithoutExponentForOrdinaryMagnitudes() {
        #expect(shortest(0.1) == "0.1")
        #expect(shortest(1e-5) == "0.00001")
        #expect(shortest(5e20) == "500000000000000000000")
        #expect(shortest(42) == "42")
        #expect(shortest(-1.5) == "-1.5")
        #expect(shortest(1e-10) == "1e-10")
        for value in [0.1, 1.0 / 3, 24.9414566, 1e-7, 123456789.123, Double.leastNonzeroMagnitude, 1.7976931348623157e308, -2.5e-8] {
            #expect(Double(shortest(value)) == value, "\(value) → \(shortest(value))")
        }
    }

    @Test func compactOutputHasAFixedShapeAndNoCRS() throws {
        let collection = FeatureCollection(features: [
            Feature(id: "a", geometry: .point(p(24.9414566, 60.1713198)), properties: ["type": "shop", "n": 2]),
            Feature(geometry: nil, properties: .null),
        ], foreignMembers: [ForeignMember(name: "crs", value: ["type": "name"]), ForeignMember(name: "attribution", value: "© OSM"),
                           ForeignMember(name: "features", value: [])])
        let text = GeoJSONWriter().string(collection)
        #expect(text == """
            {"type":"FeatureCollection","attribution":"© OSM","features":[
            {"type":"Feature","id":"a","properties":{"type":"shop","n":2},"geometry":{"type":"Point","coordinates":[24.9414566,60.1713198]}},
            {"type":"Feature","properties":null,"geometry":null}
            ]}

            """)
    }

    @Test func prettyOutputReadsBackEqual() throws {
        let source = try GeoJSONReader().read(string: #"{"type":"FeatureCollection","features":[{"type":"Feature","properties":{"a":[1,2,{"b":null}],"s":"x, y: {z}"},"geometry":{"type":"Polygon","coordinates":[[[0,0],[1,0],[1,1],[0,0]]]}}]}"#)
        var options = GeoJSONWriter.Options()
        options.pretty = true
        let text = GeoJSONWriter(options: options).string(source.featureCollection)
        #expect(text.contains("\n  \"features\": [\n    {\n      \"type\": \"Feature\""))
        #expect(text.contains("\"s\": \"x, y: {z}\""))  // strings are never re-indented
        let again = try GeoJSONReader().read(string: text)
        #expect(again.featureCollection == source.featureCollection)
    }

    @Test func emptyGeometriesAreWrittenValidly() throws {
        let geometries: [Geometry] = [
            .multiPoint(MultiPoint([])), .lineString(LineString(unchecked: [])), .polygon(Polygon([LinearRing]())),
            .multiPolygon(MultiPolygon([Polygon]())), .geometryCollection([]),
        ]
        for geometry in geometries {
            let text = GeoJSONWriter().string(geometry)
            let back = try GeoJSONReader().read(string: text)
            #expect(back.object == .geometry(geometry), "\(text)")
        }
        #expect(GeoJSONWriter().string(Geometry.polygon(Polygon([LinearRing]()))) == #"{"type":"Polygon","coordinates":[]}"#)
    }

    @Test func rewindFollowsTheRightHandRule() throws {
        let clockwise = LinearRing(unchecked: [p(0, 0), p(0, 10), p(10, 10), p(10, 0), p(0, 0)])
        let hole = LinearRing(unchecked: [p(2, 2), p(4, 2), p(4, 4), p(2, 2)])  // counterclockwise
        var options = GeoJSONWriter.Options()
        options.rewind = true
        let text = GeoJSONWriter(options: options).string(Geometry.polygon(Polygon([clockwise, hole])))
        guard case let .geometry(.polygon(polygon)) = try GeoJSONReader().read(string: text).object else {
            Issue.record("not a polygon"); return
        }
        #expect(polygon.rings[0].isCounterclockwise)
        #expect(!polygon.rings[1].isCounterclockwise)
        #expect(try GeoJSONReader().read(string: text).warnings.isEmpty)
    }

    @Test func bboxIsComputedAcrossTheAntimeridian() throws {
        var options = GeoJSONWriter.Options()
        options.bbox = true
        let fiji = Feature(geometry: .multiPoint(MultiPoint([p(177.5, -17), p(-179.8, -16.2), p(178.4, -18.1)])))
        let text = GeoJSONWriter(options: options).string(FeatureCollection(features: [fiji]))
        #expect(text.contains(#""bbox":[177.5,-18.1,-179.8,-16.2]"#))
        let box = try #require(try GeoJSONReader().read(string: text).features[0].bbox)
        #expect(box.crossesAntimeridian)
        let helsinki = Geometry.lineString(LineString(unchecked: [p(24.9, 60.1), p(25, 60.2)]))
        #expect(helsinki.boundingBox == BoundingBox(unchecked: 24.9, 60.1, 25, 60.2))
    }

    @Test func antimeridianCuttingSplitsLinesAndPolygons() throws {
        var options = GeoJSONWriter.Options()
        options.cutAntimeridian = true
        let writer = GeoJSONWriter(options: options)
        let line = Geometry.lineString(LineString(unchecked: [p(170, 0), p(-170, 10)]))
        let cutLine = try GeoJSONReader().read(string: writer.string(line)).object
        #expect(cutLine == .geometry(.multiLineString(MultiLineString([
            LineString(unchecked: [p(170, 0), p(180, 5)]), LineString(unchecked: [p(-180, 5), p(-170, 10)]),
        ]))))
        // The validator's rectangle drawn with longitude -227.6 (unwrapped).
        let square = Polygon([LinearRing(unchecked: [p(170, -10), p(190, -10), p(190, 10), p(170, 10), p(170, -10)])])
        let cutSquare = try GeoJSONReader().read(string: writer.string(Geometry.polygon(square)))
        guard case let .geometry(.multiPolygon(parts)) = cutSquare.object else { Issue.record("not cut"); return }
        #expect(parts.polygons.count == 2)
        #expect(cutSquare.warnings.isEmpty)
        let extents = parts.polygons.map { polygon in polygon.rings[0].positions.map(\.longitude) }
        #expect(extents[0].min() == 170 && extents[0].max() == 180)
        #expect(extents[1].min() == -180 && extents[1].max() == -170)
        // Shapes that stay on one side are left alone.
        let plain = Geometry.polygon(Polygon([LinearRing(unchecked: [p(0, 0), p(1, 0), p(1, 1), p(0, 0)])]))
        #expect(AntimeridianCutter.cut(plain) == plain)
    }
}
