// Writes the inputs of Benchmarks/roads/pgrouting.sh for one road layer: the graph MapRouting
// builds from it as a pgRouting edge table (CSV: id, source, target, cost, reverse_cost, the
// lengths in metres, -1 for a direction one-way rules forbid), and Point layers of N random
// nodes of the main network (fixed seed; distinct while there are enough), each feature's id
// its node number, so that both tools are asked about the same places.
//
// Usage: PgRoutingInputs ROADS.geojson OUT_FOLDER N [N…]
//   writes OUT_FOLDER/edges.csv and OUT_FOLDER/points-N.geojson
import Foundation
import MapGeoJSON
import MapRouting

let arguments = CommandLine.arguments
guard arguments.count >= 4, let counts = Optional(arguments.dropFirst(3).compactMap { Int($0) }), !counts.isEmpty else {
    FileHandle.standardError.write(Data("usage: PgRoutingInputs ROADS.geojson OUT_FOLDER N [N…]\n".utf8))
    exit(64)
}
let network = try RoadNetwork.prepared(from: try GeoJSONReader().read(contentsOfFile: arguments[1]))
let graph = network.graph
let folder = URL(fileURLWithPath: arguments[2])
try graph.edgeTableCSV(.distance).write(to: folder.appendingPathComponent("edges.csv"), atomically: true, encoding: .utf8)

/// SplitMix64, as the tests' seeded generator.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

let mainSize = (0..<graph.nodeCount).map(graph.componentSize(ofNode:)).max() ?? 0
let main = (0..<graph.nodeCount).filter { graph.componentSize(ofNode: $0) == mainSize }
for count in counts {
    var random = SplitMix64(state: UInt64(count))
    var chosen = [Int](), seen = Set<Int>()
    while chosen.count < min(count, main.count) {
        let node = main[Int(random.next() % UInt64(main.count))]
        if seen.insert(node).inserted { chosen.append(node) }
    }
    // A main network smaller than `count` (Helsinki's 885 nodes): the rest repeat nodes.
    while chosen.count < count { chosen.append(main[Int(random.next() % UInt64(main.count))]) }
    let features = chosen.map { node in
        Feature(id: .number(text: String(node)), geometry: .point(graph.position(ofNode: node)), properties: [:])
    }
    let bytes = GeoJSONWriter().encode(FeatureCollection(features: features, foreignMembers: network.sourceMembers))
    try Data(bytes).write(to: folder.appendingPathComponent("points-\(count).geojson"))
}
print("\(graph.nodeCount) nodes, \(graph.segmentCount) segments, main network \(main.count) nodes")
