import Foundation
import MapGeometry
import MapGeoJSON
import MapRouting

/// `RouterBench --stops FILE SIZES BUDGETS_MS RUNS OUT_DIR`: round trips through the first
/// N sites of a stops GeoJSON file, on integer metres (geodesic distance, rounded), so the
/// peers in compare_stops.py solve exactly the same matrix. Writes OUT_DIR/stops-N.json
/// (the matrix) and prints: stops-N n budget_ms seconds length iterations.
func runStopsMode(_ arguments: [String]) throws {
    let sizes = arguments[1].split(separator: ",").compactMap { Int($0) }
    let budgets = arguments[2].split(separator: ",").compactMap { Int($0) }
    let runs = Int(arguments[3]) ?? 1
    let outDirectory = URL(fileURLWithPath: arguments[4])
    for size in sizes {
        let matrix = try stopsMatrix(file: arguments[0], size: size)
        let n = matrix.count, values = matrix.values
        let rows = (0..<n).map { i in "[" + (0..<n).map { String(Int(values[i * n + $0])) }.joined(separator: ",") + "]" }
        try ("[" + rows.joined(separator: ",\n") + "]\n").write(
            to: outDirectory.appendingPathComponent("stops-\(n).json"), atomically: true, encoding: .utf8)
        let problem = try TourProblem(costs: matrix, start: 0, end: .returnToStart)
        for budget in budgets {
            for run in 0..<runs {
                let options = TourSearchOptions(seed: UInt64(run + 1), iterations: Int.max, timeLimit: .milliseconds(budget))
                let clock = ContinuousClock()
                var solution: TourSolution?
                let elapsed = clock.measure { solution = try? TourSolver.solve(problem, options: options) }
                guard let solution else { continue }
                let seconds = Double(elapsed.components.attoseconds) / 1e18 + Double(elapsed.components.seconds)
                print(String(format: "stops-%d %d %d %.4f %.0f %d", n, n, budget, seconds, solution.cost, solution.iterations))
            }
        }
    }
}

/// Integer metres (geodesic, rounded) between the first `size` stop sites of a GeoJSON file.
func stopsMatrix(file: String, size: Int) throws -> CostMatrix {
    let features = try GeoJSONReader().read(contentsOfFile: file).features
    let sites = StopGrouping.sites(from: try StopObject.objects(from: features))
    let positions = sites.prefix(size).map(\.position)
    let n = positions.count
    var values = [Double](repeating: 0, count: n * n)
    for i in 0..<n { for j in 0..<n where i != j {
        values[i * n + j] = Geodesic.distance(from: positions[i], to: positions[j]).rounded()
    } }
    return try CostMatrix(count: n, values: values)
}
