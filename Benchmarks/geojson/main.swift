// GeoJSON reader/writer benchmark: `geojson-bench read|write|polygon FILE [runs]`.
// Built by compare.sh with swiftc -O over Sources/MapGeometry/{Values,GeoJSON}; prints one
// line of figures per run so the script can take medians.
import Foundation

func seconds(_ body: () throws -> Void) rethrows -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    try body()
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
}

let arguments = CommandLine.arguments
guard arguments.count >= 3 else {
    FileHandle.standardError.write(Data("usage: geojson-bench read|write|polygon|readonce FILE [runs]\n".utf8))
    exit(64)
}
let mode = arguments[1], path = arguments[2]
let runs = arguments.count > 3 ? Int(arguments[3])! : 5
let size = Double((try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0)

switch mode {
case "readonce":
    // One read, for peak-memory measurement with /usr/bin/time -v.
    let document = try GeoJSONReader().read(contentsOfFile: path)
    print("features \(document.features.count)")
case "read":
    for _ in 0..<runs {
        var count = 0
        let time = try seconds { count = try GeoJSONReader().read(contentsOfFile: path).features.count }
        print(String(format: "read %.1f MB/s %.3f s features %d", size / time / 1e6, time, count))
    }
case "write":
    let collection = try GeoJSONReader().read(contentsOfFile: path).featureCollection
    for _ in 0..<runs {
        var bytes = 0
        let time = seconds { bytes = GeoJSONWriter().encode(collection).count }
        print(String(format: "write %.1f MB/s %.3f s bytes %d", Double(bytes) / time / 1e6, time, bytes))
    }
case "polygon":
    // Per-feature decode and encode of each feature of FILE (e.g. 14-vertex polygons), µs each.
    let collection = try GeoJSONReader().read(contentsOfFile: path).featureCollection
    let writer = GeoJSONWriter()
    let texts = collection.features.map { writer.encode($0) }
    let reader = GeoJSONReader()
    for _ in 0..<runs {
        var sink = 0
        let decode = try seconds { for text in texts { sink &+= try reader.read(bytes: text).features.count } }
        let encode = seconds { for feature in collection.features { sink &+= writer.encode(feature).count } }
        let count = Double(texts.count)
        print(String(format: "polygon decode %.2f us encode %.2f us features %d (%d)", decode / count * 1e6,
                     encode / count * 1e6, texts.count, sink))
    }
default:
    FileHandle.standardError.write(Data("unknown mode \(mode)\n".utf8))
    exit(64)
}
