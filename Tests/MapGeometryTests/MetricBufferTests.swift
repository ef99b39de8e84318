import Foundation
import MapGeometry
import Testing

/// `buffered(metres:)` draws the buffer at the given distance on the ground, whatever the
/// latitude: the edge's vertices are measured back with geodesic distances (PROJ's geod_inverse,
/// Karney), where a buffer in degrees would be half as wide east-west in Helsinki.
@Suite("Buffer in metres")
struct MetricBufferTests {
    static func ring(_ geometry: Geometry) throws -> [Position] {
        guard case let .polygon(polygon) = geometry else { Issue.record("not a polygon: \(geometry.typeName)"); return [] }
        return polygon.rings[0].positions
    }

    @Test("a point's buffer is a circle of that radius", arguments: [
        (24.9414, 60.1713, 100.0), (1.5218, 42.5063, 2_000.0), (-74.0, 40.7, 50.0), (15.6, 78.2, 1_000.0), (-58.4, -34.6, 25_000.0),
    ])
    func circle(longitude: Double, latitude: Double, metres: Double) throws {
        let centre = try Position(longitude, latitude)
        let vertices = try Self.ring(try Geometry.point(centre).buffered(metres: metres, quadrantSegments: 16))
        #expect(vertices.count == 65)
        for vertex in vertices {
            #expect(abs(Geodesic.distance(from: centre, to: vertex) - metres) <= metres * 1e-6, "\(vertex)")
        }
    }

    @Test("a street's buffer edge lies at the distance from the street")
    func street() throws {
        // Erottajankatu, Helsinki (first segment of Data/roads.geojson's way 4236349).
        let street = try LineString([Position(24.9433, 60.1656), Position(24.9441, 60.1665), Position(24.9446, 60.1676)])
        let edge = try Self.ring(try Geometry.lineString(street).buffered(metres: 30, quadrantSegments: 16))
        var samples: [Position] = []
        for (a, b) in zip(street.positions, street.positions.dropFirst()) {
            for step in 0...1_000 {
                let t = Double(step) / 1_000
                samples.append(try Position(a.longitude + (b.longitude - a.longitude) * t, a.latitude + (b.latitude - a.latitude) * t))
            }
        }
        for vertex in edge {
            let distance = samples.map { Geodesic.distance(from: vertex, to: $0) }.min()!
            #expect(abs(distance - 30) < 0.05, "\(vertex) is \(distance) m from the street")
        }
        // A buffer in degrees (30 m taken as 30/111,000°) is half as wide east-west in Helsinki.
        let span = Geometry.lineString(street).boundingBox!.longitudeSpan
        let degrees = try Geometry.lineString(street).buffer(30.0 / 111_000, quadrantSegments: 16).boundingBox!.longitudeSpan - span
        let metric = try Geometry.lineString(street).buffered(metres: 30, quadrantSegments: 16).boundingBox!.longitudeSpan - span
        #expect(metric > degrees * 1.9)
    }

    @Test("a negative distance shrinks a polygon by that much; a point shrinks to nothing")
    func shrink() throws {
        let square = try Geometry.point(Position(24.94, 60.17)).buffered(metres: 100, quadrantSegments: 32)
        let inner = try square.buffered(metres: -40, quadrantSegments: 32)
        let centre = try Position(24.94, 60.17)
        for vertex in try Self.ring(inner) {
            #expect(abs(Geodesic.distance(from: centre, to: vertex) - 60) < 0.1)
        }
        #expect(throws: (any Error).self) { try Geometry.point(centre).buffered(metres: .nan) }
    }
}
