import Foundation
import MapGeometry
import MapGeoJSON

extension RoadNetwork {
    /// A road network from a file: a network saved prepared (the file starts with `MAPROADS`)
    /// or a GeoJSON road layer, prepared now.
    /// - Parameter maxInputBytes: the largest file read, prepared or GeoJSON (the reader's
    ///   default, 4 GiB, unless given).
    /// - Throws: ``RoadNetworkError`` for a damaged prepared file or a layer without usable
    ///   roads; `GeoJSONError` for a layer that is not valid GeoJSON, cannot be read or is
    ///   larger than `maxInputBytes`.
    public static func read(
        contentsOfFile path: String, maxInputBytes: Int = GeoJSONReader.Options().maxInputBytes
    ) throws -> RoadNetwork {
        var options = GeoJSONReader.Options()
        options.maxInputBytes = maxInputBytes
        let head = FileHandle(forReadingAtPath: path).flatMap { handle in
            defer { try? handle.close() }
            return try? handle.read(upToCount: 8)
        } ?? Data()
        guard head.elementsEqual("MAPROADS".utf8) else {
            return try prepared(from: try GeoJSONReader(options: options).read(contentsOfFile: path))
        }
        let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
        if size > maxInputBytes { throw GeoJSONError.inputTooLarge(path, limit: maxInputBytes) }
        return try RoadNetwork(contentsOf: URL(fileURLWithPath: path))
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
