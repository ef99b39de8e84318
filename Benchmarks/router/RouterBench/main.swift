import Foundation
import BenchmarkInstances
import MapRouting

// Usage: RouterBench DIR NAME[,NAME…] BUDGET_MS[,…] [RUNS]   (or --stops, see StopsMode.swift; --reach, see ReachMode.swift)
// Prints one line per instance, budget and run: name n budget_ms seconds length optimum gap%
let arguments = CommandLine.arguments
if arguments.count > 1 && arguments[1] == "--stops" {
    try runStopsMode(Array(arguments.dropFirst(2)))
    exit(0)
}
if arguments.count > 1 && arguments[1] == "--reach" {
    try runReachMode(Array(arguments.dropFirst(2)))
    exit(0)
}
guard arguments.count >= 4 else {
    FileHandle.standardError.write("usage: RouterBench DIR NAMES BUDGETS_MS [RUNS]\n".data(using: .utf8)!)
    exit(64)
}
let directory = URL(fileURLWithPath: arguments[1])
let names = arguments[2].split(separator: ",").map(String.init)
let budgets = arguments[3].split(separator: ",").compactMap { Int($0) }
let runs = arguments.count > 4 ? Int(arguments[4]) ?? 1 : 1

var optima: [String: Double] = [:]
let csv = try String(contentsOf: directory.appendingPathComponent("optima.csv"), encoding: .utf8)
for line in csv.split(separator: "\n").dropFirst() {
    let fields = line.split(separator: ",")
    if fields.count == 4, let value = Double(fields[3]) { optima[String(fields[0])] = value }
}

for name in names {
    let text = try String(contentsOf: directory.appendingPathComponent("\(name).tsp"), encoding: .utf8)
    let instance = try TSPLIBInstance(text: text)
    let matrix = try instance.costMatrix()
    let problem = try TourProblem(costs: matrix, start: 0, end: .returnToStart)
    for budget in budgets {
        for run in 0..<runs {
            // ROUTERBENCH_AUTOMATIC=1: the product's deterministic iteration budget, budget as a cap only.
            let automatic = ProcessInfo.processInfo.environment["ROUTERBENCH_AUTOMATIC"] == "1"
            let options = TourSearchOptions(
                seed: UInt64(run + 1), iterations: automatic ? nil : Int.max, timeLimit: .milliseconds(budget))
            let clock = ContinuousClock()
            var solution: TourSolution?
            let elapsed = clock.measure { solution = try? TourSolver.solve(problem, options: options) }
            guard let solution else { continue }
            let seconds = Double(elapsed.components.attoseconds) / 1e18 + Double(elapsed.components.seconds)
            let optimum = optima[name] ?? .nan
            let gap = (solution.cost - optimum) / optimum * 100
            print(String(format: "%@ %d %d %.4f %.0f %.0f %.4f %d", name, matrix.count, budget, seconds,
                         solution.cost, optimum, gap, solution.iterations))
        }
    }
}
