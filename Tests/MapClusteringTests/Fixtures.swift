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
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/gzip")
        process.arguments = ["-dc", SharedData.url("real/places.geojson.gz").path]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        var input = ClusterInput()
        input.reserveCapacity(240_000)
        let marker = Array("\"coordinates\":[".utf8)
        try data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) in
            let bytes = raw.bindMemory(to: UInt8.self)
            var lineStart = 0
            for i in 0..<bytes.count where bytes[i] == UInt8(ascii: "\n") {
                defer { lineStart = i + 1 }
                let line = UnsafeBufferPointer(rebasing: bytes[lineStart..<i])
                guard let at = lastIndex(of: marker, in: line) else { continue }
                var end = at + marker.count
                while line[end] != UInt8(ascii: "]") { end += 1 }
                let text = String(decoding: line[(at + marker.count)..<end], as: UTF8.self)
                let parts = text.split(separator: ",").map { Double($0)! }
                try input.append(longitude: parts[0], latitude: parts[1])
            }
        }
        return input
    }

    private static func lastIndex(of needle: [UInt8], in line: UnsafeBufferPointer<UInt8>) -> Int? {
        guard line.count >= needle.count else { return nil }
        var start = line.count - needle.count
        while start >= 0 {
            if line[start] == needle[0], needle.indices.allSatisfy({ line[start + $0] == needle[$0] }) { return start }
            start -= 1
        }
        return nil
    }
}
