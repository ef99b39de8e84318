import Foundation
import MapGeometry

/// Cheap, rigorous lower bounds on the WGS84 geodesic distance from one position to anything
/// inside a lon/lat box, for pruning tree nodes and candidates before exact geodesic work.
///
/// Why they hold: in geodetic coordinates the ellipsoid's line element is
/// `ds² = M(φ)² dφ² + N(φ)² cos²φ dλ²` with `M ≥ a(1 − e²)` and `N ≥ a > a(1 − e²)`. So every
/// path is at least as long as the same path on a sphere of radius ``minimumRadius`` in the same
/// coordinates, and a great-circle distance on that sphere never exceeds the geodesic one.
/// The bounds below are sphere bounds (up to 1 % low), computed without any trigonometry per box.
struct GeodesicLowerBound {
    /// a(1 − e²): the smallest radius of curvature of WGS84 (the meridian at the equator).
    static let minimumRadius = WGS84.semiMajorAxis * (1 - WGS84.eccentricitySquared)

    private static let radiansPerDegree = Double.pi / 180

    let longitude: Double
    let latitude: Double
    private let cosLatitude: Double

    init(from position: Position) {
        longitude = position.longitude
        latitude = position.latitude
        cosLatitude = cos(position.latitude * Self.radiansPerDegree)
    }

    /// A lower bound, in metres, of the geodesic distance to any point of `box`.
    @inline(__always)
    func distance(minX: Double, minY: Double, maxX: Double, maxY: Double) -> Double {
        // Any point of the box differs in latitude by at least the gap to its latitude band.
        let latitudeGap = max(0, minY - latitude, latitude - maxY) * Self.radiansPerDegree
        if longitude >= minX && longitude <= maxX { return Self.minimumRadius * latitudeGap }
        let gap = min(Self.angularGap(longitude, minX), Self.angularGap(longitude, maxX)) * Self.radiansPerDegree
        // Haversine on the sphere: hav d = hav Δφ + cos φ₁ cos φ₂ hav Δλ, each term at its
        // smallest over the box: Δφ ≥ the latitude gap, Δλ ≥ the longitude gap, cos φ₂ ≥
        // 1 − φ²/2 at the box's latitude farthest from the equator. sin y ≥ y − y³/6 and
        // asin x ≥ x keep it a lower bound without trigonometry.
        let farthest = max(abs(minY), abs(maxY)) * Self.radiansPerDegree
        let cosBox = max(0, 1 - farthest * farthest / 2)
        let halfLatitude = latitudeGap / 2, halfLongitude = gap / 2
        let sinHalfLatitude = halfLatitude - halfLatitude * halfLatitude * halfLatitude / 6
        let sinHalfLongitude = halfLongitude - halfLongitude * halfLongitude * halfLongitude / 6
        let haversine = sinHalfLatitude * sinHalfLatitude + cosLatitude * cosBox * sinHalfLongitude * sinHalfLongitude
        let combined = 2 * haversine.squareRoot()
        // Also: a path must cross the nearer of the box's meridians, at least
        // asin(cos φ · sin Δλ) away for Δλ < 90°, else at least the nearer pole. The larger
        // of the bounds holds.
        let meridian: Double
        if gap >= .pi / 2 {
            meridian = Double.pi / 2 - abs(latitude) * Self.radiansPerDegree
        } else {
            meridian = cosLatitude * (gap - gap * gap * gap / 6)
        }
        return Self.minimumRadius * max(latitudeGap, meridian, combined)
    }

    @inline(__always)
    func distance(to box: PlanarBox) -> Double {
        distance(minX: box.minX, minY: box.minY, maxX: box.maxX, maxY: box.maxY)
    }

    /// The angle between two longitudes, 0...180 degrees.
    @inline(__always)
    static func angularGap(_ a: Double, _ b: Double) -> Double {
        var gap = abs(a - b)
        // Longitudes in -180...180 differ by at most 360; the remainder is for others only,
        // out of line so that the compiler does not compute it for every box (profiled:
        // a third of nearest's instructions went to fmod).
        if gap > 360 { gap = wrapped(gap) }
        return gap > 180 ? 360 - gap : gap
    }

    @inline(never)
    private static func wrapped(_ gap: Double) -> Double { gap.truncatingRemainder(dividingBy: 360) }
}

/// The lon/lat boxes that hold every point within a geodesic radius of a centre: one box,
/// or two when the circle crosses ±180; the whole longitude range when it may reach a pole.
///
/// The geodesic circle lies inside the circle of angular radius σ = radius / a(1 − e²) on
/// the comparison sphere of ``GeodesicLowerBound`` (same coordinates): latitudes φ ± σ and
/// longitude half-width asin(sin σ / cos φ). That costs no geodesic call and is at most
/// 1 % wider than the exact box. A plain value (no array), so nearest k can rebuild it for
/// every smaller threshold and test tree boxes against it with four comparisons.
struct GeodesicSearchArea {
    /// The radius the area was built for: it holds the circle of any smaller radius too.
    let radius: Double
    private(set) var first: PlanarBox
    /// The part across ±180, or an empty box.
    private(set) var second: PlanarBox

    /// One box, or two when the circle crosses ±180 (for near me's tree walk).
    static func boxes(around center: Position, radius: Double) -> [PlanarBox] {
        let area = GeodesicSearchArea(around: center, radius: radius)
        return area.second == .empty ? [area.first] : [area.first, area.second]
    }

    /// False only when no point of the box can be within ``radius`` of the centre.
    @inline(__always)
    func mayHold(minX: Double, minY: Double, maxX: Double, maxY: Double) -> Bool {
        guard minY <= first.maxY && maxY >= first.minY else { return false }  // both parts share the band
        return (minX <= first.maxX && maxX >= first.minX) || (minX <= second.maxX && maxX >= second.minX)
    }

    init(around center: Position, radius: Double) {
        self.radius = radius
        second = .empty
        let degrees = 180 / Double.pi
        let sigma = radius / GeodesicLowerBound.minimumRadius
        let margin = 1e-9
        // Everything (infinite for a search without limit: longitudes outside ±180 included).
        if !(sigma < .pi) {
            first = PlanarBox(minX: -.infinity, minY: -.infinity, maxX: .infinity, maxY: .infinity)
            return
        }
        let north = center.latitude + sigma * degrees + margin, south = center.latitude - sigma * degrees - margin
        let cosLatitude = cos(center.latitude / degrees)
        // A circle that may hold a pole has no longitude bound: search the whole band.
        guard north < 90, south > -90, sin(sigma) < cosLatitude else {
            first = PlanarBox(minX: -180, minY: max(-90, south), maxX: 180, maxY: min(90, north))
            return
        }
        let halfWidth = asin(sin(sigma) / cosLatitude) * degrees + margin
        let west = center.longitude - halfWidth, east = center.longitude + halfWidth
        if east - west >= 360 {
            first = PlanarBox(minX: -180, minY: south, maxX: 180, maxY: north)
        } else if west < -180 {
            first = PlanarBox(minX: west + 360, minY: south, maxX: 180, maxY: north)
            second = PlanarBox(minX: -180, minY: south, maxX: east, maxY: north)
        } else if east > 180 {
            first = PlanarBox(minX: west, minY: south, maxX: 180, maxY: north)
            second = PlanarBox(minX: -180, minY: south, maxX: east - 360, maxY: north)
        } else {
            first = PlanarBox(minX: west, minY: south, maxX: east, maxY: north)
        }
    }
}
