/// A polygon: an exterior ring and zero or more holes, or no ring at all (the empty polygon).
public struct Polygon: Hashable, Sendable {
    /// Exterior first, then holes.
    public let rings: [LinearRing]

    public init(_ rings: [LinearRing]) { self.rings = rings }

    /// Builds each ring from positions, reporting the ring index of a bad one.
    public init(_ rings: [[Position]]) throws(GeometryError) {
        var built: [LinearRing] = []
        built.reserveCapacity(rings.count)
        for (index, ring) in rings.enumerated() {
            do { built.append(try LinearRing(ring)) } catch { throw error.nested(in: index) }
        }
        self.rings = built
    }

    public var exterior: LinearRing? { rings.first }
    public var holes: ArraySlice<LinearRing> { rings.dropFirst() }
    public var isEmpty: Bool { rings.isEmpty }

    /// The polygon with its exterior counterclockwise and its holes clockwise (RFC 7946 §3.1.6).
    public var rewoundToRightHandRule: Polygon {
        Polygon(rings.enumerated().map { index, ring in
            (index == 0) == ring.isCounterclockwise ? ring : ring.reversed
        })
    }
}
