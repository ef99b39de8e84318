import Testing
@testable import MapGeometry

/// Hand-checkable geodesic facts; `GeodesicReferenceTests` compares against GeographicLib in bulk.
@Suite("Geodesic basics")
struct GeodesicBasicsTests {
    @Test func oneDegreeAlongTheEquatorIsTheSemiMajorAxisArc() throws {
        let metres = Geodesic.distance(from: try Position(0, 0), to: try Position(1, 0))
        // a·π/180 for a = 6378137 m.
        #expect(abs(metres - 111_319.490_793_273_57) < 1e-6)
    }

    @Test func destinationInvertsInverse() throws {
        let helsinki = try Position(24.9384, 60.1699), tallinn = try Position(24.7536, 59.4370)
        let solution = Geodesic.inverse(from: helsinki, to: tallinn)
        let reached = Geodesic.destination(from: helsinki, azimuth: solution.initialAzimuth, distance: solution.distance)
        #expect(abs(reached.longitude - tallinn.longitude) < 1e-10)
        #expect(abs(reached.latitude - tallinn.latitude) < 1e-10)
    }

    @Test func windingDoesNotChangeArea() throws {
        let ring = try LinearRing([
            Position(24.93, 60.16), Position(24.95, 60.16), Position(24.95, 60.17), Position(24.93, 60.17),
            Position(24.93, 60.16),
        ])
        let counterclockwise = Geodesic.area(of: Polygon([ring]))
        let clockwise = Geodesic.area(of: Polygon([ring.reversed]))
        #expect(counterclockwise > 1_000_000 && counterclockwise < 1_300_000)
        #expect(abs(counterclockwise - clockwise) < 1e-6)
    }

    @Test func lineAcrossTheAntimeridianIsShort() throws {
        let line = try LineString([Position(179.5, -17), Position(-179.5, -17)])
        let metres = Geodesic.length(of: line)
        #expect(metres > 100_000 && metres < 110_000, "crossing ±180 must not go round the world")
    }
}
