// The Swift side of geometry/compare.sh: the same three measurements as the C programs in
// baselines/, on the same inputs, timed the same way (process CPU time, median of 9 runs),
// printed in the same line format.
import BenchmarkInputs
import MapGeometry

#if canImport(Glibc)
import Glibc
#endif

// `GeometryCompare [name...]` runs only the named measurements; REPETITIONS and ITERATIONS in
// the environment shorten a run (for valgrind --tool=callgrind, say).
let selected = Set(CommandLine.arguments.dropFirst())
func setting(_ name: String, default value: Int) -> Int {
    getenv(name).flatMap { Int(String(cString: $0)) } ?? value
}
let repetitions = setting("REPETITIONS", default: 9)

func isSelected(_ name: String) -> Bool { selected.isEmpty || selected.contains(name) }

/// CPU time of this process in nanoseconds, as the C baselines measure it.
func cpuNowNanoseconds() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
    return Double(time.tv_sec) * 1e9 + Double(time.tv_nsec)
}

/// Runs `body` (which does `operations` operations) `repetitions` times and prints the median ns/op.
func measure(_ name: String, operations: Int, setUp: () -> Void = {}, _ body: () throws -> Void) rethrows {
    guard isSelected(name) else { return }
    var results: [Double] = []
    for _ in 0..<repetitions {
        setUp()
        let start = cpuNowNanoseconds()
        try body()
        results.append((cpuNowNanoseconds() - start) / Double(operations))
    }
    results.sort()
    let median = results[repetitions / 2]
    print("\(name) \(fixed(median)) ns/op (median of \(repetitions), min \(fixed(results[0])), max \(fixed(results[repetitions - 1])))")
}

func fixed(_ value: Double) -> String {
    let hundredths = (value * 100).rounded()
    let whole = Int(hundredths / 100), fraction = Int(hundredths) % 100
    return "\(whole)." + (fraction < 10 ? "0" : "") + "\(fraction)"
}

/// Keeps results alive so the optimiser cannot drop the work.
nonisolated(unsafe) var sink = 0.0

let iterations = setting("ITERATIONS", default: 200_000)
let building = Geometry.polygon(BenchmarkInputs.buildingPolygon())
let street = BenchmarkInputs.street()

// Validity: value -> GEOS (bulk copy) -> GEOSisValidDetail_r -> destroy, per operation.
var validCount = 0
_ = try building.validity()
try measure("validity.build", operations: iterations) {
    for _ in 0..<iterations where try building.validity().isValid { validCount += 1 }
}
// Validity of a geometry kept inside GEOS.
let prebuilt = try GeosGeometry(building)
try measure("validity.prebuilt", operations: iterations) {
    for _ in 0..<iterations where try prebuilt.validity().isValid { validCount += 1 }
}
guard validCount % iterations == 0 else { fatalError("the building polygon was reported invalid") }

// Geodesic length of the 10-vertex street.
measure("geodesic.length", operations: iterations) {
    for _ in 0..<iterations { sink += Geodesic.length(of: street) }
}

// EPSG:4326 -> EPSG:3857 of 1M points in one call.
if isSelected("transform.4326to3857") {
    let transform = try CoordinateTransform(from: "EPSG:4326", to: "EPSG:3857")
    let input = (0..<BenchmarkInputs.transformPointCount).map { index in
        let point = BenchmarkInputs.transformPoint(index)
        return Coordinate(x: point.longitude, y: point.latitude)
    }
    var coordinates: [Coordinate] = []
    _ = try transform.transform(Coordinate(x: 0, y: 0))  // the first call clones PROJ's handle for this thread
    try measure("transform.4326to3857", operations: input.count, setUp: { coordinates = input }) {
        try transform.transform(&coordinates)
    }
    print("# first point -> \(coordinates[0])")
}
// A check line for the reader: the same numbers as the C programs print.
print("# length of the street: \(Geodesic.length(of: street)) m")
