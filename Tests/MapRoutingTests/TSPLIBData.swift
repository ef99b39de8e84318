import Foundation
import TestSupport
import BenchmarkInstances
@testable import MapRouting

/// The TSPLIB instances of the shared data, with their published optima.
enum TSPLIBData {
    static let tsplib = SharedData.url("tsplib")
    static var isAvailable: Bool { FileManager.default.fileExists(atPath: tsplib.appendingPathComponent("optima.csv").path) }

    /// Published optimum per TSPLIB instance name.
    static func optima() throws -> [String: Int] {
        let text = try String(contentsOf: tsplib.appendingPathComponent("optima.csv"), encoding: .utf8)
        var result: [String: Int] = [:]
        for line in text.split(separator: "\n").dropFirst() {
            let fields = line.split(separator: ",")
            if fields.count == 4, let value = Int(fields[3]) { result[String(fields[0])] = value }
        }
        return result
    }

    static func instance(_ name: String) throws -> TSPLIBInstance {
        try TSPLIBInstance(text: String(contentsOf: tsplib.appendingPathComponent("\(name).tsp"), encoding: .utf8))
    }
}

/// Test fixtures: random matrices and the brute-force optimum to check the solver against.
enum Fixtures {
    /// A random matrix of integer costs 1...1000 (symmetric unless asked otherwise).
    static func randomMatrix(count: Int, symmetric: Bool = true, seed: UInt64) -> CostMatrix {
        var random = RandomSource(seed: seed)
        var values = [Double](repeating: 0, count: count * count)
        for i in 0..<count {
            for j in 0..<count where i != j {
                if symmetric && j < i { values[i * count + j] = values[j * count + i]; continue }
                values[i * count + j] = Double(1 + random.below(1000))
            }
        }
        return try! CostMatrix(count: count, values: values)
    }

    /// Straight-line costs between `count` random points of a 10,000 × 10,000 square.
    static func randomPlaneMatrix(count: Int, seed: UInt64) -> CostMatrix {
        var random = RandomSource(seed: seed)
        let points = (0..<count).map { _ in (Double(random.below(10_000)), Double(random.below(10_000))) }
        var values = [Double](repeating: 0, count: count * count)
        for i in 0..<count {
            for j in 0..<count { values[i * count + j] = hypot(points[i].0 - points[j].0, points[i].1 - points[j].1) }
        }
        return try! CostMatrix(count: count, values: values)
    }

    /// The cost of `order` under `problem` (return leg included for a round trip).
    static func cost(of order: [Int], in problem: TourProblem) -> Double {
        var total = zip(order, order.dropFirst()).reduce(0.0) { $0 + problem.costs[$1.0, $1.1] }
        if problem.end == .returnToStart, let last = order.last { total += problem.costs[last, problem.start] }
        return total
    }

    /// True when `order` visits every place once and respects start, end and groups.
    static func isFeasible(_ order: [Int], for problem: TourProblem) -> Bool {
        guard order.first == problem.start, Set(order).count == problem.costs.count, order.count == problem.costs.count
        else { return false }
        if case .at(let end) = problem.end, order.last != end { return false }
        let inner = order.dropFirst().filter { $0 != problem.end.fixedPlace }
        let ranks = inner.map { problem.first.contains($0) ? 0 : problem.last.contains($0) ? 2 : 1 }
        return ranks == ranks.sorted()
    }

    /// The optimum by trying every order (depth first, cutting branches already dearer
    /// than the best complete order; for up to about 10 places).
    static func bruteForce(_ problem: TourProblem) -> Double {
        let costs = problem.costs
        let fixedEnd = problem.end.fixedPlace
        let middle = (0..<costs.count).filter { $0 != problem.start && $0 != fixedEnd }
        let rank = { (place: Int) in problem.first.contains(place) ? 0 : problem.last.contains(place) ? 2 : 1 }
        var used = [Bool](repeating: false, count: costs.count)
        var best = Double.infinity
        func extend(from place: Int, placed: Int, cost: Double, lastRank: Int) {
            guard cost < best else { return }
            if placed == middle.count {
                var total = cost
                if let fixedEnd { total += costs[place, fixedEnd] }
                if problem.end == .returnToStart { total += costs[place, problem.start] }
                best = min(best, total)
                return
            }
            for next in middle where !used[next] && rank(next) >= lastRank {
                used[next] = true
                extend(from: next, placed: placed + 1, cost: cost + costs[place, next], lastRank: rank(next))
                used[next] = false
            }
        }
        extend(from: problem.start, placed: 0, cost: 0, lastRank: 0)
        return best
    }
}
