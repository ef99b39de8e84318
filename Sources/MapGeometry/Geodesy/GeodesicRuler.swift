import Foundation

/// WGS84 geodesic distances from one position, fast for the short lines near-me and nearest
/// measure most (up to 50 km), PROJ's `geod_inverse` beyond.
///
/// A geodesic's only curvature is the surface's normal curvature along it,
/// κ = cos²α / M + sin²α / N (Euler), which barely changes over a short line. So the line is
/// an arc of radius 1/κ over the 3D chord between its ends: s = 2 asin(cκ/2) / κ, with κ taken
/// at the mid-latitude in the line's direction. Against `geod_inverse` on 200,000 random lines
/// per length class at all latitudes (up to 89.9°) the largest difference was 5·10⁻⁹ m up to
/// 20 km and 2·10⁻⁸ m up to 50 km (6·10⁻⁷ m at 100 km); `GeodesicRulerTests` repeats the
/// comparison. With the vertices' earth-centred coordinates and latitude sine and cosine kept
/// by the index (``VertexFrame``), a distance costs three square roots and no trigonometry.
/// The chord is also an exact lower bound of the geodesic (a straight line is shortest), used
/// to skip far vertices before measuring.
package struct GeodesicRuler {
    package static let shortLineLimit = 50_000.0

    @usableFromInline package static let a = WGS84.semiMajorAxis
    @usableFromInline package static let e2 = WGS84.eccentricitySquared
    @usableFromInline package static let radiansPerDegree = Double.pi / 180

    package let origin: Position
    package let frame: VertexFrame

    package init(from origin: Position) {
        self.init(origin: origin, frame: VertexFrame(longitude: origin.longitude, latitude: origin.latitude))
    }

    /// A ruler from an origin whose frame is already known.
    @inlinable @inline(__always)
    package init(origin: Position, frame: VertexFrame) {
        self.origin = origin
        self.frame = frame
    }

    /// The straight-line (3D chord) distance in metres: never more than the geodesic.
    @inlinable @inline(__always)
    package func chord(to other: VertexFrame) -> Double {
        let dx = other.x - frame.x, dy = other.y - frame.y, dz = other.z - frame.z
        return (dx * dx + dy * dy + dz * dz).squareRoot()
    }

    /// The geodesic distance in metres from the origin to (longitude, latitude).
    @inline(__always)
    package func distance(toLongitude longitude: Double, latitude: Double) -> Double {
        distance(to: VertexFrame(longitude: longitude, latitude: latitude), longitude: longitude, latitude: latitude)
    }

    /// The geodesic distance in metres to a vertex whose frame is known; lines whose chord is
    /// longer than `limit` go to PROJ.
    @inline(__always)
    @inlinable package func distance(to other: VertexFrame, longitude: Double, latitude: Double, limit: Double = shortLineLimit) -> Double {
        let chord = chord(to: other)
        if chord > limit {
            return Geodesic.distance(
                fromLongitude: origin.longitude, latitude: origin.latitude, toLongitude: longitude, latitude: latitude)
        }
        return arc(over: chord, to: other, longitude: longitude, latitude: latitude)
    }

    /// The ruler's distance over a `chord` already measured, whatever its length (the callers
    /// keep it short). Inlinable, and calling nothing: a fleet's costs measured pair by pair
    /// read it millions of times a second from MapRouting.
    @inlinable @inline(__always)
    package func arc(over chord: Double, to other: VertexFrame, longitude: Double, latitude: Double) -> Double {
        guard chord > 0 else { return 0 }
        // Sine and cosine of the mid-latitude from those of the ends (sum-to-product), with
        // cos(Δφ/2) from its series: |Δφ| < 0.01 rad here, so three terms are exact to 1e-16.
        let dLatitude = (latitude - origin.latitude) * Self.radiansPerDegree
        let half2 = dLatitude * dLatitude / 4
        let cosHalf = 1 - half2 / 2 + half2 * half2 / 24
        let sinMiddle = (frame.sinLatitude + other.sinLatitude) / (2 * cosHalf)
        let cosMiddle = (frame.cosLatitude + other.cosLatitude) / (2 * cosHalf)
        let w2 = 1 - Self.e2 * sinMiddle * sinMiddle
        let w = w2.squareRoot()
        let primeVertical = Self.a / w
        let meridional = Self.a * (1 - Self.e2) / (w2 * w)
        var dLongitude = longitude - origin.longitude
        if dLongitude > 180 { dLongitude -= 360 } else if dLongitude < -180 { dLongitude += 360 }
        let north = meridional * dLatitude
        let east = primeVertical * cosMiddle * dLongitude * Self.radiansPerDegree
        let squared = north * north + east * east
        guard squared > 0 else { return chord }
        let curvature = (north * north / meridional + east * east / primeVertical) / squared
        // 2 asin(x) / κ with x = cκ/2: below 0.004 (50 km) asin x = x + x³/6 + 3x⁵/40 (next
        // term < 1e-17 x); above, the library's asin.
        let x = chord * curvature / 2, x2 = x * x
        if x > 0.004 { return 2 * asin(x) / curvature }
        return 2 * x * (1 + x2 / 6 + 3 * x2 * x2 / 40) / curvature
    }
}

/// What the ruler needs of a vertex: earth-centred coordinates on the WGS84 ellipsoid and
/// the sine and cosine of its latitude. The index keeps one per vertex.
package struct VertexFrame: Sendable {
    private static let a = WGS84.semiMajorAxis
    private static let e2 = WGS84.eccentricitySquared

    package var x: Double, y: Double, z: Double
    package var sinLatitude: Double, cosLatitude: Double

    @inline(__always)
    @inlinable package init(x: Double, y: Double, z: Double, sinLatitude: Double, cosLatitude: Double) {
        self.x = x; self.y = y; self.z = z
        self.sinLatitude = sinLatitude; self.cosLatitude = cosLatitude
    }

    @inline(__always)
    package init(longitude: Double, latitude: Double) {
        let phi = latitude * .pi / 180, lambda = longitude * .pi / 180
        let sinPhi = sin(phi), cosPhi = cos(phi)
        let n = Self.a / (1 - Self.e2 * sinPhi * sinPhi).squareRoot()
        self.init(
            x: n * cosPhi * cos(lambda), y: n * cosPhi * sin(lambda), z: n * (1 - Self.e2) * sinPhi,
            sinLatitude: sinPhi, cosLatitude: cosPhi)
    }
}

extension Geodesic {
    /// The geodesic distance in metres by the short-line ruler: within 2·10⁻⁸ m of
    /// ``distance(fromLongitude:latitude:toLongitude:latitude:)`` up to 50 km (that function
    /// itself beyond), and about ten times faster: four sines and cosines and three square
    /// roots instead of PROJ's series. For checks over many short pieces, such as every piece
    /// of a road network when it is loaded.
    public static func shortLineDistance(
        fromLongitude longitude1: Double, latitude latitude1: Double,
        toLongitude longitude2: Double, latitude latitude2: Double
    ) -> Double {
        GeodesicRuler(from: Position(uncheckedLongitude: longitude1, latitude: latitude1))
            .distance(toLongitude: longitude2, latitude: latitude2)
    }
}
