/// Any of the seven GeoJSON geometry types.
public indirect enum Geometry: Hashable, Sendable {
    case point(Position)
    case multiPoint(MultiPoint)
    case lineString(LineString)
    case multiLineString(MultiLineString)
    case polygon(Polygon)
    case multiPolygon(MultiPolygon)
    case geometryCollection([Geometry])

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

    /// True when the geometry holds no position at all.
    public var isEmpty: Bool {
        var empty = true
        forEachPosition { _ in empty = false }
        return empty
    }

    /// Calls `body` for every position, in document order.
    public func forEachPosition(_ body: (Position) -> Void) {
        switch self {
        case let .point(position): body(position)
        case let .multiPoint(multi): multi.positions.forEach(body)
        case let .lineString(line): line.positions.forEach(body)
        case let .multiLineString(multi):
            for line in multi.lineStrings { line.positions.forEach(body) }
        case let .polygon(polygon):
            for ring in polygon.rings { ring.positions.forEach(body) }
        case let .multiPolygon(multi):
            for polygon in multi.polygons {
                for ring in polygon.rings { ring.positions.forEach(body) }
            }
        case let .geometryCollection(geometries):
            for geometry in geometries { geometry.forEachPosition(body) }
        }
    }

    /// The number of positions.
    public var positionCount: Int {
        var count = 0
        forEachPosition { _ in count += 1 }
        return count
    }
}
