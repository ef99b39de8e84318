import Foundation

/// WGS84 geodesic distances from one position, fast for the short lines near-me and nearest
/// measure most (up to 50 km), PROJ's `geod_inverse` beyond.
///
/// A geodesic's only curvature is the surface's normal curvature along it,
/// κ = cos²α / M + sin²α / N (Euler), which barely changes over a short line. So the line is
/// an arc of radius 1/κ over the 3D chord between its ends: s = 2 asin(cκ/2) / κ, with κ taken
/// at the mid-latitude in the chord's direction. Against `geod_inverse` on 200,000 random lines
/// per length class at all latitudes (up to 89.9°) the largest difference was 5·10⁻⁹ m up to
/// 20 km and 2·10⁻⁸ m up to 50 km (6·10⁻⁷ m at 100 km), at about 1/20 of the cost; the test
/// `GeodesicRulerTests` repeats the comparison.
struct GeodesicRuler {
    static let shortLineLimit = 50_000.0

    private static let a = 6_378_137.0
    private static let e2 = (2 - 1 / 298.257223563) / 298.257223563
    private static let radiansPerDegree = Double.pi / 180

    let origin: Position
    private let x: Double, y: Double, z: Double

    init(from origin: Position) {
        self.origin = origin
        (x, y, z) = Self.earthCentred(origin.longitude, origin.latitude)
    }

    @inline(__always)
    private static func earthCentred(_ longitude: Double, _ latitude: Double) -> (Double, Double, Double) {
        let phi = latitude * radiansPerDegree, lambda = longitude * radiansPerDegree
        let sinPhi = sin(phi), cosPhi = cos(phi)
        let n = a / (1 - e2 * sinPhi * sinPhi).squareRoot()
        return (n * cosPhi * cos(lambda), n * cosPhi * sin(lambda), n * (1 - e2) * sinPhi)
    }

    /// The geodesic distance in metres from the origin to (longitude, latitude).
    @inline(__always)
    func distance(toLongitude longitude: Double, latitude: Double) -> Double {
        let (x2, y2, z2) = Self.earthCentred(longitude, latitude)
        let dx = x2 - x, dy = y2 - y, dz = z2 - z
        let chord = (dx * dx + dy * dy + dz * dz).squareRoot()
        if chord > Self.shortLineLimit {
            return Geodesic.distance(
                fromLongitude: origin.longitude, latitude: origin.latitude, toLongitude: longitude, latitude: latitude)
        }
        // Direction of the line at mid-latitude, in metres north and east.
        let middle = (origin.latitude + latitude) / 2 * Self.radiansPerDegree
        let sinMiddle = sin(middle)
        let w2 = 1 - Self.e2 * sinMiddle * sinMiddle
        let primeVertical = Self.a / w2.squareRoot()
        let meridional = Self.a * (1 - Self.e2) / (w2 * w2.squareRoot())
        var dLongitude = longitude - origin.longitude
        if dLongitude > 180 { dLongitude -= 360 } else if dLongitude < -180 { dLongitude += 360 }
        let north = meridional * (latitude - origin.latitude) * Self.radiansPerDegree
        let east = primeVertical * cos(middle) * dLongitude * Self.radiansPerDegree
        let squared = north * north + east * east
        guard squared > 0, chord > 0 else { return chord }
        let curvature = (north * north / meridional + east * east / primeVertical) / squared
        return 2 * asin(min(1, chord * curvature / 2)) / curvature
    }
}
