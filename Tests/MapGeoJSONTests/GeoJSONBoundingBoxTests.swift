import Testing
@testable import MapGeometry
@testable import MapGeoJSON

/// The writer's `bbox` is the same smallest box the camera fit uses (``DataExtent``):
/// points may be boxed across ±180, and a segment is straight in longitude/latitude.
@Suite("GeoJSON bbox semantics")
struct GeoJSONBoundingBoxTests {
    @Test func pointsAcrossTheAntimeridianGetTheNarrowBox() throws {
        let fiji = Geometry.multiPoint(MultiPoint([try Position(178, -17), try Position(-179, -16)]))
        #expect(fiji.boundingBox == (try BoundingBox(west: 178, south: -17, east: -179, north: -16)))
    }

    @Test func aSegmentFrom170ToMinus170GoesThroughZero() throws {
        // RFC 7946 reads coordinates as Cartesian: this segment spans 340° of longitude.
        let line = Geometry.lineString(try LineString([Position(170, 10), Position(-170, 11)]))
        #expect(line.boundingBox == (try BoundingBox(west: -170, south: 10, east: 170, north: 11)))
    }

    @Test func collectionBoxInTheWrittenDocument() throws {
        var options = GeoJSONWriter.Options()
        options.bbox = true
        let features = [
            Feature(geometry: .point(try Position(179.5, -17))),
            Feature(geometry: .point(try Position(-179.5, -16))),
        ]
        let text = String(decoding: GeoJSONWriter(options: options).encode(FeatureCollection(features: features)), as: UTF8.self)
        #expect(text.contains("\"bbox\":[179.5,-17,-179.5,-16]"), "\(text)")
    }
}
