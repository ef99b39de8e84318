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

/// Median and 99th percentile of single-query times, microseconds (best of `rounds` per query).
func distribution(rounds: Int, count: Int, _ body: (Int) -> Void) -> (median: Double, p90: Double, p99: Double) {
    var best = [Double](repeating: .infinity, count: count)
    for _ in 0..<rounds {
        for index in 0..<count {
            let start = now()
            body(index)
            best[index] = min(best[index], Double(now() - start) / 1e3)
        }
    }
    best.sort()
    return (best[count / 2], best[count * 9 / 10], best[count * 99 / 100])
}

func reportDistribution(_ name: String, _ figures: (median: Double, p90: Double, p99: Double)) {
    report(name + "_median", figures.median, "us")
    report(name + "_p90", figures.p90, "us")
    report(name + "_p99", figures.p99, "us")
}

@inline(never)
func profiledQueries(_ kind: String, _ index: SpatialIndex, _ positions: [Position]) -> Int {
    var total = 0
    for position in positions {
        switch kind {
        case "nearest1": total &+= index.nearest(1, to: position).count
        case "nearest10": total &+= index.nearest(10, to: position).count
        default: total &+= (try? index.items(within: 5_000, of: position).count) ?? 0
        }
    }
    return total
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

// `query-bench ... 1 profile:KIND` runs one kind of query once per position and nothing else,
// for `valgrind --tool=callgrind --toggle-collect='*profiledQueries*'` (instructions per query).
if arguments.count > 5, arguments[5].hasPrefix("profile:") {
    let profiled = SpatialIndex(geometries)
    let total = profiledQueries(String(arguments[5].dropFirst("profile:".count)), profiled, positions)
    print("profiled \(positions.count) queries, \(total) hits")
    exit(0)
}
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
let index_ = index

// Near me, 5 km.
var counts: [Int] = []
for position in positions { counts.append(try index.items(within: 5_000, of: position).count) }
report("near5km_mean_hits", Double(counts.reduce(0, +)) / Double(counts.count), "")
report("near5km_max_hits", Double(counts.max()!), "")
var sink = 0
report("near5km", perCall(rounds: rounds, count: positions.count) {
    for position in positions { sink &+= (try? index.items(within: 5_000, of: position).count) ?? 0 }
}, "us")

reportDistribution("near5km", distribution(rounds: rounds, count: positions.count) { index in
    sink &+= (try? index_.items(within: 5_000, of: positions[index]).count) ?? 0
})

// Nearest 10 and nearest 1.
report("nearest10", perCall(rounds: rounds, count: positions.count) {
    for position in positions { sink &+= index.nearest(10, to: position).count }
}, "us")
reportDistribution("nearest10", distribution(rounds: rounds, count: positions.count) { index in
    sink &+= index_.nearest(10, to: positions[index]).count
})
report("nearest1", perCall(rounds: rounds, count: positions.count) {
    for position in positions { sink &+= index.nearest(1, to: position).count }
}, "us")

reportDistribution("nearest1", distribution(rounds: rounds, count: positions.count) { index in
    sink &+= index_.nearest(1, to: positions[index]).count
})

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
reportDistribution("search", distribution(rounds: rounds, count: searches.count) { index in
    sink &+= text.search(searches[index]).hits.count
})
let worst = searches.map { query in
    perCall(rounds: 3, count: 1) { sink &+= text.search(query).hits.count }
}.max()!
report("search_worst", worst, "us")
if sink == 42 { print("") }
