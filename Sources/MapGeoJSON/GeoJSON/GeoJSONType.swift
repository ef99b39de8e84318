#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import MapGeometry

/// The nine `type` names of RFC 7946.
enum GeoJSONType: Equatable {
    case featureCollection, feature
    case point, multiPoint, lineString, multiLineString, polygon, multiPolygon, geometryCollection

    static let all: [(StaticString, GeoJSONType)] = [
        ("Feature", .feature), ("Point", .point), ("Polygon", .polygon), ("LineString", .lineString),
        ("MultiPolygon", .multiPolygon), ("FeatureCollection", .featureCollection), ("MultiPoint", .multiPoint),
        ("MultiLineString", .multiLineString), ("GeometryCollection", .geometryCollection),
    ]

    /// Matches the raw bytes of a type name (length first, then the bytes).
    @inline(__always)
    init?(_ bytes: UnsafeRawBufferPointer) {
        func equals(_ name: StaticString) -> Bool {
            memcmp(bytes.baseAddress!, name.utf8Start, bytes.count) == 0
        }
        switch bytes.count {
        case 5: if equals("Point") { self = .point; return }
        case 7:
            if equals("Feature") { self = .feature; return }
            if equals("Polygon") { self = .polygon; return }
        case 10:
            if equals("LineString") { self = .lineString; return }
            if equals("MultiPoint") { self = .multiPoint; return }
        case 12: if equals("MultiPolygon") { self = .multiPolygon; return }
        case 15: if equals("MultiLineString") { self = .multiLineString; return }
        case 17: if equals("FeatureCollection") { self = .featureCollection; return }
        case 18: if equals("GeometryCollection") { self = .geometryCollection; return }
        default: break
        }
        return nil
    }

    var name: String {
        switch self {
        case .featureCollection: "FeatureCollection"
        case .feature: "Feature"
        case .point: "Point"
        case .multiPoint: "MultiPoint"
        case .lineString: "LineString"
        case .multiLineString: "MultiLineString"
        case .polygon: "Polygon"
        case .multiPolygon: "MultiPolygon"
        case .geometryCollection: "GeometryCollection"
        }
    }

    var isGeometry: Bool { self != .feature && self != .featureCollection }

    /// How deeply the `coordinates` array nests down to the numbers (Point 1 … MultiPolygon 4).
    var coordinateDepth: Int {
        switch self {
        case .point: 1
        case .multiPoint, .lineString: 2
        case .multiLineString, .polygon: 3
        case .multiPolygon: 4
        default: 0
        }
    }

    /// What `coordinates` should look like, for error messages.
    var coordinatesShape: String {
        switch self {
        case .point: "a position [longitude, latitude]"
        case .multiPoint: "an array of positions [[lon, lat], …]"
        case .lineString: "an array of 2 or more positions [[lon, lat], …]"
        case .multiLineString: "an array of lines [[[lon, lat], …], …]"
        case .polygon: "an array of rings [[[lon, lat], …], …]"
        case .multiPolygon: "an array of polygons [[[[lon, lat], …], …], …]"
        default: "no coordinates"
        }
    }
}
