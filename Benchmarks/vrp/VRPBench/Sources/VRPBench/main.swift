import Foundation
import MapRouting

// VRPBench DIR NAME BUDGET_MS RUNS: solves instance NAME (DIR/NAME.vrp or DIR/NAME.txt) RUNS
// times with seeds 1...RUNS, unlimited iterations and the time budget as the only stop,
// and prints one line per run: name, budget, seed, cost (published units), routes,
// unassigned stops, wall seconds.
let arguments = CommandLine.arguments
guard arguments.count == 5, let budget = Int(arguments[3]), let runs = Int(arguments[4]) else {
    FileHandle.standardError.write(Data("usage: VRPBench DIR NAME BUDGET_MS RUNS\n".utf8))
    exit(64)
}
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
for seed in 1...max(runs, 1) {
    let started = ContinuousClock.now
    let solution = FleetSolver.solve(
        instance.problem,
        options: FleetSearchOptions(seed: UInt64(seed), iterations: Int.max, timeLimit: .milliseconds(budget)))
    let elapsed = started.duration(to: .now)
    let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
    print(name, budget, seed, solution.cost / instance.costScale, solution.routes.count, solution.unassigned.count,
          String(format: "%.3f", seconds), solution.iterations)
}
