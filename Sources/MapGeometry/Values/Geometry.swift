/// Any of the seven GeoJSON geometry types.
public enum Geometry: Hashable, Sendable {
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

extension Geometry {
    /// The same geometry with every position replaced by `transform(position)`, in document order.
    public func mapPositions<Failure: Error>(
        _ transform: (Position) throws(Failure) -> Position
    ) throws(Failure) -> Geometry {
        func line(_ positions: [Position]) throws(Failure) -> [Position] {
            var mapped: [Position] = []
            mapped.reserveCapacity(positions.count)
            for position in positions { mapped.append(try transform(position)) }
            return mapped
        }
        func polygon(_ polygon: Polygon) throws(Failure) -> Polygon {
            var rings: [LinearRing] = []
            for ring in polygon.rings { rings.append(LinearRing(unchecked: try line(ring.positions))) }
            return Polygon(rings)
        }
        switch self {
        case let .point(position):
            return .point(try transform(position))
        case let .multiPoint(multi):
            return .multiPoint(MultiPoint(try line(multi.positions)))
        case let .lineString(lineString):
            return .lineString(LineString(unchecked: try line(lineString.positions)))
        case let .multiLineString(multi):
            var lines: [LineString] = []
            for lineString in multi.lineStrings { lines.append(LineString(unchecked: try line(lineString.positions))) }
            return .multiLineString(MultiLineString(lines))
        case let .polygon(value):
            return .polygon(try polygon(value))
        case let .multiPolygon(multi):
            var polygons: [Polygon] = []
            for value in multi.polygons { polygons.append(try polygon(value)) }
            return .multiPolygon(MultiPolygon(polygons))
        case let .geometryCollection(geometries):
            var mapped: [Geometry] = []
            for geometry in geometries { mapped.append(try geometry.mapPositions(transform)) }
            return .geometryCollection(mapped)
        }
    }
}
