// Times MapRouting on a road layer: graph build + contraction, node-to-node queries,
// snapped directions with geometry, and a stops × stops matrix. Prints `ours key value`
// lines: medians of ROUNDS runs, wall-clock time and this process's CPU time (the CPU time
// is steadier on a shared, loaded machine).
//
// Usage: RoadsBenchmark ROADS.geojson STOPS.geojson PAIRS.csv [ROUNDS]
// PAIRS.csv holds "from_node,to_node" source node ids (the peers use the same pairs).
import Foundation
import MapGeometry
import MapGeoJSON
import MapRouting

func wallNanoseconds() -> Double { Double(DispatchTime.now().uptimeNanoseconds) }

func cpuNanoseconds() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
    return Double(time.tv_sec) * 1e9 + Double(time.tv_nsec)
}

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
}

/// Runs `body` `rounds` times; prints the medians of wall and CPU time divided by `per`, in `unit`.
func measure(_ name: String, rounds: Int, per: Double = 1, unit: Double, _ body: () throws -> Void) rethrows {
    var wall = [Double](), cpu = [Double]()
    for _ in 0..<rounds {
        let wallStart = wallNanoseconds(), cpuStart = cpuNanoseconds()
        try body()
        cpu.append((cpuNanoseconds() - cpuStart) / per / unit)
        wall.append((wallNanoseconds() - wallStart) / per / unit)
    }
    let suffix = unit == 1e6 ? "ms" : "us"
    print("ours \(name)_\(suffix) \(median(wall))")
    print("ours \(name)_cpu_\(suffix) \(median(cpu))")
}

let arguments = CommandLine.arguments
guard arguments.count >= 4 else {
    FileHandle.standardError.write(Data("usage: RoadsBenchmark ROADS.geojson STOPS.geojson PAIRS.csv [ROUNDS]\n".utf8))
    exit(64)
}
let rounds = arguments.count > 4 ? Int(arguments[4]) ?? 7 : 7

var segments = [RoadSegment]()
try measure("parse", rounds: 1, unit: 1e6) {
    segments = try RoadSegment.segments(from: try GeoJSONReader().read(contentsOfFile: arguments[1]).features)
}
let stops = try GeoJSONReader().read(contentsOfFile: arguments[2]).features.compactMap { feature -> Position? in
    if case .point(let position)? = feature.geometry { return position }
    return nil
}
let pairLines = try String(contentsOfFile: arguments[3], encoding: .utf8).split(separator: "\n").dropFirst()
let pairIDs = pairLines.map { line -> (Int64, Int64) in
    let fields = line.split(separator: ",")
    return (Int64(fields[0])!, Int64(fields[1])!)
}

// Build + contraction of the time metric (the peers prepare one weight), of both metrics,
// and the graph alone (with its snapping index, no hierarchy).
var network: RoadNetwork!
try measure("build", rounds: rounds, unit: 1e6) {
    network = try RoadNetwork(segments: segments, options: RoadNetworkOptions(metrics: [.time]))
}
try measure("build_both_metrics", rounds: rounds, unit: 1e6) { _ = try RoadNetwork(segments: segments) }
try measure("graph_without_hierarchy", rounds: rounds, unit: 1e6) {
    _ = try RoadNetwork(segments: segments, options: RoadNetworkOptions(metrics: []))
}

// Loading a saved prepared network (both metrics) from its bytes: checks, arrays, index.
let prepared = try RoadNetwork(segments: segments).serialized()
try measure("load_prepared", rounds: rounds, unit: 1e6) { _ = try RoadNetwork(serialized: prepared) }
print("ours prepared_bytes \(prepared.count)")

var nodeByID = [Int64: Int]()
for node in 0..<network.graph.nodeCount {
    if let id = network.graph.sourceID(ofNode: node) { nodeByID[id] = node }
}
let pairs = pairIDs.compactMap { pair -> (Int, Int)? in
    guard let a = nodeByID[pair.0], let b = nodeByID[pair.1] else { return nil }
    return (a, b)
}

let session = RoadQuerySession(network)
var checksum = 0.0
try measure("query", rounds: rounds, per: Double(pairs.count), unit: 1e3) {
    checksum = 0
    for (a, b) in pairs {
        if let cost = try session.nodeCost(from: a, to: b, by: .time) { checksum += cost.cost }
    }
}

// Snapped directions with path geometry, between stops (the CLI's work after loading).
try measure("directions", rounds: rounds, per: Double(stops.count), unit: 1e3) {
    for index in 0..<stops.count {
        _ = try session.directions(from: stops[index], to: stops[(index * 7 + 3) % stops.count])
    }
}

var matrixSum = 0.0
try measure("matrix", rounds: rounds, unit: 1e6) {
    matrixSum = try session.matrices(from: stops, to: stops, by: .time).durations.reduce(0, +)
}

print("ours nodes \(network.graph.nodeCount)")
print("ours segments \(network.graph.segmentCount)")
print("ours pairs \(pairs.count)")
print("ours checksum_query_s \(checksum)")
print("ours checksum_matrix_s \(matrixSum)")
