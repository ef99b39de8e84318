import MapGeometry

/// A coordinate exactly as a client sent it: nothing is checked, so NaN, a latitude of 95
/// or a swapped pair can be held and reported instead of refused.
public struct DrawnPosition: Hashable, Sendable, CustomStringConvertible {
    /// Longitude in degrees as sent (x for planar data).
    public var longitude: Double
    /// Latitude in degrees as sent (y for planar data).
    public var latitude: Double
    /// Altitude in metres, when the client sent one.
    public var altitude: Double?

    /// A position from raw numbers; nothing is checked.
    public init(_ longitude: Double, _ latitude: Double, altitude: Double? = nil) {
        self.longitude = longitude
        self.latitude = latitude
        self.altitude = altitude
    }

    /// The same coordinates as a checked position.
    public init(_ position: Position) {
        self.init(position.longitude, position.latitude, altitude: position.altitude)
    }

    /// True when both horizontal coordinates are finite numbers.
    public var isFinite: Bool { longitude.isFinite && latitude.isFinite && (altitude?.isFinite ?? true) }

    /// True when both horizontal coordinates are equal (altitude ignored), as GEOS compares.
    @inlinable
    public func sameLocation(as other: DrawnPosition) -> Bool {
        longitude == other.longitude && latitude == other.latitude
    }

    /// The position value; only for coordinates the structure check has accepted.
    var position: Position { Position(uncheckedLongitude: longitude, latitude: latitude, altitude: altitude) }

    public var description: String { "[\(longitude),\(latitude)]" }
}

/// A geometry as the user drew it, before any rule is applied: a ring may be unclosed,
/// a line may have one vertex, a coordinate may be NaN.
///
/// The cases mirror GeoJSON's `coordinates` nesting (a polygon is an array of rings, each an
/// array of positions; a multipolygon an array of those), so any client can send what it has.
/// ``EditValidator`` says what is wrong with it; ``GeometryRepairer`` turns it into a
/// `Geometry` value where that is possible.
public indirect enum DrawnGeometry: Hashable, Sendable {
    case point(DrawnPosition)
    case multiPoint([DrawnPosition])
    case lineString([DrawnPosition])
    case multiLineString([[DrawnPosition]])
    case polygon([[DrawnPosition]])
    case multiPolygon([[[DrawnPosition]]])
    case geometryCollection([DrawnGeometry])

    /// The same shape as a checked value: every value is a valid drawing structurally.
    public init(_ geometry: Geometry) {
        func line(_ positions: [Position]) -> [DrawnPosition] { positions.map(DrawnPosition.init) }
        func polygon(_ polygon: Polygon) -> [[DrawnPosition]] { polygon.rings.map { line($0.positions) } }
        switch geometry {
        case let .point(position): self = .point(DrawnPosition(position))
        case let .multiPoint(multi): self = .multiPoint(line(multi.positions))
        case let .lineString(value): self = .lineString(line(value.positions))
        case let .multiLineString(multi): self = .multiLineString(multi.lineStrings.map { line($0.positions) })
        case let .polygon(value): self = .polygon(polygon(value))
        case let .multiPolygon(multi): self = .multiPolygon(multi.polygons.map(polygon))
        case let .geometryCollection(members): self = .geometryCollection(members.map(DrawnGeometry.init))
        }
    }

    /// The GeoJSON `type` name.
    public var typeName: String {
        switch self {
        case .point: "Point"
        case .multiPoint: "MultiPoint"
        case .lineString: "LineString"
        case .multiLineString: "MultiLineString"
        case .polygon: "Polygon"
        case .multiPolygon: "MultiPolygon"
        case .geometryCollection: "GeometryCollection"
        }
    }

    /// The number of positions, closing positions of rings included.
    public var positionCount: Int {
        switch self {
        case .point: 1
        case let .multiPoint(points): points.count
        case let .lineString(line): line.count
        case let .multiLineString(lines): lines.reduce(0) { $0 + $1.count }
        case let .polygon(rings): rings.reduce(0) { $0 + $1.count }
        case let .multiPolygon(polygons): polygons.reduce(0) { $0 + $1.reduce(0) { $0 + $1.count } }
        case let .geometryCollection(members): members.reduce(0) { $0 + $1.positionCount }
        }
    }

    /// The geometry value with the same coordinates, for drawings whose structure has been
    /// checked (finite coordinates, closed rings of four or more positions, lines of two or more).
    /// Coordinates are not range-checked here: the caller's ``CoordinateDomain`` decides that.
    func uncheckedGeometry() -> Geometry {
        func line(_ positions: [DrawnPosition]) -> [Position] { positions.map(\.position) }
        func polygon(_ rings: [[DrawnPosition]]) -> MapGeometry.Polygon {
            MapGeometry.Polygon(rings.map { LinearRing(unchecked: line($0)) })
        }
        switch self {
        case let .point(position): return .point(position.position)
        case let .multiPoint(points): return .multiPoint(MultiPoint(line(points)))
        case let .lineString(positions): return .lineString(LineString(unchecked: line(positions)))
        case let .multiLineString(lines):
            return .multiLineString(MultiLineString(lines.map { LineString(unchecked: line($0)) }))
        case let .polygon(rings): return .polygon(polygon(rings))
        case let .multiPolygon(polygons): return .multiPolygon(MultiPolygon(polygons.map(polygon)))
        case let .geometryCollection(members): return .geometryCollection(members.map { $0.uncheckedGeometry() })
        }
    }
}
