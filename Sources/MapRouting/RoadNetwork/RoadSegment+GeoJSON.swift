import Foundation
import MapGeometry
import MapGeoJSON

extension RoadSegment {
    /// The road segments of GeoJSON features: each LineString is one segment, each line of
    /// a MultiLineString another (joined to the rest by identical end coordinates).
    ///
    /// Properties read: `id` (or the feature id), `highway`, `oneway`, `maxspeed`, `access`,
    /// `junction`, `from_node`, `to_node` (integers), `name` and `ref` (for turn-by-turn steps;
    /// empty or null means none). Booleans and numbers are accepted
    /// where OSM exports write strings (`"oneway": true`, `"maxspeed": 50`).
    /// - Throws: ``RoadNetworkError/notARoad(feature:reason:)`` for a feature that is not a
    ///   line, naming its index and id.
    public static func segments(from features: [Feature]) throws(RoadNetworkError) -> [RoadSegment] {
        var segments = [RoadSegment]()
        segments.reserveCapacity(features.count)
        for (index, feature) in features.enumerated() {
            let properties = feature.properties
            let id = properties.string("id") ?? feature.id?.description
            let name = "features[\(index)]" + (id.map { " (\($0))" } ?? "")
            let lines: [LineString]
            switch feature.geometry {
            case .lineString(let line)?: lines = [line]
            case .multiLineString(let multi)?: lines = multi.lineStrings
            case nil: throw .notARoad(feature: name, reason: "it has no geometry")
            case let other?: throw .notARoad(feature: name, reason: "it is a \(other.typeName), not a LineString")
            }
            for (part, line) in lines.enumerated() where !line.isEmpty {
                segments.append(
                    RoadSegment(
                        id: lines.count > 1 ? "\(id ?? "features[\(index)]")/\(part)" : id ?? "features[\(index)]",
                        positions: line.positions,
                        highway: text(properties.value("highway")),
                        oneway: text(properties.value("oneway")),
                        maxspeed: text(properties.value("maxspeed")),
                        access: text(properties.value("access")),
                        junction: text(properties.value("junction")),
                        // Node ids only describe a single line's two ends.
                        fromNode: lines.count == 1 ? nodeID(properties.value("from_node")) : nil,
                        toNode: lines.count == 1 ? nodeID(properties.value("to_node")) : nil,
                        name: label(properties.value("name")),
                        ref: label(properties.value("ref"))))
            }
        }
        return segments
    }

    /// A tag value as OSM writes it: strings as they are, booleans as yes/no, whole numbers
    /// without a fraction.
    private static func text(_ value: JSONValue?) -> String? {
        switch value {
        case .string(let text)?: return text
        case .bool(let flag)?: return flag ? "yes" : "no"
        case .number(let number)?:
            if let whole = Int64(exactly: number) { return String(whole) }
            return String(number)
        default: return nil
        }
    }

    /// A name or ref as said: trimmed, nil when empty or absent.
    private static func label(_ value: JSONValue?) -> String? {
        let trimmed = text(value)?.trimmingCharacters(in: .whitespacesAndNewlines)
        return trimmed?.isEmpty == false ? trimmed : nil
    }

    private static func nodeID(_ value: JSONValue?) -> Int64? {
        switch value {
        case .number(let number)?: return Int64(exactly: number)
        case .string(let text)?: return Int64(text)
        default: return nil
        }
    }
}
