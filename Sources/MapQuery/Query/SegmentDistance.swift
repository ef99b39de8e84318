import Foundation
import MapGeometry

/// The geodesic distance from a position to the nearest point of a segment.
///
/// The segment is the straight line between its ends in lon/lat, as RFC 7946 draws it (the
/// same line the index boxes and GEOS's point-in-polygon use). Along it, the exact WGS84
/// geodesic distance (PROJ `geod_inverse`) is minimised: the slope of the distance along the
/// segment is `−|dP/dt| · cos(azimuth of the segment − azimuth towards the position)`, so the
/// foot of the perpendicular is where that cosine is zero. The search starts from the ends,
/// steps by the local flat-earth projection `d · cos α / |dP/dt|`, and keeps a bracket so that
/// a bad step falls back to bisection. It stops when a step moves the foot less than 0.01 mm,
/// so the distance is that of the true nearest point to well under a millimetre.
enum SegmentDistance {
    private static let a = WGS84.semiMajorAxis
    private static let e2 = WGS84.eccentricitySquared
    private static let radiansPerDegree = Double.pi / 180

    /// Distance and azimuth (towards `target`) from one point of the segment.
    private struct Probe {
        var distance: Double
        /// d(distance)/dt, metres per unit of t.
        var slope: Double
        /// Metres of ground per unit of t at the probe.
        var speed: Double
        var cosine: Double
    }

    /// The distance in metres from `target` to the segment from (lon1, lat1) to (lon2, lat2).
    static func distance(
        from target: Position, _ lon1: Double, _ lat1: Double, _ lon2: Double, _ lat2: Double
    ) -> Double {
        let dLon = lon2 - lon1, dLat = lat2 - lat1
        let start = probe(target, lon1, lat1, dLon, dLat)
        if dLon == 0 && dLat == 0 { return start.distance }
        if start.distance == 0 { return 0 }
        // Moving forward from the start already increases the distance: the start is nearest.
        if start.slope >= 0 { return start.distance }
        let end = probe(target, lon2, lat2, dLon, dLat)
        if end.distance == 0 { return 0 }
        if end.slope <= 0 { return end.distance }

        var low = 0.0, high = 1.0
        var best = min(start.distance, end.distance)
        var t = clampInside(start.distance * start.cosine / start.speed, low, high)
        for _ in 0..<60 {
            let current = probe(target, lon1 + t * dLon, lat1 + t * dLat, dLon, dLat)
            best = min(best, current.distance)
            if current.distance == 0 { return 0 }
            if current.slope < 0 { low = t } else { high = t }
            var next = t + current.distance * current.cosine / current.speed
            if !(next > low && next < high) { next = (low + high) / 2 }
            if abs(next - t) * current.speed < 1e-5 || (high - low) * current.speed < 1e-5 { break }
            t = next
        }
        return best
    }

    private static func clampInside(_ t: Double, _ low: Double, _ high: Double) -> Double {
        t > low && t < high ? t : (low + high) / 2
    }

    /// Measures from the point (lon, lat) of a segment with direction (dLon, dLat) per unit t.
    @inline(__always)
    private static func probe(_ target: Position, _ lon: Double, _ lat: Double, _ dLon: Double, _ dLat: Double) -> Probe {
        let point = Position(uncheckedLongitude: lon, latitude: lat)
        let inverse = Geodesic.inverse(from: point, to: target)
        // Radii of curvature at the probe's latitude turn degrees into metres of ground.
        let phi = lat * radiansPerDegree
        let sinPhi = sin(phi)
        let w2 = 1 - e2 * sinPhi * sinPhi
        let w = w2.squareRoot()
        let meridional = a * (1 - e2) / (w2 * w), primeVertical = a / w
        let east = dLon * radiansPerDegree * primeVertical * cos(phi)
        let north = dLat * radiansPerDegree * meridional
        let speed = (east * east + north * north).squareRoot()
        guard speed > 0 else { return Probe(distance: inverse.distance, slope: 0, speed: 1, cosine: 0) }
        // cos(segment azimuth − azimuth to target) = unit direction · unit bearing.
        let bearing = inverse.initialAzimuth * radiansPerDegree
        let cosine = (east * sin(bearing) + north * cos(bearing)) / speed
        return Probe(distance: inverse.distance, slope: -speed * cosine, speed: speed, cosine: cosine)
    }
}
