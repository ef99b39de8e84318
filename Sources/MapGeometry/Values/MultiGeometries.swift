/// Several points.
public struct MultiPoint: Hashable, Sendable {
    public let positions: [Position]
    public init(_ positions: [Position]) { self.positions = positions }
}

/// Several polylines.
public struct MultiLineString: Hashable, Sendable {
    public let lineStrings: [LineString]
    public init(_ lineStrings: [LineString]) { self.lineStrings = lineStrings }

    /// Builds each line from positions, reporting the index of a bad one.
    public init(_ lines: [[Position]]) throws(GeometryError) {
        var built: [LineString] = []
        built.reserveCapacity(lines.count)
        for (index, line) in lines.enumerated() {
            do { built.append(try LineString(line)) } catch { throw error.nested(in: index) }
        }
        lineStrings = built
    }
}

/// Several polygons.
public struct MultiPolygon: Hashable, Sendable {
    public let polygons: [Polygon]
    public init(_ polygons: [Polygon]) { self.polygons = polygons }

    /// Builds each polygon from rings of positions, reporting the index of a bad one.
    public init(_ polygons: [[[Position]]]) throws(GeometryError) {
        var built: [Polygon] = []
        built.reserveCapacity(polygons.count)
        for (index, polygon) in polygons.enumerated() {
            do { built.append(try Polygon(polygon)) } catch { throw error.nested(in: index) }
        }
        self.polygons = built
    }
}
