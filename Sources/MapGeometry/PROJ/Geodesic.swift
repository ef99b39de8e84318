internal import CPROJ

/// Geodesic measures on the WGS84 ellipsoid, through PROJ's `geod_*` functions
/// (Karney's algorithms: accurate to nanometres, correct across ±180 and at the poles).
///
/// Distances are in metres, areas in square metres, azimuths in degrees clockwise from north.
public enum Geodesic {
    /// The WGS84 ellipsoid, initialised once and only read afterwards, so every thread may share it.
    nonisolated(unsafe) private static let wgs84: UnsafeMutablePointer<geod_geodesic> = {
        let ellipsoid = UnsafeMutablePointer<geod_geodesic>.allocate(capacity: 1)
        geod_init(ellipsoid, WGS84.semiMajorAxis, WGS84.flattening)
        return ellipsoid
    }()

    /// The shortest path between two positions: its length and the azimuths at both ends.
    public struct InverseSolution: Hashable, Sendable {
        /// Length of the geodesic in metres.
        public let distance: Double
        /// Azimuth at the start, degrees clockwise from north (-180...180).
        public let initialAzimuth: Double
        /// Azimuth at the end, in the direction of travel.
        public let finalAzimuth: Double
    }

    /// Solves the inverse problem: distance and azimuths from `start` to `end`.
    public static func inverse(from start: Position, to end: Position) -> InverseSolution {
        var distance = 0.0, azimuth1 = 0.0, azimuth2 = 0.0
        geod_inverse(
            wgs84, start.latitude, start.longitude, end.latitude, end.longitude,
            &distance, &azimuth1, &azimuth2)
        return InverseSolution(distance: distance, initialAzimuth: azimuth1, finalAzimuth: azimuth2)
    }

    /// The geodesic distance in metres between two positions.
    @inlinable
    public static func distance(from start: Position, to end: Position) -> Double {
        distance(
            fromLongitude: start.longitude, latitude: start.latitude,
            toLongitude: end.longitude, latitude: end.latitude)
    }

    /// The geodesic distance in metres between two longitude/latitude pairs.
    public static func distance(
        fromLongitude longitude1: Double, latitude latitude1: Double,
        toLongitude longitude2: Double, latitude latitude2: Double
    ) -> Double {
        var distance = 0.0
        geod_inverse(wgs84, latitude1, longitude1, latitude2, longitude2, &distance, nil, nil)
        return distance
    }

    /// The position reached by travelling `distance` metres from `start` along `azimuth` degrees.
    /// The longitude is wrapped into -180...180.
    public static func destination(from start: Position, azimuth: Double, distance: Double) -> Position {
        var latitude = 0.0, longitude = 0.0
        geod_direct(wgs84, start.latitude, start.longitude, azimuth, distance, &latitude, &longitude, nil)
        return Position(uncheckedLongitude: longitude, latitude: latitude)
    }

    /// The length of a polyline in metres (the sum of its geodesic segments).
    public static func length(of line: LineString) -> Double {
        length(of: line.positions)
    }

    /// The length in metres of the path through `positions`.
    public static func length(of positions: [Position]) -> Double {
        guard positions.count > 1 else { return 0 }
        var total = 0.0
        var previous = positions[0]
        for index in 1..<positions.count {
            let current = positions[index]
            var segment = 0.0
            geod_inverse(
                wgs84, previous.latitude, previous.longitude, current.latitude, current.longitude,
                &segment, nil, nil)
            total += segment
            previous = current
        }
        return total
    }

    /// Signed area (counterclockwise positive) and perimeter of one ring.
    ///
    /// The signed form keeps the smaller of the two regions a ring bounds, so a ring drawn
    /// the "wrong" way round still measures what the user drew; a ring around a pole
    /// measures the polar cap.
    public static func signedAreaAndPerimeter(of ring: LinearRing) -> (area: Double, perimeter: Double) {
        var polygon = geod_polygon()
        geod_polygon_init(&polygon, 0)
        // The closing position repeats the first; geod closes the ring itself.
        for position in ring.positions.dropLast() {
            geod_polygon_addpoint(wgs84, &polygon, position.latitude, position.longitude)
        }
        var area = 0.0, perimeter = 0.0
        geod_polygon_compute(wgs84, &polygon, 0, 1, &area, &perimeter)
        return (area, perimeter)
    }

    /// The area of a polygon in square metres: the exterior less its holes, whatever their winding.
    public static func area(of polygon: Polygon) -> Double {
        var total = 0.0
        for (index, ring) in polygon.rings.enumerated() {
            let ringArea = abs(signedAreaAndPerimeter(of: ring).area)
            total += index == 0 ? ringArea : -ringArea
        }
        return total
    }

    /// The perimeter of a polygon in metres: the length of all its rings.
    public static func perimeter(of polygon: Polygon) -> Double {
        polygon.rings.reduce(0) { $0 + signedAreaAndPerimeter(of: $1).perimeter }
    }

    /// The length in metres of every line in a geometry (polygons count their rings).
    public static func length(of geometry: Geometry) -> Double {
        switch geometry {
        case .point, .multiPoint: 0
        case let .lineString(line): length(of: line)
        case let .multiLineString(multi): multi.lineStrings.reduce(0) { $0 + length(of: $1) }
        case let .polygon(polygon): perimeter(of: polygon)
        case let .multiPolygon(multi): multi.polygons.reduce(0) { $0 + perimeter(of: $1) }
        case let .geometryCollection(geometries): geometries.reduce(0) { $0 + length(of: $1) }
        }
    }

    /// The area in square metres of every polygon in a geometry (points and lines have none).
    public static func area(of geometry: Geometry) -> Double {
        switch geometry {
        case .point, .multiPoint, .lineString, .multiLineString: 0
        case let .polygon(polygon): area(of: polygon)
        case let .multiPolygon(multi): multi.polygons.reduce(0) { $0 + area(of: $1) }
        case let .geometryCollection(geometries): geometries.reduce(0) { $0 + area(of: $1) }
        }
    }
}
