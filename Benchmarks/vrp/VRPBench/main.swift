import Foundation
import BenchmarkInstances
import MapRouting

// VRPBench DIR NAME BUDGET_MS RUNS [ITERATIONS|default] [FIRST_SEED]: solves instance NAME (DIR/NAME.vrp
// or DIR/NAME.txt) RUNS times with seeds FIRST_SEED... (default 1), and prints one line per run:
// name, budget, seed, cost (published units), routes, unassigned stops, wall seconds,
// iterations, CPU seconds. Without ITERATIONS the time budget is the only stop (cooling
// follows the clock); with ITERATIONS (> 0) the run is deterministic and BUDGET_MS only a cap
// (0 = none), which makes runs comparable on a loaded machine. `default` runs FleetSearchOptions'
// defaults (the library's iteration budget and searches) under BUDGET_MS.
let arguments = CommandLine.arguments
if arguments.count > 1 && arguments[1] == "--geodesic" { runGeodesic(Array(arguments.dropFirst(2))) }
guard (5...7).contains(arguments.count), let budget = Int(arguments[3]), let runs = Int(arguments[4]),
    let iterationArgument = arguments.count > 5 ? (arguments[5] == "default" ? -1 : Int(arguments[5])) : 0,
    let firstSeed = arguments.count > 6 ? Int(arguments[6]) : 1
else {
    FileHandle.standardError.write(Data("usage: VRPBench DIR NAME BUDGET_MS RUNS [ITERATIONS] [FIRST_SEED]\n".utf8))
    exit(64)
}
let iterations: Int? = iterationArgument > 0 ? iterationArgument : iterationArgument < 0 ? nil : Int.max
let (folder, name) = (arguments[1], arguments[2])
let instance: VRPLIBInstance
do {
    if let text = try? String(contentsOfFile: "\(folder)/\(name).vrp", encoding: .utf8) {
        instance = try VRPLIBInstance(cvrp: text)
    } else {
        instance = try VRPLIBInstance(solomon: String(contentsOfFile: "\(folder)/\(name).txt", encoding: .utf8))
    }
} catch {
    FileHandle.standardError.write(Data("\(name): \(error)\n".utf8))
    exit(66)
}
/// `duration` in seconds.
func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) * 1e-18
}

/// CPU seconds this process has used so far.
func cpuSeconds() -> Double {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) * 1e-6
        + Double(usage.ru_stime.tv_sec) + Double(usage.ru_stime.tv_usec) * 1e-6
}

for seed in firstSeed..<(firstSeed + max(runs, 1)) {
    let started = ContinuousClock.now
    let cpuStarted = cpuSeconds()
    let solution = FleetSolver.solve(
        instance.problem,
        options: FleetSearchOptions(
            seed: UInt64(seed), iterations: iterations, timeLimit: budget > 0 ? .milliseconds(budget) : nil))
    let elapsed = seconds(started.duration(to: .now))
    print(name, budget, seed, solution.cost / instance.costScale, solution.routes.count, solution.unassigned.count,
          String(format: "%.3f", elapsed), solution.iterations, String(format: "%.3f", cpuSeconds() - cpuStarted))
}
