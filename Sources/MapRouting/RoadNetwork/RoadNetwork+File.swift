import Foundation
import MapGeometry
import MapGeoJSON

extension RoadNetwork {
    /// A road network from a file: a network saved prepared (the file starts with `MAPROADS`)
    /// or a GeoJSON road layer, prepared now.
    /// - Throws: ``RoadNetworkError`` for a damaged prepared file or a layer without usable
    ///   roads; `GeoJSONError` for a layer that is not valid GeoJSON or cannot be read.
    public static func read(contentsOfFile path: String) throws -> RoadNetwork {
        let head = FileHandle(forReadingAtPath: path).flatMap { handle in
            defer { try? handle.close() }
            return try? handle.read(upToCount: 8)
        } ?? Data()
        if head.elementsEqual("MAPROADS".utf8) { return try RoadNetwork(contentsOf: URL(fileURLWithPath: path)) }
        return try prepared(from: try GeoJSONReader().read(contentsOfFile: path))
    }

    /// The prepared network of a road layer, keeping its foreign members (attribution) for answers.
    public static func prepared(from document: GeoJSONDocument) throws -> RoadNetwork {
        var network = try RoadNetwork(segments: try RoadSegment.segments(from: document.features))
        network.sourceMembers = document.featureCollection.foreignMembers
        return network
    }
}

extension RoadPath {
    /// The path as `mapctl directions` writes it and the map service answers: its line, the
    /// totals (decimetres and tenths of seconds), how far each end was from the road, and the
    /// turn-by-turn `steps` (``stepObjects()``).
    public func feature(members: [ForeignMember] = []) -> Feature {
        // A path from a point to itself is a single position; a LineString needs two.
        let line = positions.count == 1 ? positions + positions : positions
        let properties: Properties = [
            "distance_m": .number(Self.rounded(distance)),
            "duration_s": .number(Self.rounded(duration)),
            "by": .string(metric.rawValue),
            "from_snap_m": .number(Self.rounded(start.distance)),
            "to_snap_m": .number(Self.rounded(end.distance)),
            "steps": .array(stepObjects().map(JSONValue.object)),
        ]
        return Feature(geometry: .lineString(try! LineString(line)), properties: properties, foreignMembers: members)
    }

    static func rounded(_ value: Double) -> Double { (value * 10).rounded() / 10 }
}
