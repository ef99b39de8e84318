/// A longitude/latitude box. When `west > east` it crosses the antimeridian (RFC 7946 §5.2).
public struct BoundingBox: Hashable, Sendable, CustomStringConvertible {
    public let west: Double
    public let south: Double
    public let east: Double
    public let north: Double

    /// - Throws: ``GeometryError`` for non-finite values, values out of range, or south > north.
    public init(west: Double, south: Double, east: Double, north: Double) throws(GeometryError) {
        for (axis, value) in [("west", west), ("south", south), ("east", east), ("north", north)]
        where !value.isFinite {
            throw GeometryError(.nonFiniteCoordinate(axis: axis, value: value))
        }
        for latitude in [south, north] where !(-90...90).contains(latitude) {
            throw GeometryError(.latitudeOutOfRange(latitude))
        }
        for longitude in [west, east] where !(-180...180).contains(longitude) {
            throw GeometryError(.longitudeOutOfRange(longitude))
        }
        guard south <= north else { throw GeometryError(.southNorthOfNorth(south: south, north: north)) }
        self.init(unchecked: west, south, east, north)
    }

    package init(unchecked west: Double, _ south: Double, _ east: Double, _ north: Double) {
        self.west = west
        self.south = south
        self.east = east
        self.north = north
    }

    /// The whole world.
    public static let world = BoundingBox(unchecked: -180, -90, 180, 90)

    /// True when the box crosses ±180 (west edge east of the east edge).
    public var crossesAntimeridian: Bool { west > east }

    /// Longitude extent in degrees, 0...360.
    public var longitudeSpan: Double { crossesAntimeridian ? east - west + 360 : east - west }

    /// Latitude extent in degrees.
    public var latitudeSpan: Double { north - south }

    /// True when `position` lies inside or on the edge.
    public func contains(_ position: Position) -> Bool {
        guard position.latitude >= south, position.latitude <= north else { return false }
        return containsLongitude(position.longitude)
    }

    /// True when the longitude falls within the box's longitude interval.
    public func containsLongitude(_ longitude: Double) -> Bool {
        crossesAntimeridian
            ? longitude >= west || longitude <= east
            : longitude >= west && longitude <= east
    }

    /// True when the two boxes share a point (either may cross the antimeridian).
    public func intersects(_ other: BoundingBox) -> Bool {
        guard south <= other.north, other.south <= north else { return false }
        func intervals(_ box: BoundingBox) -> [(Double, Double)] {
            box.crossesAntimeridian ? [(box.west, 180), (-180, box.east)] : [(box.west, box.east)]
        }
        for (w1, e1) in intervals(self) { for (w2, e2) in intervals(other) where w1 <= e2 && w2 <= e1 { return true } }
        return false
    }

    /// `[west, south, east, north]`, the GeoJSON `bbox` order.
    public var array: [Double] { [west, south, east, north] }

    public var description: String { "[\(west),\(south),\(east),\(north)]" }
}
