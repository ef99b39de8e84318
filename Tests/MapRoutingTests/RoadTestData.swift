import Foundation
import MapGeometry
import MapGeoJSON
import Testing
import TestSupport

@testable import MapRouting

/// Real road layers from `../shared/data/real` (or the folder named by the environment
/// variable `MAPENGINE_SHARED_DATA`), loaded once per test run.
enum RoadTestData {
    static var packageRoot: URL { SharedData.packageRoot }

    static var sharedRoot: URL { SharedData.root }

    static var isAvailable: Bool {
        FileManager.default.fileExists(atPath: sharedRoot.appendingPathComponent("real/andorra/roads.geojson").path)
    }

    static let missingMessage: Comment =
        "../shared/data/real is absent (set MAPENGINE_SHARED_DATA to its folder): real road tests are skipped"

    static func url(_ relativePath: String) -> URL { sharedRoot.appendingPathComponent(relativePath) }

    /// The fixture file next to the tests.
    static func fixture(_ name: String) -> URL {
        packageRoot.appendingPathComponent("Tests/Fixtures/roads/\(name)")
    }

    /// Road segments of a GeoJSON road layer, through the product path (GeoJSONReader).
    static func segments(_ relativePath: String) throws -> [RoadSegment] {
        let document = try GeoJSONReader().read(contentsOfFile: url(relativePath).path)
        return try RoadSegment.segments(from: document.features)
    }

    /// The same, read independently with Foundation's JSONSerialization (to check the above).
    static func segmentsWithFoundation(_ relativePath: String) throws -> [RoadSegment] {
        let data = try Data(contentsOf: url(relativePath))
        let root = try JSONSerialization.jsonObject(with: data) as! [String: Any]
        return try (root["features"] as! [[String: Any]]).map { feature in
            let properties = feature["properties"] as? [String: Any] ?? [:]
            let geometry = feature["geometry"] as! [String: Any]
            let coordinates = geometry["coordinates"] as! [[Double]]
            return RoadSegment(
                id: properties["id"] as? String,
                positions: try coordinates.map { try Position($0[0], $0[1]) },
                highway: properties["highway"] as? String,
                oneway: properties["oneway"] as? String,
                maxspeed: properties["maxspeed"] as? String,
                access: properties["access"] as? String,
                junction: properties["junction"] as? String,
                fromNode: (properties["from_node"] as? NSNumber)?.int64Value,
                toNode: (properties["to_node"] as? NSNumber)?.int64Value,
                name: label(properties["name"]), ref: label(properties["ref"]))
        }
    }

    /// A name or ref as the road graph keeps it: trimmed, nil when empty or absent.
    private static func label(_ value: Any?) -> String? {
        let text = (value as? String)?.trimmingCharacters(in: .whitespacesAndNewlines)
        return text?.isEmpty == false ? text : nil
    }

    /// The positions of a GeoJSON Point layer.
    static func points(_ relativePath: String) throws -> [Position] {
        let data = try Data(contentsOf: url(relativePath))
        let root = try JSONSerialization.jsonObject(with: data) as! [String: Any]
        return try (root["features"] as! [[String: Any]]).map { feature in
            let coordinates = (feature["geometry"] as! [String: Any])["coordinates"] as! [Double]
            return try Position(coordinates[0], coordinates[1])
        }
    }

    static let andorraSegments: [RoadSegment] = (try? segments("real/andorra/roads.geojson")) ?? []
    static let helsinkiSegments: [RoadSegment] = (try? segments("real/helsinki/roads.geojson")) ?? []
    static let andorra: RoadNetwork? = try? RoadNetwork(segments: andorraSegments)
    static let helsinki: RoadNetwork? = try? RoadNetwork(segments: helsinkiSegments)

    /// Rows of a reference shortest-path fixture: node ids, then time and distance (nil = unreachable).
    static func referencePaths(_ name: String) throws -> [(from: Int64, to: Int64, time: Double?, distance: Double?)] {
        let text = try String(contentsOf: fixture(name), encoding: .utf8)
        return text.split(separator: "\n").dropFirst().map { line in
            let fields = line.split(separator: ",", omittingEmptySubsequences: false)
            return (Int64(fields[0])!, Int64(fields[1])!, Double(fields[2]), Double(fields[3]))
        }
    }
}
