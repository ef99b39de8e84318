/// Every ``TourProblem`` as one closed tour (a cycle), so a single solver handles
/// open paths, fixed ends, round trips and first/last groups.
///
/// The problem's path from `start` to a terminal becomes a cycle closed by a free
/// edge terminal → start. The terminal is a dummy costing 0 to every place (end
/// anywhere), a copy of the start (round trip) or the fixed end. Groups get ranks
/// (start 0, first, others, last, terminal) and every edge pays `rankPenalty` per rank
/// it jumps; a cycle through all ranks pays at least the rank span, and exactly that
/// only when it visits the groups in order, so the cheapest cycle respects them.
/// The penalty exceeds any difference of path costs; an unreachable pair costs more
/// than all penalties together, so it is used only when nothing else is possible.
struct CycleModel {
    let table: CostTable
    /// The model node where the cycle's path begins.
    let start: Int
    /// The model node where the path ends (its edge to `start` is free).
    let terminal: Int
    /// For each model node, the problem's place, or nil for the dummy end.
    let places: [Int?]
    let isSymmetric: Bool
    /// Smallest cost change the search treats as an improvement.
    let epsilon: Double

    init(_ problem: TourProblem) {
        let costs = problem.costs
        let n = costs.count
        var places: [Int?] = Array(0..<n)
        let terminal: Int
        switch problem.end {
        case .at(let stop): terminal = stop
        case .anywhere: terminal = n; places.append(nil)
        case .returnToStart: terminal = n; places.append(problem.start)
        }
        let size = places.count
        let table = CostTable(size: size)

        // One pass over the n² costs: copy the places' rows and find the largest finite cost
        // (the penalties below are scaled from it). Large problems spend most of their setup
        // in passes like this one, so the rarer work is done afterwards on few entries.
        var maxFinite = 0.0
        var hasUnreachable = false
        costs.values.withUnsafeBufferPointer { source in
            for from in 0..<n {
                let row = table.values + from * size
                let sourceRow = source.baseAddress! + from * n
                for to in 0..<n {
                    let cost = sourceRow[to]
                    row[to] = cost
                    if cost.isFinite { maxFinite = max(maxFinite, cost) } else { hasUnreachable = true }
                }
                row[from] = 0
            }
        }
        let pathBound = Double(n + 1) * maxFinite + 1
        let rankPenalty = pathBound
        let unreachable = 16 * pathBound
        if hasUnreachable {
            for from in 0..<n {
                let row = table.values + from * size
                for to in 0..<n where !row[to].isFinite { row[to] = unreachable }
            }
        }

        if terminal == n {
            // The extra terminal: free (dummy end) or a copy of the start.
            let copy = places[n]
            costs.values.withUnsafeBufferPointer { source in
                for to in 0..<n {
                    let cost = copy.map { source[$0 * n + to] } ?? 0
                    table[n, to] = cost.isFinite ? cost : unreachable
                }
                for from in 0..<n {
                    let toTerminal = copy.map { source[from * n + $0] } ?? 0
                    table[from, n] = toTerminal.isFinite ? toTerminal : unreachable
                }
            }
            if let copy { table[copy, n] = 0; table[n, copy] = 0 }
            table[n, n] = 0
        }

        // Groups get ranks; every edge between ranks pays the penalty per rank it jumps.
        var ranks = [Int](repeating: 0, count: size)
        let firstRank = problem.first.isEmpty ? 0 : 1
        let middleRank = firstRank + 1
        let lastRank = problem.last.isEmpty ? middleRank : middleRank + 1
        for node in 0..<size {
            guard node != problem.start else { continue }
            if node == terminal {
                ranks[node] = lastRank + 1
            } else if let place = places[node], problem.first.contains(place) {
                ranks[node] = firstRank
            } else if let place = places[node], problem.last.contains(place) {
                ranks[node] = lastRank
            } else {
                ranks[node] = middleRank
            }
        }
        // Only pairs of different ranks change: visit them rank by rank (the many middle
        // nodes meet only the few start, group and terminal nodes).
        var nodesByRank = [[Int]](repeating: [], count: lastRank + 2)
        for node in 0..<size { nodesByRank[ranks[node]].append(node) }
        for from in 0..<size {
            let row = table.values + from * size
            for (rank, nodes) in nodesByRank.enumerated() where rank != ranks[from] {
                let penalty = rankPenalty * Double(abs(ranks[from] - rank))
                for to in nodes { row[to] += penalty }
            }
        }
        let symmetricBeforeClosing = table.isSymmetric
        table[terminal, problem.start] = 0
        // The reverse direction stays free only when the search ignores direction.
        table[problem.start, terminal] = symmetricBeforeClosing ? 0 : 4 * unreachable

        self.table = table
        self.start = problem.start
        self.terminal = terminal
        self.places = places
        self.isSymmetric = symmetricBeforeClosing
        self.epsilon = 1e-9 * pathBound
    }

    /// The problem's order for a model cycle (any rotation or, when symmetric, direction).
    func order(fromCycle cycle: [Int]) -> [Int] {
        let count = cycle.count
        guard let at = cycle.firstIndex(of: start) else { return [] }
        let forward = cycle[(at + count - 1) % count] == terminal
        var path = [Int]()
        path.reserveCapacity(count)
        for step in 0..<count {
            let index = forward ? (at + step) % count : (at - step + count) % count
            path.append(cycle[index])
        }
        // The path now runs start … terminal; the dummy and the start's copy are dropped.
        if places[terminal] == nil || places[terminal] == places[start] { path.removeLast() }
        return path.compactMap { places[$0] }
    }

    /// The cost of a path from the start to the terminal through the model's nodes.
    func cost(ofPath path: [Int]) -> Double {
        zip(path, path.dropFirst()).reduce(0) { $0 + table[$1.0, $1.1] }
    }
}
