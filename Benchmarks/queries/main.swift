// Query benchmark for the spatial index and search, on the same input and query positions as
// compare.py: `query-bench PLACES.geojson QUERIES.txt NAMES.txt [rounds]`. Built by compare.sh
// with swiftc -O together with the sources of MapGeometry, MapGeoJSON and MapQuery (one module), so nothing else is needed.
// Prints one `name value unit` line per figure (see `measure`).
import Foundation


func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

/// CPU time of this process: unlike the wall clock it stops while other processes run.
func cpuNow() -> UInt64 {
    var time = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
    return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
}

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
}

/// Median over `rounds` of the wall and the CPU time per call of a whole loop, microseconds.
func perCall(rounds: Int, count: Int, _ body: () -> Void) -> (wall: Double, cpu: Double) {
    var walls: [Double] = [], cpus: [Double] = []
    for _ in 0..<rounds {
        let start = now(), cpuStart = cpuNow()
        body()
        cpus.append(Double(cpuNow() - cpuStart) / 1e3 / Double(count))
        walls.append(Double(now() - start) / 1e3 / Double(count))
    }
    return (median(walls), median(cpus))
}

/// Single queries, microseconds: the best of `rounds` per query (what is left after other
/// processes' interruptions), then the median, mean, 90th and 99th percentile over queries.
func distribution(rounds: Int, count: Int, _ body: (Int) -> Void) -> [(String, Double)] {
    var best = [Double](repeating: .infinity, count: count)
    for _ in 0..<rounds {
        for index in 0..<count {
            let start = now()
            body(index)
            best[index] = min(best[index], Double(now() - start) / 1e3)
        }
    }
    let mean = best.reduce(0, +) / Double(count)
    best.sort()
    return [("median", best[count / 2]), ("best_mean", mean), ("p90", best[count * 9 / 10]), ("p99", best[count * 99 / 100])]
}

/// Every figure of one query kind: `NAME` (wall time per query of whole loops, median of the
/// rounds), `NAME_cpu` (the same in CPU time), `NAME_median`, `NAME_best_mean`, `NAME_p90`,
/// `NAME_p99` (single queries, best of the rounds each).
func measure(_ name: String, rounds: Int, count: Int, _ body: (Int) -> Void) {
    let loop = perCall(rounds: rounds, count: count) { for index in 0..<count { body(index) } }
    report(name, loop.wall, "us")
    report(name + "_cpu", loop.cpu, "us")
    for (suffix, value) in distribution(rounds: rounds, count: count, body) { report(name + "_" + suffix, value, "us") }
}

@inline(never)
func profiledQueries(_ kind: String, _ index: SpatialIndex, _ positions: [Position]) -> Int {
    var total = 0
    // One loop per kind: a switch inside the loop made Swift copy the index for every query.
    switch kind {
    case "nearest1": for position in positions { total &+= index.nearest(1, to: position).count }
    case "nearest10": for position in positions { total &+= index.nearest(10, to: position).count }
    default: for position in positions { total &+= (try? index.items(within: 5_000, of: position).count) ?? 0 }
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
var built = SpatialIndex([])
for _ in 0..<rounds {
    let start = now()
    built = SpatialIndex(geometries)
    builds.append(Double(now() - start) / 1e6)
}
report("build", median(builds), "ms")
let index = built

// Near me, 5 km.
var counts: [Int] = []
for position in positions { counts.append(try index.items(within: 5_000, of: position).count) }
report("near5km_mean_hits", Double(counts.reduce(0, +)) / Double(counts.count), "")
report("near5km_max_hits", Double(counts.max()!), "")
var sink = 0
measure("near5km", rounds: rounds, count: positions.count) { query in
    sink &+= (try? index.items(within: 5_000, of: positions[query]).count) ?? 0
}

// Nearest 10 and nearest 1.
measure("nearest10", rounds: rounds, count: positions.count) { query in
    sink &+= index.nearest(10, to: positions[query]).count
}
measure("nearest1", rounds: rounds, count: positions.count) { query in
    sink &+= index.nearest(1, to: positions[query]).count
}

// Text search over names.
var searchBuilds: [Double] = []
var builtText = TextSearchIndex(texts: [String?]())
for _ in 0..<max(3, rounds / 2) {
    let start = now()
    builtText = TextSearchIndex(texts: features.map { $0.properties.string("name") })
    searchBuilds.append(Double(now() - start) / 1e6)
}
report("search_build", median(searchBuilds), "ms")
let text = builtText
var totals: [Int] = []
for query in searches { totals.append(text.search(query).total) }
report("search_mean_hits", Double(totals.reduce(0, +)) / Double(totals.count), "")
measure("search", rounds: rounds, count: searches.count) { query in
    sink &+= text.search(searches[query]).hits.count
}
let worst = searches.map { query in
    perCall(rounds: 3, count: 1) { sink &+= text.search(query).hits.count }.wall
}.max()!
report("search_worst", worst, "us")
if sink == 42 { print("") }
