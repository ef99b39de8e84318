@testable import MapGeometry
import Testing
import TestSupport

/// The short-line distance agrees with PROJ's geod_inverse to nanometres.
@Suite("Short-line geodesic distance")
struct GeodesicRulerTests {
    @Test("random lines at every latitude", arguments: [100.0, 5_000, 50_000, 200_000])
    func agreesWithGeodInverse(maximumLength: Double) throws {
        var random = SeededGenerator(seed: UInt64(maximumLength))
        var largest = 0.0
        for _ in 0..<20_000 {
            let start = try Position(
                Double.random(in: -180...180, using: &random), Double.random(in: -89.9...89.9, using: &random))
            let end = Geodesic.destination(
                from: start, azimuth: Double.random(in: 0..<360, using: &random),
                distance: Double.random(in: 0...maximumLength, using: &random))
            let ruler = GeodesicRuler(from: start)
            let measured = ruler.distance(toLongitude: end.longitude, latitude: end.latitude)
            // The public form (the road network's load check) is the same ruler.
            #expect(Geodesic.shortLineDistance(
                fromLongitude: start.longitude, latitude: start.latitude, toLongitude: end.longitude, latitude: end.latitude) == measured)
            let difference = abs(measured - Geodesic.distance(from: start, to: end))
            largest = max(largest, difference)
        }
        // Beyond 50 km the ruler hands over to geod_inverse itself.
        #expect(largest < 1e-7, "largest difference \(largest) m")
    }

    @Test func acrossTheAntimeridianAndAtThePole() throws {
        let start = try Position(179.999, 10), across = try Position(-179.999, 10)
        let ruler = GeodesicRuler(from: start)
        #expect(abs(ruler.distance(toLongitude: across.longitude, latitude: across.latitude)
            - Geodesic.distance(from: start, to: across)) < 1e-7)
        let northPole = try Position(0, 90), near = try Position(123, 89.99)
        #expect(abs(GeodesicRuler(from: northPole).distance(toLongitude: near.longitude, latitude: near.latitude)
            - Geodesic.distance(from: northPole, to: near)) < 1e-7)
    }
}
