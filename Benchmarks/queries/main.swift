// Query benchmark for the spatial index and search, on the same input and query positions as
// compare.py: `query-bench PLACES.geojson QUERIES.txt NAMES.txt [rounds]`. Built by compare.sh
// with swiftc -O together with Sources/MapGeometry (one module), so nothing else is needed.
// Prints one `name value unit` line per figure (medians over rounds).
import Foundation


func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
}

/// Median over `rounds` of the mean time per call, in microseconds.
func perCall(rounds: Int, count: Int, _ body: () -> Void) -> Double {
    var times: [Double] = []
    for _ in 0..<rounds {
        let start = now()
        body()
        times.append(Double(now() - start) / 1e3 / Double(count))
    }
    return median(times)
}

func report(_ name: String, _ value: Double, _ unit: String) {
    print(String(format: "%@ %.3f %@", name, value, unit))
}

let arguments = CommandLine.arguments
guard arguments.count >= 4 else {
    FileHandle.standardError.write(Data("usage: query-bench PLACES.geojson QUERIES.txt NAMES.txt [rounds]\n".utf8))
    exit(64)
}
let rounds = arguments.count > 4 ? Int(arguments[4])! : 7
let features = try GeoJSONReader().read(contentsOfFile: arguments[1]).features
let geometries = features.map(\.geometry)
let positions: [Position] = try String(contentsOfFile: arguments[2], encoding: .utf8)
    .split(separator: "\n").map { line in
        let numbers = line.split(separator: " ").map { Double($0)! }
        return try Position(numbers[0], numbers[1])
    }
let searches = try String(contentsOfFile: arguments[3], encoding: .utf8).split(separator: "\n").map(String.init)
report("features", Double(features.count), "")

// Index build.
var builds: [Double] = []
var index = SpatialIndex([])
for _ in 0..<rounds {
    let start = now()
    index = SpatialIndex(geometries)
    builds.append(Double(now() - start) / 1e6)
}
report("build", median(builds), "ms")

// Near me, 5 km.
var counts: [Int] = []
for position in positions { counts.append(try index.items(within: 5_000, of: position).count) }
report("near5km_mean_hits", Double(counts.reduce(0, +)) / Double(counts.count), "")
report("near5km_max_hits", Double(counts.max()!), "")
var sink = 0
report("near5km", perCall(rounds: rounds, count: positions.count) {
    for position in positions { sink &+= (try? index.items(within: 5_000, of: position).count) ?? 0 }
}, "us")

// Nearest 10 and nearest 1.
report("nearest10", perCall(rounds: rounds, count: positions.count) {
    for position in positions { sink &+= index.nearest(10, to: position).count }
}, "us")
report("nearest1", perCall(rounds: rounds, count: positions.count) {
    for position in positions { sink &+= index.nearest(1, to: position).count }
}, "us")

// Text search over names.
var searchBuilds: [Double] = []
var text = TextSearchIndex(texts: [String?]())
for _ in 0..<max(3, rounds / 2) {
    let start = now()
    text = TextSearchIndex(texts: features.map { $0.properties.string("name") })
    searchBuilds.append(Double(now() - start) / 1e6)
}
report("search_build", median(searchBuilds), "ms")
var totals: [Int] = []
for query in searches { totals.append(text.search(query).total) }
report("search_mean_hits", Double(totals.reduce(0, +)) / Double(totals.count), "")
report("search", perCall(rounds: rounds, count: searches.count) {
    for query in searches { sink &+= text.search(query).hits.count }
}, "us")
let worst = searches.map { query in
    perCall(rounds: 3, count: 1) { sink &+= text.search(query).hits.count }
}.max()!
report("search_worst", worst, "us")
if sink == 42 { print("") }
