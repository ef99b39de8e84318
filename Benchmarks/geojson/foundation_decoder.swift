// Foundation's JSONDecoder on the point FeatureCollection, for compare.sh (the peer the issue names).
// Usage: foundation-decoder FILE RUNS
import Foundation

struct Collection: Codable {
    struct Feature: Codable {
        struct Geometry: Codable {
            var type: String
            var coordinates: [Double]
        }
        var type: String
        var properties: [String: String]
        var geometry: Geometry
    }
    var type: String
    var features: [Feature]
}

func cpu() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}

let path = CommandLine.arguments[1]
let runs = Int(CommandLine.arguments[2]) ?? 3
let data = try Data(contentsOf: URL(fileURLWithPath: path))
for _ in 0..<runs {
    let start = cpu()
    let collection = try JSONDecoder().decode(Collection.self, from: data)
    let time = cpu() - start
    print(String(format: "jsondecoder read %.1f MB/s %.3f s features %d", Double(data.count) / time / 1e6, time,
                 collection.features.count))
}
