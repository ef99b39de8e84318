// GeoJSON reader/writer benchmark: `geojson-bench read|write|readonce FILE [runs]`, `polygon FEATURES.jsonl [runs]`.
// Built by compare.sh with swiftc -O over Sources/MapGeometry/{Values,Extent,Algorithms} and Sources/MapGeoJSON; prints one
// line of figures per run so the script can take medians.
import Foundation

/// Seconds of this process's CPU time (user + system) spent in `body`. The machine is
/// shared with other jobs, so wall time mostly measures the neighbours; CPU time does not.
func seconds(_ body: () throws -> Void) rethrows -> Double {
    var start = timespec(), stop = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &start)
    try body()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &stop)
    return Double(stop.tv_sec - start.tv_sec) + Double(stop.tv_nsec - start.tv_nsec) / 1e9
}

let arguments = CommandLine.arguments
guard arguments.count >= 3 else {
    FileHandle.standardError.write(Data("usage: geojson-bench read|write|readonce FILE [runs] | polygon FEATURES.jsonl [runs]\n".utf8))
    exit(64)
}
let mode = arguments[1], path = arguments[2]
let runs = arguments.count > 3 ? Int(arguments[3])! : 5
let size = Double((try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0)

switch mode {
case "readonce":
    // One read in a fresh process (what a command-line user gets), for peak-memory measurement
    // with /usr/bin/time -v and the speed of a first read.
    var document: GeoJSONDocument?
    let time = try seconds { document = try GeoJSONReader().read(contentsOfFile: path) }
    print(String(format: "ours readonce %.1f MB/s %.3f s features %d", size / time / 1e6, time, document?.features.count ?? 0))
case "read":
    for _ in 0..<runs {
        // The document is freed outside the timed part (JSON.parse's figure has no GC in it either).
        var document: GeoJSONDocument?
        let time = try seconds { document = try GeoJSONReader().read(contentsOfFile: path) }
        print(String(format: "ours read %.1f MB/s %.3f s features %d", size / time / 1e6, time, document?.features.count ?? 0))
        document = nil
    }
case "write":
    let collection = try GeoJSONReader().read(contentsOfFile: path).featureCollection
    for _ in 0..<runs {
        var bytes = 0
        let time = seconds { bytes = GeoJSONWriter().encode(collection).count }
        print(String(format: "ours write %.1f MB/s %.3f s bytes %d", Double(bytes) / time / 1e6, time, bytes))
    }
case "polygon":
    // Per-feature decode and encode, one Feature per line of FILE (the same lines GEOS and shapely get).
    let text = try String(contentsOfFile: path, encoding: .utf8)
    let lines = text.split(separator: "\n").map { Array($0.utf8) }
    let reader = GeoJSONReader(), writer = GeoJSONWriter()
    for _ in 0..<runs {
        var features: [Feature] = []
        features.reserveCapacity(lines.count)
        let decode = try seconds { for line in lines { features.append(contentsOf: try reader.read(bytes: line).features) } }
        var bytes = 0
        let encode = seconds { for feature in features { bytes &+= writer.encode(feature).count } }
        let count = Double(lines.count)
        print(String(format: "ours decode %.2f us encode %.2f us features %d (%d)", decode / count * 1e6,
                     encode / count * 1e6, features.count, bytes))
    }
default:
    FileHandle.standardError.write(Data("unknown mode \(mode)\n".utf8))
    exit(64)
}
