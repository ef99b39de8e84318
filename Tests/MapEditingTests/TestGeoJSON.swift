import Foundation
import MapEditing

/// Reads the features of a GeoJSON file into raw drawings, for tests only (through
/// Foundation, leniently: the point is to hand the validator exactly what the file holds).
enum TestGeoJSON {
    struct Feature {
        var properties: [String: Any]
        var drawing: DrawnGeometry
    }

    static func features(at url: URL) throws -> [Feature] {
        let object = try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as! [String: Any]
        return (object["features"] as! [[String: Any]]).compactMap { feature in
            guard let geometry = feature["geometry"] as? [String: Any] else { return nil }
            return Feature(properties: feature["properties"] as? [String: Any] ?? [:], drawing: drawing(geometry))
        }
    }

    static func drawing(_ geometry: [String: Any]) -> DrawnGeometry {
        func position(_ value: Any) -> DrawnPosition {
            let numbers = (value as! [Any]).map { ($0 as! NSNumber).doubleValue }
            return DrawnPosition(numbers[0], numbers[1])
        }
        func line(_ value: Any) -> [DrawnPosition] { (value as! [Any]).map(position) }
        func rings(_ value: Any) -> [[DrawnPosition]] { (value as! [Any]).map(line) }
        let coordinates = geometry["coordinates"] as Any
        switch geometry["type"] as! String {
        case "Point": return .point(position(coordinates))
        case "MultiPoint": return .multiPoint(line(coordinates))
        case "LineString": return .lineString(line(coordinates))
        case "MultiLineString": return .multiLineString(rings(coordinates))
        case "Polygon": return .polygon(rings(coordinates))
        case "MultiPolygon": return .multiPolygon((coordinates as! [Any]).map(rings))
        default: return .geometryCollection((geometry["geometries"] as! [[String: Any]]).map(drawing))
        }
    }
}
