/// The local-search state: a tour as an array of nodes plus each node's position, a
/// work queue of nodes to examine (the "don't-look bits": a node leaves the queue when
/// no move around it improves, and returns when a move touches it), and a journal of
/// reversals so a rejected perturbation can be undone exactly.
///
/// Every change to the tour is a segment reversal. On a symmetric table the shorter
/// side of the cycle is reversed (same cycle, read the other way); on an asymmetric
/// table the direction matters, so the named segment itself is reversed.
final class SearchTour {
    let count: Int
    let table: CostTable
    /// The table's values when dense (read directly in the hot loops), else nil.
    private let dense: UnsafeMutablePointer<Double>?
    private let arcs: CycleArcs?
    let isSymmetric: Bool
    let epsilon: Double
    /// Candidate neighbours, `k` per node (see ``NeighbourLists``).
    let k: Int
    let candidates: UnsafeMutablePointer<Int32>
    /// α-nearest candidates (``AlphaNearness``), `alphaK` per node (0 without them).
    let alphaK: Int
    let alpha: UnsafeMutablePointer<Int32>
    /// With α lists, the cost of each α edge, `d(node, alpha[node * alphaK + i])`, and of each
    /// node's edge to its nearest candidate: the 3-opt chain reads them for every move it
    /// weighs, and measured costs take a square root each.
    let alphaCost: UnsafeMutablePointer<Double>
    let nearestCost: UnsafeMutablePointer<Double>
    let order: UnsafeMutablePointer<Int>
    let position: UnsafeMutablePointer<Int>
    /// Whether the local search tries the 3-opt chain (``improveByThreeOptChain(_:)``) before
    /// the other moves rather than after them.
    var chainFirst = false
    /// The model's start and terminal.
    let start: Int, terminal: Int
    /// The dummy end of an open path (costs 0 to every place, see ``CycleModel``), or -1.
    let freeEnd: Int
    /// The cycle's cost, kept up to date move by move.
    var cost: Double

    private let queue: UnsafeMutablePointer<Int>
    private let queued: UnsafeMutablePointer<Bool>
    private var queueHead = 0
    private var queueLength = 0

    /// Reversals since `startJournal()`, as position pairs.
    private var journal: [Int] = []
    private var journaling = false
    /// Longest segment whose reversal an asymmetric 2-opt move may evaluate.
    let asymmetricReversalLimit = 50
    /// Whether the local search also tries Lin–Kernighan chains (``improveByLinKernighan(_:)``):
    /// ``linKernighanApplies(to:)``, and no α-nearness candidates for the 3-opt chain.
    let usesLinKernighan: Bool
    /// Below this size the cheaper moves reach the optimum sooner without LK (RouterBench
    /// `--reach`, seeds 1–20: median CPU time to LKH's best 5 → 9 ms on 200 Helsinki stops and
    /// 63 → 273 ms on lin318 with it); from here LK wins at 0.2–1 s budgets.
    static let linKernighanFrom = 500

    /// Whether a search on `model` uses Lin–Kernighan chains: symmetric costs and
    /// ``linKernighanFrom`` nodes or more. The automatic kick budget depends on it too.
    static func linKernighanApplies(to model: CycleModel) -> Bool {
        model.isSymmetric && model.table.size >= linKernighanFrom
    }

    init(model: CycleModel, neighbours: NeighbourLists, alphaLists: AlphaNearness? = nil, initialOrder: [Int]) {
        count = initialOrder.count
        table = model.table
        dense = model.table.values
        arcs = model.table.measured?.arcs
        isSymmetric = model.isSymmetric
        // The 3-opt chain on α-nearness candidates supersedes the 2-opt chain: without it the
        // kicks are cheaper and the routes shorter (1 s, 1,000–5,000 GeoNames places).
        usesLinKernighan = Self.linKernighanApplies(to: model) && alphaLists == nil
        epsilon = model.epsilon
        (start, terminal) = (model.start, model.terminal)
        freeEnd = model.hasFreeEnd ? model.terminal : -1
        k = neighbours.k
        candidates = .allocate(capacity: max(neighbours.nodes.count, 1))
        for (index, node) in neighbours.nodes.enumerated() { candidates[index] = node }
        alphaK = alphaLists?.k ?? 0
        alpha = .allocate(capacity: max(alphaLists?.nodes.count ?? 0, 1))
        for (index, node) in (alphaLists?.nodes ?? []).enumerated() { alpha[index] = node }
        alphaCost = .allocate(capacity: max(alphaLists?.nodes.count ?? 0, 1))
        nearestCost = .allocate(capacity: alphaK > 0 ? count : 1)
        order = .allocate(capacity: count)
        position = .allocate(capacity: count)
        queue = .allocate(capacity: count)
        queued = .allocate(capacity: count)
        queued.initialize(repeating: false, count: count)
        for (index, node) in initialOrder.enumerated() {
            order[index] = node
            position[node] = index
        }
        cost = table.cost(ofCycle: initialOrder)
        for node in 0..<count where alphaK > 0 {
            nearestCost[node] = nearestPlace(of: node).map { d(node, $0) } ?? 0
            for index in 0..<alphaK { alphaCost[node * alphaK + index] = d(node, Int(alpha[node * alphaK + index])) }
        }
    }

    deinit {
        order.deallocate()
        position.deallocate()
        queue.deallocate()
        queued.deallocate()
        candidates.deallocate()
        alpha.deallocate()
        alphaCost.deallocate()
        nearestCost.deallocate()
    }

    var nodes: [Int] { Array(UnsafeBufferPointer(start: order, count: count)) }

    @inline(__always) func d(_ from: Int, _ to: Int) -> Double {
        if let dense { return dense[from &* count &+ to] }
        return arcs.unsafelyUnwrapped.cost(from, to)
    }

    @inline(__always) func next(_ node: Int) -> Int {
        let index = position[node] &+ 1
        return order[index == count ? 0 : index]
    }

    @inline(__always) func previous(_ node: Int) -> Int {
        let index = position[node]
        return order[index == 0 ? count &- 1 : index &- 1]
    }

    // MARK: Travel direction
    // Moves that search both ways round the tour walk it "forward" or backward.

    /// The node after `node` in the travel direction.
    @inline(__always) func after(_ node: Int, _ forward: Bool) -> Int { forward ? next(node) : previous(node) }

    /// The node before `node` in the travel direction.
    @inline(__always) func before(_ node: Int, _ forward: Bool) -> Int { forward ? previous(node) : next(node) }

    /// Steps from `from` to `node` in the travel direction.
    @inline(__always) func steps(_ from: Int, _ node: Int, _ forward: Bool) -> Int {
        var offset = forward ? position[node] - position[from] : position[from] - position[node]
        if offset < 0 { offset += count }
        return offset
    }

    // MARK: Reversals

    /// Reverses the tour between positions `from` and `to` (inclusive, going forward).
    func reversePositions(_ from: Int, _ to: Int) {
        var length = to - from
        if length < 0 { length += count }
        length += 1
        var left = from, right = to
        if isSymmetric && 2 * length > count {
            left = to + 1 == count ? 0 : to + 1
            right = from == 0 ? count - 1 : from - 1
            length = count - length
        }
        for _ in 0..<(length / 2) {
            let a = order[left], b = order[right]
            order[left] = b; position[b] = left
            order[right] = a; position[a] = right
            left = left + 1 == count ? 0 : left + 1
            right = right == 0 ? count - 1 : right - 1
        }
        if journaling { journal.append(from); journal.append(to) }
    }

    /// Replaces edges a–b and c–d by a–c and b–d, where b follows a and d follows c
    /// in the same direction of travel (either direction of the array). Returns the positions
    /// it reversed, as ``reversePositions(_:_:)`` took them, for a caller that takes moves back.
    @discardableResult
    func exchange(_ a: Int, _ b: Int, _ c: Int, _ d: Int) -> (from: Int, to: Int) {
        let (from, to) = next(a) == b ? (position[b], position[c]) : (position[c], position[b])
        reversePositions(from, to)
        return (from, to)
    }

    /// The cost change of travelling the forward path `from` … `to` backwards, or nil
    /// when it is longer than the asymmetric limit. Zero on a symmetric table.
    @inline(__always)
    func reversalChange(from: Int, to: Int) -> Double? {
        if isSymmetric { return 0 }
        var change = 0.0
        var node = from
        var steps = 0
        while node != to {
            let following = next(node)
            change += d(following, node) - d(node, following)
            node = following
            steps += 1
            if steps > asymmetricReversalLimit { return nil }
        }
        return change
    }

    // MARK: Journal

    func startJournal() {
        journal.removeAll(keepingCapacity: true)
        journaling = true
    }

    func stopJournal() { journaling = false }

    /// Undoes every reversal since `startJournal()` (each reversal is its own inverse).
    func undoJournal() {
        undoJournal(to: 0)
        journaling = false
    }

    /// Undoes `flips` (position pairs as ``reversePositions(_:_:)`` took them, oldest first),
    /// the last reversals made: the tentative flips of a move that did not pay off. While
    /// journaling they are the journal's tail, which ``undoJournal(to:)`` takes back.
    func takeBack(_ flips: UnsafeBufferPointer<Int>) {
        if journaling { return undoJournal(to: journal.count - flips.count) }
        for index in stride(from: flips.count - 2, through: 0, by: -2) {
            reversePositions(flips[index], flips[index + 1])
        }
    }

    /// Undoes the reversals recorded after `mark`.
    func undoJournal(to mark: Int) {
        let wasJournaling = journaling
        journaling = false
        var index = journal.count - 2
        while index >= mark {
            reversePositions(journal[index], journal[index + 1])
            index -= 2
        }
        journal.removeSubrange(mark...)
        journaling = wasJournaling
    }


    // MARK: Work queue (don't-look bits)

    @inline(__always)
    func enqueue(_ node: Int) {
        guard !queued[node] else { return }
        queued[node] = true
        var slot = queueHead + queueLength
        if slot >= count { slot -= count }
        queue[slot] = node
        queueLength += 1
    }

    @inline(__always)
    func dequeue() -> Int? {
        guard queueLength > 0 else { return nil }
        let node = queue[queueHead]
        queueHead = queueHead + 1 == count ? 0 : queueHead + 1
        queueLength -= 1
        queued[node] = false
        return node
    }

    /// The first of `node`'s candidates that is neither the start nor the terminal, whose
    /// costs are shifted (on an open path the dummy end, costing 0, is everyone's first).
    func nearestPlace(of node: Int) -> Int? {
        let list = candidates + node * k
        return (0..<k).lazy.map { Int(list[$0]) }.first { $0 != self.start && $0 != self.terminal }
    }

    /// The mean cost from a place to its first candidate place: the scale of one short edge.
    var meanNearestNeighbourCost: Double {
        var total = 0.0, counted = 0
        for node in 0..<count where node != start && node != terminal {
            guard let first = nearestPlace(of: node) else { continue }
            total += min(d(node, first), d(first, node))
            counted += 1
        }
        return counted == 0 ? 0 : total / Double(counted)
    }

    /// The exact cost of the current cycle (for checks; `cost` is kept incrementally).
    func recomputedCost() -> Double {
        var total = 0.0
        for index in 0..<count { total += d(order[index], order[(index + 1) % count]) }
        return total
    }
}
