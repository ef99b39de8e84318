import MapGeometry
import TestSupport
import Testing

/// The all-pairs distance matrix (the ruler for lines up to 300 km, PROJ beyond, rows on every
/// core) equals PROJ's `geod_inverse` pair by pair at every scale, from a city to the world.
@Suite("Geodesic distance matrix")
struct GeodesicMatrixTests {
    @Test("within a millimetre of geod_inverse", arguments: [
        (24.94, 60.17, 0.2),  // a city
        (2.35, 48.85, 2.0),  // a region: lines of 100–300 km
        (10.0, 50.0, 12.0),  // a continent
        (-170.0, 75.0, 40.0),  // the Arctic across ±180
        (0.0, 0.0, 180.0),  // the world
    ])
    func matchesPROJ(longitude: Double, latitude: Double, spread: Double) throws {
        var random = SeededGenerator(seed: UInt64(abs(longitude * 1000 + latitude)))
        let positions = try (0..<300).map { _ in
            var lon = longitude + Double.random(in: -spread...spread, using: &random)
            if lon > 180 { lon -= 360 } else if lon < -180 { lon += 360 }
            return try Position(lon, max(-89.9, min(89.9, latitude + Double.random(in: -spread / 2...spread / 2, using: &random))))
        }
        let matrix = Geodesic.distanceMatrix(positions)
        var worst = 0.0
        for from in positions.indices {
            #expect(matrix[from * positions.count + from] == 0)
            for to in positions.indices where to != from {
                let exact = Geodesic.distance(from: positions[from], to: positions[to])
                worst = max(worst, abs(matrix[from * positions.count + to] - exact))
            }
        }
        #expect(worst < 1e-3, "largest difference \(worst) m")
    }
}
