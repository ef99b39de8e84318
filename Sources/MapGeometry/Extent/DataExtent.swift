/// Collects geometries and positions and answers their smallest bounding box: the
/// smallest longitude interval (crossing ±180 when that is smaller, see
/// ``LongitudeCoverage``) and the latitude range.
///
/// Latitudes are kept as given (up to ±90); the camera fit clamps them to the
/// Web Mercator square, see `CameraFit` (in MapViewport).
public struct DataExtent: Sendable {
    private var longitudes = LongitudeCoverage()
    /// Southernmost latitude seen so far (+∞ while empty).
    public private(set) var south = Double.infinity
    /// Northernmost latitude seen so far (−∞ while empty).
    public private(set) var north = -Double.infinity
    /// Number of positions added.
    public private(set) var positionCount = 0

    public init() {}

    /// Extent of `geometries` (features without geometry are simply not passed in).
    @inlinable  // specialised for the caller's sequence type: no generic iteration per element
    public init(_ geometries: some Sequence<Geometry>) {
        self.init()
        reserveCapacity(geometries.underestimatedCount)
        for geometry in geometries { add(geometry) }
    }

    /// Extent of marker positions.
    @inlinable
    public init(positions: some Sequence<Position>) {
        self.init()
        reserveCapacity(positions.underestimatedCount)
        for position in positions { add(position) }
    }

    /// Extent of marker positions held in an array (one call into the module for all of them).
    public init(positions: [Position]) {
        self.init()
        reserveCapacity(positions.count)
        add(points: positions)
    }

    /// Extent of an array of geometries (one call into the module for all of them).
    public init(_ geometries: [Geometry]) {
        self.init()
        reserveCapacity(geometries.count)
        for index in geometries.indices {
            // Markers first: reading a point's position in place skips copying the geometry.
            if case let .point(position) = geometries[index] { add(position) } else { add(geometries[index]) }
        }
    }

    /// Reserves room for about `count` points or paths.
    public mutating func reserveCapacity(_ count: Int) {
        longitudes.reserveCapacity(count)
    }

    /// True while no position has been added.
    public var isEmpty: Bool { positionCount == 0 }

    /// Adds one point.
    public mutating func add(_ position: Position) {
        longitudes.add(longitude: position.longitude)
        addLatitude(position.latitude)
        positionCount += 1
    }

    /// Adds many points.
    public mutating func add(points positions: [Position]) {
        for position in positions {
            longitudes.add(longitude: position.longitude)
            addLatitude(position.latitude)
        }
        positionCount += positions.count
    }

    /// Adds a continuous path (polyline or ring): its longitudes as written, see ``LongitudeCoverage``.
    public mutating func add(path positions: [Position]) {
        guard !positions.isEmpty else { return }
        longitudes.add(path: positions)
        for position in positions { addLatitude(position.latitude) }
        positionCount += positions.count
    }

    /// Adds every position of a geometry; lines and rings count as paths.
    public mutating func add(_ geometry: borrowing Geometry) {
        switch geometry {
        case let .point(position): add(position)
        case let .multiPoint(multi): add(points: multi.positions)
        case let .lineString(line): add(path: line.positions)
        case let .multiLineString(multi): for line in multi.lineStrings { add(path: line.positions) }
        case let .polygon(polygon): for ring in polygon.rings { add(path: ring.positions) }
        case let .multiPolygon(multi):
            for polygon in multi.polygons {
                for ring in polygon.rings { add(path: ring.positions) }
            }
        case let .geometryCollection(members): for member in members { add(member) }
        }
    }

    /// The smallest box containing everything added (`west > east` when it crosses ±180),
    /// or nil when nothing was added.
    public var bounds: BoundingBox? {
        guard let interval = longitudes.smallestInterval() else { return nil }
        return BoundingBox(unchecked: interval.west, south, interval.east, north)
    }

    private mutating func addLatitude(_ latitude: Double) {
        south = min(south, latitude)
        north = max(north, latitude)
    }
}

extension BoundingBox {
    /// The smallest box containing all `geometries`, crossing the antimeridian when that is
    /// smaller (Fiji, the Aleutians, Chukotka); nil when they hold no position.
    public static func smallest(containing geometries: some Sequence<Geometry>) -> BoundingBox? {
        DataExtent(geometries).bounds
    }
}
