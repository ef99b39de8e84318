import MapGeometry

/// The "near me" circle as a polygon a map can draw.
public enum GeodesicCircle {
    /// Largest radius accepted: below half the pole-to-pole distance, so the circle holds
    /// at most one pole.
    public static let maximumRadius = 10_000_000.0

    /// The geodesic circle of `radius` metres around `center` (points found with
    /// `Geodesic.destination` every 360/`segments` degrees of azimuth), as RFC 7946 wants it:
    /// a Polygon, a MultiPolygon of two parts cut at ±180 when it crosses the antimeridian, and
    /// a polygon closed along the pole and ±180 when it encloses a pole. Exterior counterclockwise.
    /// - Throws: ``QueryError`` for a radius outside 0 < radius ≤ ``maximumRadius`` or fewer
    ///   than 8 segments.
    public static func geometry(center: Position, radius: Double, segments: Int = 64) throws(QueryError) -> Geometry {
        guard radius.isFinite, radius > 0, radius <= maximumRadius else {
            throw QueryError("circle radius \(radius) m is not allowed: give 0 < radius <= \(Int(maximumRadius)) m")
        }
        guard segments >= 8 else { throw QueryError("a circle needs at least 8 segments, got \(segments)") }

        // Counterclockwise on the map: azimuth (clockwise from north) decreasing.
        var points: [Position] = []
        for step in 0..<segments {
            let azimuth = 360 - 360 * Double(step) / Double(segments)
            points.append(Geodesic.destination(from: center, azimuth: azimuth, distance: radius))
        }
        // Unwrap the longitudes so consecutive points never jump by 360°.
        var unwrapped: [Double] = [points[0].longitude]
        for index in 1..<points.count {
            unwrapped.append(unwrapped[index - 1] + wrapped(points[index].longitude - points[index - 1].longitude))
        }
        let winding = unwrapped[unwrapped.count - 1] + wrapped(points[0].longitude - points[segments - 1].longitude)
            - unwrapped[0]
        if abs(winding) > 180 {
            let north = Geodesic.distance(from: center, to: Position(uncheckedLongitude: 0, latitude: 90)) <= radius
            return aroundPole(points, north: north)
        }
        let ring = zip(unwrapped, points).map { (x: $0, y: $1.latitude) }
        let low = ring.map(\.x).min()!, high = ring.map(\.x).max()!
        if low >= -180 && high <= 180 { return .polygon(polygon(ring, shift: 0)) }
        // Crosses ±180: cut into the part on each side and move the outer part back by 360°.
        let edge: Double = high > 180 ? 180 : -180
        let inside = clip(ring, at: edge, keepBelow: edge > 0)
        let outside = clip(ring, at: edge, keepBelow: edge < 0)
        return .multiPolygon(MultiPolygon([polygon(inside, shift: 0), polygon(outside, shift: edge > 0 ? -360 : 360)]))
    }

    /// A difference of longitudes wrapped into -180...180.
    private static func wrapped(_ delta: Double) -> Double {
        var delta = delta.truncatingRemainder(dividingBy: 360)
        if delta > 180 { delta -= 360 } else if delta < -180 { delta += 360 }
        return delta
    }

    private static func polygon(_ ring: [(x: Double, y: Double)], shift: Double) -> Polygon {
        var positions = ring.map { Position(uncheckedLongitude: min(180, max(-180, $0.x + shift)), latitude: $0.y) }
        positions.append(positions[0])
        return Polygon([LinearRing(unchecked: positions)]).rewoundToRightHandRule
    }

    /// Sutherland–Hodgman against one vertical line. A small circle meets a meridian at most
    /// twice, so each side is one simple ring.
    private static func clip(_ ring: [(x: Double, y: Double)], at edge: Double, keepBelow: Bool) -> [(x: Double, y: Double)] {
        func keeps(_ x: Double) -> Bool { keepBelow ? x <= edge : x >= edge }
        var output: [(x: Double, y: Double)] = []
        for index in ring.indices {
            let current = ring[index], next = ring[(index + 1) % ring.count]
            if keeps(current.x) { output.append(current) }
            if keeps(current.x) != keeps(next.x) {
                let t = (edge - current.x) / (next.x - current.x)
                output.append((edge, current.y + t * (next.y - current.y)))
            }
        }
        return output
    }

    /// A circle round a pole: cut where it crosses ±180 and closed along that meridian and the pole.
    private static func aroundPole(_ points: [Position], north: Bool) -> Geometry {
        let count = points.count
        // Put the points in order of increasing longitude.
        var ordered = points
        let increasing = (0..<count).reduce(0.0) { sum, index in
            sum + wrapped(points[(index + 1) % count].longitude - points[index].longitude)
        } > 0
        if !increasing { ordered.reverse() }
        // Start just after the step that wraps from +180 to -180.
        let start = (0..<count).first { index in
            ordered[(index + 1) % count].longitude < ordered[index].longitude
        }.map { ($0 + 1) % count } ?? 0
        let sequence = (0..<count).map { ordered[(start + $0) % count] }
        let last = sequence[count - 1], first = sequence[0]
        // Latitude where the step from `last` (east) to `first` (west) crosses ±180.
        let span = (180 - last.longitude) + (first.longitude + 180)
        let t = span > 0 ? (180 - last.longitude) / span : 0
        let crossing = last.latitude + t * (first.latitude - last.latitude)
        let pole: Double = north ? 90 : -90
        var positions = [Position(uncheckedLongitude: -180, latitude: crossing)]
        positions += sequence
        positions += [
            Position(uncheckedLongitude: 180, latitude: crossing),
            Position(uncheckedLongitude: 180, latitude: pole),
            Position(uncheckedLongitude: -180, latitude: pole),
            Position(uncheckedLongitude: -180, latitude: crossing),
        ]
        return .polygon(Polygon([LinearRing(unchecked: positions)]).rewoundToRightHandRule)
    }
}
