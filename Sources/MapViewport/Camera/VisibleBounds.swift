import MapGeometry

/// The area a camera shows. Longitudes are not wrapped: `west < east` always, they may lie
/// beyond ±180 when the view crosses the antimeridian, and `east − west` exceeds 360 when the
/// viewport is wider than the world (Leaflet's `getBounds()` and geo-viewport's `bounds()`
/// report the same numbers). ``boundingBox`` gives the RFC 7946 form.
///
/// Latitudes beyond ±85.0511° appear when the view reaches past the top or bottom of the
/// Mercator square; they stay below ±90.
public struct VisibleBounds: Hashable, Sendable {
    /// Western edge, unwrapped (may be below −180).
    public let west: Double
    /// Southern edge in degrees.
    public let south: Double
    /// Eastern edge, unwrapped (may be above 180); always greater than ``west``.
    public let east: Double
    /// Northern edge in degrees.
    public let north: Double

    public init(west: Double, south: Double, east: Double, north: Double) {
        self.west = west
        self.south = south
        self.east = east
        self.north = north
    }

    /// Degrees of longitude across the view.
    public var longitudeSpan: Double { east - west }

    /// True when the view shows the whole world's width (and more).
    public var isWiderThanWorld: Bool { longitudeSpan >= 360 }

    /// The RFC 7946 box: longitudes in −180...180, `west > east` when the view crosses ±180,
    /// −180...180 when it is wider than the world.
    public var boundingBox: BoundingBox {
        guard !isWiderThanWorld else { return BoundingBox(unchecked: -180, south, 180, north) }
        return BoundingBox(unchecked: Self.wrapped(west, keeping: -180), south, Self.wrapped(east, keeping: 180), north)
    }

    /// `[west, south, east, north]` of ``boundingBox``.
    public var array: [Double] { boundingBox.array }

    /// The visible area as RFC 7946 geometry: a polygon (counterclockwise), or two polygons
    /// split at ±180 when the view crosses the antimeridian (RFC 7946 §3.1.9); the whole
    /// world's width when the view is wider than the world.
    public var geometry: Geometry {
        let box = boundingBox
        func rectangle(_ west: Double, _ east: Double) -> Polygon {
            let corners = [(west, box.south), (east, box.south), (east, box.north), (west, box.north), (west, box.south)]
            return Polygon([LinearRing(unchecked: corners.map { Position(uncheckedLongitude: $0.0, latitude: $0.1) })])
        }
        guard box.crossesAntimeridian else { return .polygon(rectangle(box.west, box.east)) }
        return .multiPolygon(MultiPolygon([rectangle(box.west, 180), rectangle(-180, box.east)]))
    }

    /// A longitude moved into −180...180; `edge` (±180) is kept as is, its twin is moved.
    private static func wrapped(_ longitude: Double, keeping edge: Double) -> Double {
        var value = longitude.truncatingRemainder(dividingBy: 360)
        if value < -180 || (value == -180 && edge == 180) { value += 360 }
        if value > 180 || (value == 180 && edge == -180) { value -= 360 }
        return value
    }
}
