/// A polyline: two or more positions, or none (the empty line).
public struct LineString: Hashable, Sendable {
    public let positions: [Position]

    /// - Throws: ``GeometryError/Reason/tooFewPositions(minimum:found:)`` for a single position.
    public init(_ positions: [Position]) throws(GeometryError) {
        if positions.count == 1 {
            throw GeometryError(.tooFewPositions(minimum: 2, found: 1))
        }
        self.positions = positions
    }

    package init(unchecked positions: [Position]) { self.positions = positions }

    public var isEmpty: Bool { positions.isEmpty }
}

/// A closed ring of a polygon: at least four positions, the last equal to the first.
public struct LinearRing: Hashable, Sendable {
    public let positions: [Position]

    /// - Throws: ``GeometryError`` when the ring has fewer than 4 positions or is not closed.
    public init(_ positions: [Position]) throws(GeometryError) {
        guard positions.count >= 4 else {
            throw GeometryError(.tooFewPositions(minimum: 4, found: positions.count))
        }
        let first = positions[0], last = positions[positions.count - 1]
        guard first.sameLocation(as: last) else {
            throw GeometryError(.ringNotClosed(first: first, last: last))
        }
        self.positions = positions
    }

    package init(unchecked positions: [Position]) { self.positions = positions }

    /// Twice the signed planar area in degrees² (shoelace); positive when counterclockwise.
    public var signedDoubleArea: Double {
        var sum = 0.0
        var previous = positions[0]
        for current in positions.dropFirst() {
            sum += (previous.longitude - current.longitude) * (previous.latitude + current.latitude)
            previous = current
        }
        return sum
    }

    /// Counterclockwise in lon/lat, as RFC 7946 wants for exterior rings.
    public var isCounterclockwise: Bool { signedDoubleArea > 0 }

    /// The same ring traversed the other way.
    public var reversed: LinearRing { LinearRing(unchecked: positions.reversed()) }
}
