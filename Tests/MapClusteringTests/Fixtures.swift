import TestSupport
import Foundation
import MapClustering

/// Reads the supercluster fixtures with Foundation (test-only; the product reads GeoJSON with
/// MapGeometry's reader).
enum Fixtures {
    static let supercluster = "conformance/supercluster/"

    struct Places {
        var input: ClusterInput
        var names: [String]
    }

    /// `places.json`: 163 points, type = `featureclass`, measure `scalerank`.
    static func places() throws -> Places {
        let json = try JSONSerialization.jsonObject(with: SharedData.data(supercluster + "places.json")) as! [String: Any]
        var input = ClusterInput(measureNames: ["scalerank"])
        var names: [String] = []
        for (index, feature) in (json["features"] as! [[String: Any]]).enumerated() {
            let properties = feature["properties"] as! [String: Any]
            names.append(properties["name"] as? String ?? "")
            // supercluster skips a feature without geometry but counts it (Null Island here).
            guard feature["geometry"] is [String: Any] else { continue }
            let coordinates = ((feature["geometry"] as! [String: Any])["coordinates"] as! [Any]).map { number($0)! }
            try input.append(
                longitude: coordinates[0], latitude: coordinates[1],
                type: properties["featureclass"] as? String ?? "", originalIndex: index,
                measures: [properties["scalerank"].flatMap(number) ?? .nan])
        }
        input.objectCount = names.count
        return Places(input: input, names: names)
    }

    /// A JSON number as `Double` (Foundation on Linux gives `Int` or `Double`).
    static func number(_ value: Any) -> Double? {
        if let double = value as? Double { return double }
        if let int = value as? Int { return Double(int) }
        return nil
    }

    static func json(_ relative: String) throws -> Any {
        try JSONSerialization.jsonObject(with: SharedData.data(relative))
    }

    /// The 234,908 GeoNames places: coordinates only, read line by line after gunzip (one feature
    /// per line; the coordinates are the last array on the line).
    static func realPlaces() throws -> ClusterInput {
        let data = try SharedData.gunzipped("real/places.geojson.gz")
        var input = ClusterInput()
        input.reserveCapacity(240_000)
        var lines = 0
        try data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) in
            let bytes = raw.bindMemory(to: UInt8.self)
            var lastOpen = -1, lastClose = -1
            for i in 0..<bytes.count {
                switch bytes[i] {
                case UInt8(ascii: "["): lastOpen = i
                case UInt8(ascii: "]"): lastClose = i
                case UInt8(ascii: "\n"):
                    defer { lastOpen = -1 }
                    lines += 1
                    guard lines > 1, lastOpen >= 0, lastClose > lastOpen else { continue }
                    let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[(lastOpen + 1)..<lastClose]), as: UTF8.self)
                    let comma = text.firstIndex(of: ",")!
                    try input.append(
                        longitude: Double(text[..<comma])!, latitude: Double(text[text.index(after: comma)...])!)
                default: break
                }
            }
        }
        return input
    }
}
