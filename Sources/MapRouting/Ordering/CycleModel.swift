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
///
/// On an open path (a free end) the start and the dummy end also carry a potential of
/// minus one penalty: it is taken off every cost of theirs, so the dummy costs 0 to every
/// place, the start its plain cost, and their closing edge −2 penalties. Every cycle uses two
/// edges of each, so every cycle costs 4 penalties less and the cheapest is the same. But a
/// move's running gain no longer starts or ends a penalty away from the real one: without
/// the potential, a chain from the dummy end ran its full depth (its gain never fell to 0)
/// and no chain could make a place the new end (joining the dummy cost a penalty). With it
/// the dummy is every place's nearest candidate, as LKH's dummy node is. Measured on
/// 500–5,000 GeoNames places, open, 0.2/1/2 s, 8 seeds: shorter in 6 of 12 cases, longer in
/// 4 (2,000 places at 0.2 s, 5,000 at 0.2 and 2 s, where a kick costs 17 % more work).
struct CycleModel {
    let table: CostTable
    /// The model node where the cycle's path begins.
    let start: Int
    /// The model node where the path ends (its edge to `start` is free).
    let terminal: Int
    /// For each model node, the problem's place, or nil for the dummy end.
    let places: [Int?]
    /// Each model node's rank: start 0, first group, others, last group, terminal.
    let ranks: [Int]
    /// True when the problem has a first or last group.
    var hasGroups: Bool { (ranks.max() ?? 0) > 2 }
    /// True when the path may end anywhere (the terminal is a dummy).
    var hasFreeEnd: Bool { places[terminal] == nil }
    /// The potential of the start and the free end (see above): one rank penalty with a free
    /// end, else 0. Round trips measured longer with it (2,000 places at 1 and 2 s).
    private static func endPotential(places: [Int?], terminal: Int, rankPenalty: Double) -> Double {
        places[terminal] == nil ? rankPenalty : 0
    }
    let isSymmetric: Bool
    /// Smallest cost change the search treats as an improvement.
    let epsilon: Double

    init(_ problem: TourProblem) {
        switch problem.costs {
        case .matrix(let costs): self.init(problem, matrix: costs)
        case .geodesic(let costs, let objective): self.init(problem, measured: costs, objective: objective)
        }
    }

    /// The terminal node and each model node's place (nil for a free dummy end).
    private static func nodes(_ problem: TourProblem) -> (terminal: Int, places: [Int?]) {
        let n = problem.costs.count
        var places: [Int?] = Array(0..<n)
        switch problem.end {
        case .at(let stop): return (stop, places)
        case .anywhere: places.append(nil)
        case .returnToStart: places.append(problem.start)
        }
        return (n, places)
    }

    /// Each model node's rank: start 0, first, others, last, terminal.
    private static func ranks(_ problem: TourProblem, terminal: Int, places: [Int?]) -> [Int] {
        let firstRank = problem.first.isEmpty ? 0 : 1
        let middleRank = firstRank + 1
        let lastRank = problem.last.isEmpty ? middleRank : middleRank + 1
        return places.indices.map { node in
            if node == problem.start { return 0 }
            if node == terminal { return lastRank + 1 }
            if let place = places[node], problem.first.contains(place) { return firstRank }
            if let place = places[node], problem.last.contains(place) { return lastRank }
            return middleRank
        }
    }

    /// Geodesic estimates, measured per pair by ``MeasuredCycleCosts`` under the same rules.
    private init(_ problem: TourProblem, measured costs: GeodesicCosts, objective: RouteObjective) {
        let (terminal, places) = Self.nodes(problem)
        let n = costs.count
        let pathBound = Double(n + 1) * MeasuredCycleCosts.largestCostBound(costs, objective: objective) + 1
        let ranks = Self.ranks(problem, terminal: terminal, places: places)
        let measured = MeasuredCycleCosts(
            costs: costs, objective: objective, size: places.count, start: problem.start, terminal: terminal,
            terminalCopy: terminal == n ? places[n] : nil, ranks: ranks, rankPenalty: pathBound,
            endPotential: Self.endPotential(places: places, terminal: terminal, rankPenalty: pathBound))
        self.table = CostTable(measured: measured)
        self.start = problem.start
        self.terminal = terminal
        self.places = places
        self.ranks = ranks
        self.isSymmetric = true
        self.epsilon = 1e-9 * pathBound
    }

    private init(_ problem: TourProblem, matrix costs: CostMatrix) {
        let n = costs.count
        let (terminal, places) = Self.nodes(problem)
        let size = places.count
        let table = CostTable(size: size)
        let rows = table.values!  // a dense table always has its values
        // One pass over the n² costs: copy the places' rows and find the largest finite cost
        // (the penalties below are scaled from it). Large problems spend most of their setup
        // in passes like this one, so the rarer work is done afterwards on few entries.
        var maxFinite = 0.0
        var hasUnreachable = false
        costs.values.withUnsafeBufferPointer { source in
            for from in 0..<n {
                let row = rows + from * size
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
                let row = rows + from * size
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
        let ranks = Self.ranks(problem, terminal: terminal, places: places)
        // Only pairs of different ranks change: visit them rank by rank (the many middle
        // nodes meet only the few start, group and terminal nodes).
        var nodesByRank = [[Int]](repeating: [], count: (ranks.max() ?? 0) + 1)
        for node in 0..<size { nodesByRank[ranks[node]].append(node) }
        for from in 0..<size {
            let row = rows + from * size
            for (rank, nodes) in nodesByRank.enumerated() where rank != ranks[from] {
                let penalty = rankPenalty * Double(abs(ranks[from] - rank))
                for to in nodes { row[to] += penalty }
            }
        }
        let symmetricBeforeClosing = table.isSymmetric
        table[terminal, problem.start] = 0
        // The reverse direction stays free only when the search ignores direction.
        table[problem.start, terminal] = symmetricBeforeClosing ? 0 : 4 * unreachable
        let potential = Self.endPotential(places: places, terminal: terminal, rankPenalty: rankPenalty)
        for node in [problem.start, terminal] where potential != 0 {
            for other in 0..<size where other != node {
                table[node, other] -= potential
                table[other, node] -= potential
            }
        }

        self.table = table
        self.start = problem.start
        self.terminal = terminal
        self.places = places
        self.ranks = ranks
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

    /// `cycle` read from the start, its nodes stably sorted by rank: a cycle that visits the
    /// groups in order. A construction that ignores the ranks can leave a group member out
    /// of place where no improving move brings it back (each move of it would cross many
    /// nodes), so the search starts from this instead.
    func orderedByRank(_ cycle: [Int]) -> [Int] {
        guard let at = cycle.firstIndex(of: start) else { return cycle }
        let fromStart = Array(cycle[at...] + cycle[..<at])
        return fromStart.enumerated()
            .sorted { (ranks[$0.element], $0.offset) < (ranks[$1.element], $1.offset) }
            .map(\.element)
    }

    /// The cost of a path from the start to the terminal through the model's nodes.
    func cost(ofPath path: [Int]) -> Double {
        zip(path, path.dropFirst()).reduce(0) { $0 + table[$1.0, $1.1] }
    }
}
