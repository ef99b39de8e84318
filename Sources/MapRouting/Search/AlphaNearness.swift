/// Alpha-nearness candidates (Helsgaun 2000, the heart of LKH): for each node, the few
/// others whose edge is most likely in an optimal tour. Held and Karp's bound raises each
/// node's edges by a penalty π (subgradient ascent) until the minimum 1-tree is nearly a
/// tour; an edge's α is then how much the minimum 1-tree containing it costs more than the
/// minimum one: its penalised cost less the largest penalised edge on the tree path between
/// its ends. Helsgaun found an optimal tour's edges among the five α-nearest far more often
/// than among the five nearest, so a move that scans only those finds improvements the
/// nearest lists hide.
///
/// Everything runs on a sparse graph: each node's nearest candidates, both ways. When that
/// graph is not connected there are no α lists; the search links the parts first
/// (``NeighbourLists/linkingParts(of:kept:linksPerPart:deadline:)``: islands, towns far apart).
struct AlphaNearness {
    /// Candidates per node.
    let k: Int
    /// `k` per node, smallest α first (ties: the cheaper edge).
    let nodes: [Int32]
    /// Held and Karp's bound at the best penalties: the weight of the minimum 1-tree of the
    /// sparse graph less twice the penalties (a tour's cost cannot be lower when the optimal
    /// tour's edges are in the graph).
    let lowerBound: Double

    /// The lists from `nearest` (each node's cheapest others, cheapest first), after at most
    /// `iterations` steps of the ascent, which aims its steps at `upperBound`, the cost of
    /// any tour (the search's first); nil when the graph is not connected or the deadline
    /// passed.
    static func lists(
        cost: (Int, Int) -> Double, nearest: NeighbourLists, count: Int, k: Int,
        iterations: Int, upperBound: Double, deadline: ContinuousClock.Instant?
    ) -> AlphaNearness? {
        let graph = SparseGraph(nearest: nearest, count: count, cost: cost)
        var tree = SpanningTree(graph: graph)
        defer { tree.deallocate() }
        guard let penalties = ascent(&tree, iterations: iterations, upperBound: upperBound, deadline: deadline),
              tree.build(pi: penalties) else { return nil }
        let paths = TreePaths(tree: tree)
        var nodes = [Int32](repeating: 0, count: count * k)
        var scored: [(alpha: Double, cost: Double, node: Int32)] = []
        for node in 0..<count {
            if node & 255 == 0, SearchStop.isDue(deadline) { return nil }
            scored.removeAll(keepingCapacity: true)
            for edge in graph.edges(of: node) {
                let other = Int(graph.targets[edge])
                let penalised = graph.costs[edge] + penalties[node] + penalties[other]
                scored.append((penalised - paths.largestEdge(node, other), graph.costs[edge], Int32(other)))
            }
            scored.sort { ($0.alpha, $0.cost, $0.node) < ($1.alpha, $1.cost, $1.node) }
            for index in 0..<k { nodes[node * k + index] = scored[min(index, scored.count - 1)].node }
        }
        return AlphaNearness(k: k, nodes: nodes, lowerBound: tree.bound(pi: penalties))
    }

    /// Held–Karp subgradient ascent with Polyak's step: λ (U − w(π)) / ‖d‖², where U is a
    /// tour's cost, w(π) the bound and d the degree excesses; λ starts at 1 and halves after a
    /// twentieth of the steps (at least 3) without a better bound. The direction mixes this
    /// step's excesses with the last (0.7 and 0.3, as LKH). Returns the penalties of the best
    /// bound (nil when the graph is not connected or the deadline passed).
    ///
    /// Why not LKH's schedule (a fixed step that doubles while the bound rises, then halves
    /// with its period): it needs thousands of steps, and a search has tens to hundreds. On
    /// 1,000 GeoNames places (round trip) the bound ended 2.9 % below the tour after 200 of
    /// its steps and 0.8 % below after 200 of these.
    private static func ascent(
        _ tree: inout SpanningTree, iterations: Int, upperBound: Double, deadline: ContinuousClock.Instant?
    ) -> [Double]? {
        let count = tree.parent.count
        var pi = [Double](repeating: 0, count: count)
        guard tree.build(pi: pi) else { return nil }
        var bound = tree.bound(pi: pi)
        var (bestBound, bestPi) = (bound, pi)
        var lastDegree = tree.degreeExcess
        var lambda = 1.0
        let patience = max(3, iterations / 20)
        var stale = 0
        for _ in 0..<iterations {
            // Done when the 1-tree is a tour, or when the bound reaches the tour's cost (Polyak's
            // step would be zero or backwards).
            guard tree.norm > 0, upperBound > bound else { break }
            // Every step: one takes milliseconds on thousands of places.
            if SearchStop.isDue(deadline) { return nil }
            let step = lambda * (upperBound - bound) / Double(tree.norm)
            for node in 0..<count {
                pi[node] += step * (0.7 * Double(tree.degreeExcess[node]) + 0.3 * Double(lastDegree[node]))
            }
            lastDegree = tree.degreeExcess
            guard tree.build(pi: pi) else { return nil }
            bound = tree.bound(pi: pi)
            if bound > bestBound {
                (bestBound, bestPi, stale) = (bound, pi, 0)
            } else {
                stale += 1
                if stale >= patience { (lambda, stale) = (lambda / 2, 0) }
            }
        }
        return bestPi
    }
}

/// Each node's candidate edges, both ways (an edge listed by either end), each once, with
/// their costs; a node's edges keep the order they were listed in.
private struct SparseGraph {
    let start: [Int]
    let targets: [Int32]
    let costs: [Double]

    init(nearest: NeighbourLists, count: Int, cost: (Int, Int) -> Double) {
        var degree = [Int](repeating: nearest.k, count: count)
        for node in 0..<count { for other in nearest.of(node) { degree[Int(other)] += 1 } }
        var start = [Int](repeating: 0, count: count + 1)
        for node in 0..<count { start[node + 1] = start[node] + degree[node] }
        var fill = Array(start.dropLast())
        var targets = [Int32](repeating: 0, count: start[count])
        var costs = [Double](repeating: 0, count: start[count])
        for node in 0..<count {
            for other in nearest.of(node) {
                let edgeCost = cost(node, Int(other))
                targets[fill[node]] = other
                costs[fill[node]] = edgeCost
                fill[node] += 1
                targets[fill[Int(other)]] = Int32(node)
                costs[fill[Int(other)]] = edgeCost
                fill[Int(other)] += 1
            }
        }
        // Two places that list each other give the edge twice at both ends (2 entries in 5 with
        // 20 nearest on 5,000 GeoNames places): the first is kept, so ties resolve as before.
        // Compacted in place: a node's edges move only towards the front.
        var lastSeenBy = [Int](repeating: -1, count: count)
        var kept = 0
        for node in 0..<count {
            let listed = start[node]..<start[node + 1]
            start[node] = kept
            for edge in listed where lastSeenBy[Int(targets[edge])] != node {
                lastSeenBy[Int(targets[edge])] = node
                (targets[kept], costs[kept]) = (targets[edge], costs[edge])
                kept += 1
            }
        }
        start[count] = kept
        targets.removeLast(targets.count - kept)
        costs.removeLast(costs.count - kept)
        (self.start, self.targets, self.costs) = (start, targets, costs)
    }

    @inline(__always) func edges(of node: Int) -> Range<Int> { start[node]..<start[node + 1] }
}

/// The minimum 1-tree of the sparse graph under penalties: a minimum spanning tree (Prim)
/// plus the edge that joins one leaf to its second-nearest node, the leaf chosen so that
/// edge is as long as possible (LKH's choice of the special node).
private struct SpanningTree {
    let graph: SparseGraph
    /// Each node's tree parent (-1 at the root) and the penalised cost of that edge, in the
    /// order Prim added them (a parent before its children).
    private(set) var parent: [Int32]
    private(set) var parentCost: [Double]
    private(set) var order: [Int32]
    /// Degree in the 1-tree minus 2: the subgradient.
    private(set) var degreeExcess: [Int]
    /// Penalised weight of the 1-tree, and the sum of squared degree excesses.
    private(set) var weight = 0.0
    private(set) var norm = 0
    /// Prim's scratch, raw and kept from one build to the next: the ascent builds hundreds of
    /// trees and each visits every edge of the graph. Each node's cheapest edge to the tree so
    /// far (its cost, −∞ once the node is in the tree, and its far end).
    private let key: UnsafeMutablePointer<Double>
    private let via: UnsafeMutablePointer<Int32>
    private var heap: IndexedMinHeap

    init(graph: SparseGraph) {
        self.graph = graph
        let count = graph.start.count - 1
        parent = [Int32](repeating: -1, count: count)
        parentCost = [Double](repeating: 0, count: count)
        order = []
        order.reserveCapacity(count)
        degreeExcess = [Int](repeating: 0, count: count)
        key = .allocate(capacity: max(count, 1))
        via = .allocate(capacity: max(count, 1))
        heap = IndexedMinHeap(capacity: count)
    }

    func deallocate() {
        heap.deallocate()
        key.deallocate()
        via.deallocate()
    }

    /// Held and Karp's lower bound: the 1-tree's weight less twice the penalties.
    func bound(pi: [Double]) -> Double { weight - 2 * pi.reduce(0, +) }

    /// Builds the 1-tree under `pi`; false when the graph is not connected.
    mutating func build(pi: [Double]) -> Bool {
        let count = parent.count
        let (key, via) = (self.key, self.via)
        key.update(repeating: .infinity, count: count)
        via.update(repeating: -1, count: count)
        order.removeAll(keepingCapacity: true)
        for node in 0..<count { (degreeExcess[node], parent[node]) = (-2, -1) }
        key[0] = 0
        heap.insertOrLower(0, to: 0)
        weight = 0
        graph.targets.withUnsafeBufferPointer { targets in
            graph.costs.withUnsafeBufferPointer { costs in
                pi.withUnsafeBufferPointer { pi in growFromRoot(targets: targets, costs: costs, pi: pi) }
            }
        }
        guard order.count == count else { return false }
        addLeafEdge(pi: pi)
        norm = degreeExcess.reduce(0) { $0 + $1 * $1 }
        return true
    }

    /// Prim's loop from node 0 over the raw graph and penalties (`build` resets the scratch):
    /// each node that joins the tree takes its cheapest edge to it and offers its own edges.
    private mutating func growFromRoot(
        targets: UnsafeBufferPointer<Int32>, costs: UnsafeBufferPointer<Double>, pi: UnsafeBufferPointer<Double>
    ) {
        let (key, via) = (self.key, self.via)
        while !heap.isEmpty {
            let (nodeKey, top) = heap.pop()
            let node = Int(top)
            key[node] = -.infinity
            order.append(top)
            if via[node] >= 0 {
                parent[node] = via[node]
                parentCost[node] = nodeKey
                weight += nodeKey
                degreeExcess[node] += 1
                degreeExcess[Int(via[node])] += 1
            }
            let nodePenalty = pi[node]
            for edge in graph.edges(of: node) {
                let other = Int(targets[edge])
                let current = key[other]
                guard current > -.infinity else { continue }
                let penalised = costs[edge] + nodePenalty + pi[other]
                if penalised < current {
                    key[other] = penalised
                    via[other] = top
                    heap.insertOrLower(Int32(other), to: penalised)
                }
            }
        }
    }

    /// The 1-tree's extra edge: from the leaf whose cheapest edge outside the tree is dearest.
    private mutating func addLeafEdge(pi: [Double]) {
        var chosen = (cost: -Double.infinity, leaf: -1, other: -1)
        for leaf in 0..<parent.count where degreeExcess[leaf] == -1 {
            var cheapest = (cost: Double.infinity, other: -1)
            for edge in graph.edges(of: leaf) {
                let other = Int(graph.targets[edge])
                if other == Int(parent[leaf]) || Int(parent[other]) == leaf { continue }
                let penalised = graph.costs[edge] + pi[leaf] + pi[other]
                if penalised < cheapest.cost { cheapest = (penalised, other) }
            }
            if cheapest.other >= 0, cheapest.cost > chosen.cost { chosen = (cheapest.cost, leaf, cheapest.other) }
        }
        guard chosen.leaf >= 0 else { return }
        weight += chosen.cost
        degreeExcess[chosen.leaf] += 1
        degreeExcess[chosen.other] += 1
    }
}

/// The largest edge on the tree path between two nodes, by binary lifting: each node's
/// 2^j-th ancestor and the largest edge on the way there.
private struct TreePaths {
    private let depth: [Int]
    private let levels: Int
    private let ancestor: [Int32]
    private let largest: [Double]

    init(tree: SpanningTree) {
        let count = tree.parent.count
        var depth = [Int](repeating: 0, count: count)
        for node in tree.order where tree.parent[Int(node)] >= 0 {
            depth[Int(node)] = depth[Int(tree.parent[Int(node)])] + 1
        }
        var levels = 1
        while 1 << levels < count { levels += 1 }
        var ancestor = [Int32](repeating: 0, count: levels * count)
        var largest = [Double](repeating: 0, count: levels * count)
        for node in 0..<count {
            let up = tree.parent[node]
            ancestor[node] = up < 0 ? Int32(node) : up
            largest[node] = up < 0 ? 0 : tree.parentCost[node]
        }
        for level in 1..<levels {
            for node in 0..<count {
                let half = Int(ancestor[(level - 1) * count + node])
                ancestor[level * count + node] = ancestor[(level - 1) * count + half]
                largest[level * count + node] = max(largest[(level - 1) * count + node], largest[(level - 1) * count + half])
            }
        }
        (self.depth, self.levels, self.ancestor, self.largest) = (depth, levels, ancestor, largest)
    }

    func largestEdge(_ first: Int, _ second: Int) -> Double {
        let count = depth.count
        var (a, b) = depth[first] >= depth[second] ? (first, second) : (second, first)
        var result = 0.0
        var rise = depth[a] - depth[b]
        var level = 0
        while rise > 0 {
            if rise & 1 == 1 {
                result = max(result, largest[level * count + a])
                a = Int(ancestor[level * count + a])
            }
            rise >>= 1
            level += 1
        }
        guard a != b else { return result }
        for level in stride(from: levels - 1, through: 0, by: -1) where ancestor[level * count + a] != ancestor[level * count + b] {
            result = max(result, largest[level * count + a], largest[level * count + b])
            a = Int(ancestor[level * count + a])
            b = Int(ancestor[level * count + b])
        }
        return max(result, largest[a], largest[b])
    }
}
