// Times MapRouting on a road layer: graph build + contraction, node-to-node queries,
// snapped directions with geometry, and a stops × stops matrix. Prints `key value` lines.
//
// Usage: RoadsBenchmark ROADS.geojson STOPS.geojson PAIRS.csv [ROUNDS]
// PAIRS.csv holds "from_node,to_node" source node ids (the peers use the same pairs).
import Foundation
import MapGeometry
import MapRouting

func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
}

let arguments = CommandLine.arguments
guard arguments.count >= 4 else {
    FileHandle.standardError.write(Data("usage: RoadsBenchmark ROADS.geojson STOPS.geojson PAIRS.csv [ROUNDS]\n".utf8))
    exit(64)
}
let rounds = arguments.count > 4 ? Int(arguments[4]) ?? 7 : 7

var start = now()
let roadDocument = try GeoJSONReader().read(contentsOfFile: arguments[1])
let segments = try RoadSegment.segments(from: roadDocument.features)
let parseMilliseconds = Double(now() - start) / 1e6
let stops = try GeoJSONReader().read(contentsOfFile: arguments[2]).features.compactMap { feature -> Position? in
    if case .point(let position)? = feature.geometry { return position }
    return nil
}
let pairLines = try String(contentsOfFile: arguments[3], encoding: .utf8).split(separator: "\n").dropFirst()
let pairIDs = pairLines.map { line -> (Int64, Int64) in
    let fields = line.split(separator: ",")
    return (Int64(fields[0])!, Int64(fields[1])!)
}

// Build + contraction, time metric only (as the peers prepare one weight), and both metrics.
var buildTimes = [Double](), buildBothTimes = [Double](), graphOnlyTimes = [Double]()
var network: RoadNetwork!
for _ in 0..<rounds {
    start = now()
    network = try RoadNetwork(segments: segments, options: RoadNetworkOptions(metrics: [.time]))
    buildTimes.append(Double(now() - start) / 1e6)
    start = now()
    _ = try RoadNetwork(segments: segments)
    buildBothTimes.append(Double(now() - start) / 1e6)
    start = now()
    _ = try RoadNetwork(segments: segments, options: RoadNetworkOptions(metrics: []))
    graphOnlyTimes.append(Double(now() - start) / 1e6)
}

var nodeByID = [Int64: Int]()
for node in 0..<network.graph.nodeCount {
    if let id = network.graph.sourceID(ofNode: node) { nodeByID[id] = node }
}
let pairs = pairIDs.compactMap { pair -> (Int, Int)? in
    guard let a = nodeByID[pair.0], let b = nodeByID[pair.1] else { return nil }
    return (a, b)
}

var session = RoadQuerySession(network)
var queryTimes = [Double](), checksum = 0.0
for _ in 0..<rounds {
    start = now()
    for (a, b) in pairs {
        if let cost = try session.nodeCost(from: a, to: b, by: .time) { checksum += cost.cost }
    }
    queryTimes.append(Double(now() - start) / 1e3 / Double(pairs.count))
}

// Snapped directions with path geometry, between stops (the CLI's work after loading).
var directionTimes = [Double](), directionCount = 0
for _ in 0..<rounds {
    directionCount = 0
    start = now()
    for index in 0..<stops.count {
        let path = try session.directions(from: stops[index], to: stops[(index * 7 + 3) % stops.count])
        directionCount += path.positions.count > 0 ? 1 : 0
    }
    directionTimes.append(Double(now() - start) / 1e3 / Double(stops.count))
}

var matrixTimes = [Double]()
var matrixSum = 0.0
for _ in 0..<rounds {
    start = now()
    let matrices = try session.matrices(from: stops, to: stops, by: .time)
    matrixTimes.append(Double(now() - start) / 1e6)
    matrixSum = matrices.durations.reduce(0, +)
}

print("nodes \(network.graph.nodeCount)")
print("segments \(network.graph.segmentCount)")
print("pairs \(pairs.count)")
print("stops \(stops.count)")
print("parse_ms \(parseMilliseconds)")
print("build_ms \(median(buildTimes))")
print("graph_without_hierarchy_ms \(median(graphOnlyTimes))")
print("build_both_metrics_ms \(median(buildBothTimes))")
print("query_us \(median(queryTimes))")
print("directions_us \(median(directionTimes))")
print("matrix_ms \(median(matrixTimes))")
print("checksum_query_s \(checksum / Double(rounds))")
print("checksum_matrix_s \(matrixSum)")
