import Foundation
import MapGeometry

/// Feature collections from ../shared/data read with JSONSerialization, for the query tests
/// (tests only: the engine's own GeoJSON reader is not used here so these tests stand alone).
struct FixtureFeatures {
    var geometries: [Geometry?] = []
    var properties: [[String: Any]] = []

    /// Loaded once per file and kept, since several tests use the same data.
    nonisolated(unsafe) private static var cache: [String: FixtureFeatures] = [:]
    private static let lock = NSLock()

    static func load(_ relativePath: String) throws -> FixtureFeatures {
        lock.lock()
        defer { lock.unlock() }
        if let cached = cache[relativePath] { return cached }
        let data = try Data(contentsOf: SharedData.url(relativePath))
        let root = try JSONSerialization.jsonObject(with: data) as! [String: Any]
        var result = FixtureFeatures()
        for feature in root["features"] as! [[String: Any]] {
            result.geometries.append(try (feature["geometry"] as? [String: Any]).map(geometry))
            result.properties.append(feature["properties"] as? [String: Any] ?? [:])
        }
        cache[relativePath] = result
        return result
    }

    func string(_ key: String, _ item: Int) -> String? { properties[item][key] as? String }

    private static func position(_ value: Any) throws -> Position {
        let numbers = value as! [NSNumber]
        return try Position(numbers[0].doubleValue, numbers[1].doubleValue)
    }

    private static func positions(_ value: Any) throws -> [Position] {
        try (value as! [Any]).map(position)
    }

    private static func rings(_ value: Any) throws -> [[Position]] {
        try (value as! [Any]).map(positions)
    }

    static func geometry(_ object: [String: Any]) throws -> Geometry {
        let coordinates = object["coordinates"] as Any
        switch object["type"] as! String {
        case "Point": return .point(try position(coordinates))
        case "MultiPoint": return .multiPoint(MultiPoint(try positions(coordinates)))
        case "LineString": return .lineString(try LineString(positions(coordinates)))
        case "MultiLineString": return .multiLineString(try MultiLineString(rings(coordinates)))
        case "Polygon": return .polygon(try Polygon(rings(coordinates)))
        case "MultiPolygon": return .multiPolygon(try MultiPolygon((coordinates as! [Any]).map(rings)))
        default: return .geometryCollection(try (object["geometries"] as! [[String: Any]]).map(geometry))
        }
    }
}

/// A seeded generator (SplitMix64), so every run tests the same "random" cases.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
