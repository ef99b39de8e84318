/// Which coordinate values a position accepts.
public enum CoordinateDomain: Hashable, Sendable {
    /// WGS84 longitude in -180...180 and latitude in -90...90 (RFC 7946).
    case geographic
    /// WGS84 latitude in -90...90, any finite longitude: data unwrapped across ±180.
    case unwrappedGeographic
    /// Any finite numbers: projected or planar coordinates.
    case planar
}

/// A position: longitude, latitude and an optional altitude, in that order (RFC 7946).
///
/// A position with a non-finite number, or outside the ranges of its
/// ``CoordinateDomain``, cannot be constructed.
public struct Position: Hashable, Sendable, CustomStringConvertible {
    /// Longitude in degrees (x in a planar domain).
    public let longitude: Double
    /// Latitude in degrees (y in a planar domain).
    public let latitude: Double
    /// Altitude in metres above the WGS84 ellipsoid, when the source gave one.
    public let altitude: Double?

    /// Creates a position, checking it against `domain`.
    /// - Throws: ``GeometryError`` naming the offending value.
    public init(
        longitude: Double, latitude: Double, altitude: Double? = nil,
        domain: CoordinateDomain = .geographic
    ) throws(GeometryError) {
        guard longitude.isFinite else {
            throw GeometryError(.nonFiniteCoordinate(axis: "longitude", value: longitude))
        }
        guard latitude.isFinite else {
            throw GeometryError(.nonFiniteCoordinate(axis: "latitude", value: latitude))
        }
        if let altitude, !altitude.isFinite {
            throw GeometryError(.nonFiniteCoordinate(axis: "altitude", value: altitude))
        }
        if domain != .planar, !(-90...90).contains(latitude) {
            throw GeometryError(.latitudeOutOfRange(latitude))
        }
        if domain == .geographic, !(-180...180).contains(longitude) {
            throw GeometryError(.longitudeOutOfRange(longitude))
        }
        self.init(uncheckedLongitude: longitude, latitude: latitude, altitude: altitude)
    }

    /// Shorthand for a 2D geographic position.
    public init(_ longitude: Double, _ latitude: Double) throws(GeometryError) {
        try self.init(longitude: longitude, latitude: latitude)
    }

    /// For code that has already checked the numbers (parsers, GEOS and PROJ output).
    @inlinable
    package init(uncheckedLongitude longitude: Double, latitude: Double, altitude: Double? = nil) {
        self.longitude = longitude
        self.latitude = latitude
        self.altitude = altitude
    }

    /// True when both horizontal coordinates are equal; altitude is ignored.
    @inlinable
    public func sameLocation(as other: Position) -> Bool {
        longitude == other.longitude && latitude == other.latitude
    }

    public var description: String {
        if let altitude { return "[\(longitude),\(latitude),\(altitude)]" }
        return "[\(longitude),\(latitude)]"
    }
}
