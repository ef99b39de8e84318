import MapGeometry

/// The figures an edit panel shows for a geometry, geodesic on WGS84 (through PROJ).
///
/// `length` covers the lines (LineString, MultiLineString), `perimeter` the polygon rings
/// (holes included) and `area` the polygons (holes removed); each is 0 for geometry that has none.
public struct EditMeasures: Hashable, Sendable {
    /// Length of the lines in metres.
    public var length: Double
    /// Area of the polygons in square metres.
    public var area: Double
    /// Length of the polygons' rings in metres.
    public var perimeter: Double
    /// True when the geometry has a line (so `length` is meaningful).
    public var hasLength: Bool
    /// True when the geometry has a polygon (so `area` and `perimeter` are meaningful).
    public var hasArea: Bool

    public init(_ geometry: Geometry) {
        length = 0; area = 0; perimeter = 0; hasLength = false; hasArea = false
        add(geometry)
    }

    private mutating func add(_ geometry: Geometry) {
        switch geometry {
        case .point, .multiPoint:
            break
        case .lineString, .multiLineString:
            hasLength = true
            length += Geodesic.length(of: geometry)
        case .polygon, .multiPolygon:
            hasArea = true
            area += Geodesic.area(of: geometry)
            perimeter += Geodesic.length(of: geometry)
        case let .geometryCollection(members):
            for member in members { add(member) }
        }
    }

    /// The length in `unit`.
    public func length(in unit: LengthUnit) -> Double { unit.fromMetres(length) }
    /// The perimeter in `unit`.
    public func perimeter(in unit: LengthUnit) -> Double { unit.fromMetres(perimeter) }
    /// The area in `unit`.
    public func area(in unit: AreaUnit) -> Double { unit.fromSquareMetres(area) }
}
