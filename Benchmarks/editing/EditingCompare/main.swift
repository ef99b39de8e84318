import Foundation
import MapEditing
import MapGeometry

// Reads the polygon file of make_polygons.py and times, per whole file (process CPU time,
// median of REPS runs):
//   validate  EditValidator.validate on the raw drawing: structure checks, the move into GEOS,
//             GEOSisValidDetail_r and the findings (what `mapctl validate` does per feature);
//   bridge    Geometry.validity(): the MapGeometry bridge alone (value into GEOS, the check),
//             for the breakdown.
// Prints "swift <input> <validate|bridge> <median CPU ms> <invalid count>".

func cpuMilliseconds() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
    return Double(time.tv_sec) * 1e3 + Double(time.tv_nsec) / 1e6
}

func load(_ path: String) throws -> [DrawnGeometry] {
    let text = try String(contentsOfFile: path, encoding: .utf8)
    return text.split(separator: "\n").map { line in
        .polygon(line.split(separator: "|").map { ring in
            let values = ring.split(separator: " ").map { Double($0)! }
            return stride(from: 0, to: values.count, by: 2).map { DrawnPosition(values[$0], values[$0 + 1]) }
        })
    }
}

func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }

let arguments = CommandLine.arguments
guard arguments.count >= 2 else {
    FileHandle.standardError.write("usage: EditingCompare FILE [REPS]\n".data(using: .utf8)!)
    exit(64)
}
let path = arguments[1]
let repetitions = arguments.count > 2 ? Int(arguments[2])! : 5
let name = URL(fileURLWithPath: path).lastPathComponent
let drawings = try load(path)
let values = drawings.map { drawing -> Geometry in
    guard case let .polygon(rings) = drawing else { fatalError() }
    return .polygon(try! Polygon(rings.map { $0.map { try! Position($0.longitude, $0.latitude) } }))
}

let validator = try EditValidator()
var times: [Double] = []
var invalid = 0
for _ in 0..<repetitions {
    invalid = 0
    let start = cpuMilliseconds()
    for drawing in drawings where !validator.validate(drawing).isValid { invalid += 1 }
    times.append(cpuMilliseconds() - start)
}
print("swift \(name) validate \(String(format: "%.2f", median(times))) \(invalid)")

// ONLY=validate skips the breakdown (for profiling the validator alone).
if ProcessInfo.processInfo.environment["ONLY"] == "validate" { exit(0) }
times = []
for _ in 0..<repetitions {
    invalid = 0
    let start = cpuMilliseconds()
    for value in values where !(try value.validity().isValid) { invalid += 1 }
    times.append(cpuMilliseconds() - start)
}
print("swift \(name) bridge \(String(format: "%.2f", median(times))) \(invalid)")
