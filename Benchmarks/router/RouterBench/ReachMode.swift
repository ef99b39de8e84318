import Foundation
import BenchmarkInstances
import MapRouting

/// `RouterBench --reach CASES SEEDS [MAX_ITERATIONS]`: for each case and seed, the fewest
/// iterations whose deterministic run (no time limit) reaches the target cost, and the CPU
/// time of that run. A case is `tsplib:DIR/NAME.tsp[:GAP]` (target: the optimum in optima.csv beside it, plus GAP percent) or
/// `stops:FILE.geojson:N:TARGET` (round trip through the first N sites on integer metres).
/// The search is a prefix of itself (the run with budget m repeats the first m iterations of
/// any longer run), so the best cost falls monotonically with the budget and a doubling plus
/// bisection finds the first budget that reaches the target. Unlike a wall-clock benchmark on
/// a loaded machine this is repeatable; CPU time per run shows what the iterations cost.
/// Prints: case seed iterations cpu_ms (or "-" when MAX_ITERATIONS is not enough).
/// Environment: ROUTERBENCH_NEIGHBOURS=K sets the candidate list length;
/// ROUTERBENCH_PRINT_TOURS=N prints each seed's cost and order after N iterations instead.
func runReachMode(_ arguments: [String]) throws {
    let seeds = arguments[1].split(separator: ",").flatMap { part -> [Int] in
        let bounds = part.split(separator: "-").compactMap { Int($0) }
        return bounds.count == 2 ? Array(bounds[0]...bounds[1]) : bounds
    }
    let maxIterations = arguments.count > 2 ? Int(arguments[2]) ?? 1 << 20 : 1 << 20
    for spec in arguments[0].split(separator: ",").map(String.init) {
        let (label, problem, target) = try reachCase(spec)
        if let its = ProcessInfo.processInfo.environment["ROUTERBENCH_PRINT_TOURS"].flatMap({ Int($0) }) {
            for seed in seeds {
                let s = try TourSolver.solve(problem, options: TourSearchOptions(seed: UInt64(seed), iterations: its, timeLimit: nil))
                print("TOUR", seed, s.cost, s.order.map(String.init).joined(separator: ","))
            }
            continue
        }
        for seed in seeds {
            func run(_ iterations: Int) -> (cost: Double, cpuMs: Double) {
                var options = TourSearchOptions(seed: UInt64(seed), iterations: iterations, timeLimit: nil)
                if let k = ProcessInfo.processInfo.environment["ROUTERBENCH_NEIGHBOURS"].flatMap({ Int($0) }) {
                    options.neighbourCount = k
                }
                let before = threadCPUTime()
                let cost = (try? TourSolver.solve(problem, options: options))?.cost ?? .infinity
                return (cost, (threadCPUTime() - before) * 1000)
            }
            var high = 1
            while run(high).cost > target + 0.5 && high < maxIterations { high *= 2 }
            guard run(high).cost <= target + 0.5 else { print("\(label) \(seed) - -"); continue }
            var low = high / 2  // does not reach (or 0)
            while high - low > 1 {
                let middle = (low + high) / 2
                if run(middle).cost <= target + 0.5 { high = middle } else { low = middle }
            }
            // The median of three timings of the reaching run.
            let times = (0..<3).map { _ in run(high).cpuMs }.sorted()
            print(String(format: "%@ %d %d %.3f", label, seed, high, times[1]))
        }
    }
}

private func reachCase(_ spec: String) throws -> (String, TourProblem, Double) {
    let parts = spec.split(separator: ":").map(String.init)
    if parts[0] == "tsplib" {
        let url = URL(fileURLWithPath: parts[1])
        let instance = try TSPLIBInstance(text: try String(contentsOf: url, encoding: .utf8))
        let csv = try String(contentsOf: url.deletingLastPathComponent().appendingPathComponent("optima.csv"), encoding: .utf8)
        let name = url.deletingPathExtension().lastPathComponent
        var optimum = 0.0
        for line in csv.split(separator: "\n") {
            let fields = line.split(separator: ",")
            if fields.count == 4, fields[0] == name, let value = Double(fields[3]) { optimum = value }
        }
        // An optional third part: the target's gap above the optimum, in percent.
        let gap = parts.count > 2 ? Double(parts[2]) ?? 0 : 0
        let target = (optimum * (1 + gap / 100)).rounded(.down)
        return (name, try TourProblem(costs: instance.costMatrix(), start: 0, end: .returnToStart), target)
    }
    let size = Int(parts[2]) ?? 0
    let matrix = try stopsMatrix(file: parts[1], size: size)
    return ("stops-\(size)", try TourProblem(costs: matrix, start: 0, end: .returnToStart), Double(parts[3]) ?? 0)
}

/// CPU seconds used by this thread (immune to other processes on a loaded machine).
func threadCPUTime() -> Double {
    var spec = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &spec)
    return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
}
