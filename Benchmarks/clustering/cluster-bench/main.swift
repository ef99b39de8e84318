import Foundation
import MapClustering

// Reads points (lon, lat as little-endian Float64 pairs) from the file in argv[1], then prints
// index build time (median of runs), index bytes per point and query times, as `key value` lines.

func now() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}

func cpuNow() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}

func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }

let arguments = CommandLine.arguments
guard arguments.count >= 2 else {
    FileHandle.standardError.write(Data("usage: cluster-bench POINTS.f64 [RUNS] (RUNS 0: one build only, for profiling)\n".utf8))
    exit(64)
}
let runs = arguments.count > 2 ? Int(arguments[2])! : 3
let data = try Data(contentsOf: URL(fileURLWithPath: arguments[1]))
let values = data.withUnsafeBytes { Array($0.bindMemory(to: Double.self)) }
var input = ClusterInput()
input.reserveCapacity(values.count / 2)
for i in stride(from: 0, to: values.count - 1, by: 2) {
    try input.append(longitude: values[i], latitude: values[i + 1])
}
print("points \(input.count)")
// RUNS 0: one single-threaded build and nothing else (for `valgrind --tool=callgrind`).
if runs == 0 {
    let index = try ClusterIndex(points: input)
    print("clusters \(index.clusterCount)")
    exit(0)
}

var index: ClusterIndex!
for parallel in [false, true] {
    var wall: [Double] = [], cpu: [Double] = []
    for _ in 0..<runs {
        let start = now(), startCPU = cpuNow()
        index = try ClusterIndex(points: input, parallel: parallel)
        wall.append(now() - start)
        cpu.append(cpuNow() - startCPU)
    }
    let label = parallel ? "build_2threads" : "build"
    print(String(format: "\(label)_seconds_median %.3f", median(wall)))
    print(String(format: "\(label)_cpu_seconds_median %.3f", median(cpu)))
    print("\(label)_seconds_all \(wall.map { String(format: "%.3f", $0) }.joined(separator: ","))")
}
// The supercluster-identical search (KDBush's trees), once, for comparison with the grid.
do {
    let start = now(), startCPU = cpuNow()
    let exact = try ClusterIndex(points: input, options: ClusterOptions(neighbourSearch: .supercluster))
    print(String(format: "build_supercluster_search_seconds %.3f", now() - start))
    print(String(format: "build_supercluster_search_cpu_seconds %.3f", cpuNow() - startCPU))
    print("same_cluster_count_as_grid \(exact.clusterCount == index.clusterCount)")
}
print(String(format: "index_bytes_per_point %.1f", Double(index.memoryFootprint) / Double(input.count)))
print("clusters \(index.clusterCount)")

func timeQuery(repeats: Int, _ body: () -> Int) -> (seconds: Double, result: Int) {
    var samples: [Double] = []
    var result = 0
    for _ in 0..<5 {
        let start = now()
        for _ in 0..<repeats { result = body() }
        samples.append((now() - start) / Double(repeats))
    }
    return (median(samples), result)
}

for zoom in 0...16 {
    let count = index.markerCount(west: -180, south: -90, east: 180, north: 90, zoom: Double(zoom))
    guard count <= 1000 else { break }
    let (seconds, markers) = timeQuery(repeats: 200) {
        index.markers(west: -180, south: -90, east: 180, north: 90, zoom: Double(zoom)).count
    }
    print(String(format: "world_query_z%d_ms %.4f markers %d", zoom, seconds * 1000, markers))
    let (countSeconds, _) = timeQuery(repeats: 200) {
        index.markerCount(west: -180, south: -90, east: 180, north: 90, zoom: Double(zoom))
    }
    print(String(format: "world_query_tree_only_z%d_ms %.4f", zoom, countSeconds * 1000))
}
// A city-sized box (about 10 × 10 km around Paris) at zoom 12.
let (citySeconds, cityMarkers) = timeQuery(repeats: 2000) {
    index.markers(west: 2.28, south: 48.81, east: 2.42, north: 48.90, zoom: 12).count
}
print(String(format: "city_box_z12_us %.2f markers %d", citySeconds * 1e6, cityMarkers))
