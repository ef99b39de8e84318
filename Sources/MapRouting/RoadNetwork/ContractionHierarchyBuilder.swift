/// Builds a ``ContractionHierarchy`` by contracting nodes one at a time, least important
/// first, and adding a shortcut u→w for a contracted v only when u→v→w is the only
/// shortest path (no "witness" path around v).
///
/// Importance is the usual priority: twice the edge difference (shortcuts added minus
/// edges removed) plus the number of already contracted neighbours, which spreads
/// contraction evenly over the graph; the neighbours' priorities are recomputed after each
/// contraction. Witness searches are bounded in settled nodes and stop once every target
/// is settled; a search cut short only adds a superfluous shortcut, never a wrong distance.
/// The order is deterministic: ties go to the node pushed first.
struct ContractionHierarchyBuilder {
    /// A live edge of the graph being contracted.
    private struct Arc {
        var node: Int32
        var weight: Double
        var secondary: Double
        var edge: Int32
    }

    /// Settled-node budget of a witness search when contracting, and when only estimating
    /// a priority (cheaper: an estimate that counts a superfluous shortcut is harmless).
    private static let witnessSettleLimit = 60
    private static let estimateSettleLimit = 6

    private let nodeCount: Int
    private var outgoing: [[Arc]]
    private var incoming: [[Arc]]
    private var contracted: [Bool]
    private var contractedNeighbours: [Int32]

    private var edgeTail: [Int32] = [], edgeHead: [Int32] = [], edgeOriginal: [Int32] = []
    private var edgeFirstChild: [Int32] = [], edgeSecondChild: [Int32] = []

    // Witness search state, reused.
    private var witnessDistance: [Double]
    /// `targetStamp[n] == searchStamp` marks n as a target of the current witness search.
    private var targetStamp: [Int32]
    private var searchStamp: Int32 = 0
    private var witnessTouched: [Int32] = []
    private var heap = MinHeap()

    static func build(_ graph: RoadGraph, metric: RoadMetric) -> ContractionHierarchy {
        var builder = ContractionHierarchyBuilder(graph: graph, metric: metric)
        defer { builder.heap.deallocate() }
        return builder.contractAll(metric: metric)
    }

    private init(graph: RoadGraph, metric: RoadMetric) {
        nodeCount = graph.nodeCount
        outgoing = Array(repeating: [], count: nodeCount)
        incoming = Array(repeating: [], count: nodeCount)
        contracted = Array(repeating: false, count: nodeCount)
        contractedNeighbours = Array(repeating: 0, count: nodeCount)
        witnessDistance = Array(repeating: .infinity, count: nodeCount)
        targetStamp = Array(repeating: 0, count: nodeCount)
        for node in 0..<nodeCount {
            for slot in Int(graph.outStart[node])..<Int(graph.outStart[node + 1]) {
                let target = graph.outTarget[slot]
                if Int(target) == node { continue }  // A loop never shortens a path.
                let road = graph.outEdge[slot]
                let edge = newEdge(tail: Int32(node), head: target, original: road, children: (-1, -1))
                addArc(
                    from: Int32(node), to: target, weight: graph.cost(ofEdge: road, metric),
                    secondary: graph.secondaryCost(ofEdge: road, metric), edge: edge)
            }
        }
    }

    private mutating func newEdge(tail: Int32, head: Int32, original: Int32, children: (Int32, Int32)) -> Int32 {
        edgeTail.append(tail)
        edgeHead.append(head)
        edgeOriginal.append(original)
        edgeFirstChild.append(children.0)
        edgeSecondChild.append(children.1)
        return Int32(edgeTail.count - 1)
    }

    /// Adds u→w, or lowers the existing u→w edge when the new one is cheaper (parallel roads).
    private mutating func addArc(from u: Int32, to w: Int32, weight: Double, secondary: Double, edge: Int32) {
        if let index = outgoing[Int(u)].firstIndex(where: { $0.node == w }) {
            guard weight < outgoing[Int(u)][index].weight else { return }
            outgoing[Int(u)][index] = Arc(node: w, weight: weight, secondary: secondary, edge: edge)
            let back = incoming[Int(w)].firstIndex(where: { $0.node == u })!
            incoming[Int(w)][back] = Arc(node: u, weight: weight, secondary: secondary, edge: edge)
            return
        }
        outgoing[Int(u)].append(Arc(node: w, weight: weight, secondary: secondary, edge: edge))
        incoming[Int(w)].append(Arc(node: u, weight: weight, secondary: secondary, edge: edge))
    }

    /// Dijkstra from `source` over live nodes other than `skipped`, up to `limit`, stopping
    /// early once all `targetCount` targets (marked with the current stamp) are settled.
    private mutating func witnessSearch(
        from source: Int32, skipping skipped: Int32, limit: Double, targetCount: Int, settleLimit: Int
    ) {
        var targetsLeft = targetCount
        for node in witnessTouched { witnessDistance[Int(node)] = .infinity }
        witnessTouched.removeAll(keepingCapacity: true)
        heap.removeAll()
        witnessDistance[Int(source)] = 0
        witnessTouched.append(source)
        heap.push(0, source)
        var settled = 0
        while !heap.isEmpty {
            let (key, node) = heap.pop()
            if key > witnessDistance[Int(node)] { continue }
            if key > limit { break }
            if targetStamp[Int(node)] == searchStamp {
                targetsLeft -= 1
                if targetsLeft == 0 { break }
            }
            settled += 1
            if settled > settleLimit { break }
            for arc in outgoing[Int(node)] where !contracted[Int(arc.node)] && arc.node != skipped {
                let candidate = key + arc.weight
                if candidate < witnessDistance[Int(arc.node)] {
                    if witnessDistance[Int(arc.node)] == .infinity { witnessTouched.append(arc.node) }
                    witnessDistance[Int(arc.node)] = candidate
                    heap.push(candidate, arc.node)
                }
            }
        }
    }

    /// Counts (and with `apply`, adds) the shortcuts contracting `node` needs.
    private mutating func contract(_ node: Int32, apply: Bool) -> Int {
        var shortcuts = 0
        let ins = incoming[Int(node)], outs = outgoing[Int(node)]
        for inArc in ins where !contracted[Int(inArc.node)] {
            var limit = -Double.infinity
            searchStamp &+= 1
            var targetCount = 0
            for outArc in outs where !contracted[Int(outArc.node)] && outArc.node != inArc.node {
                limit = max(limit, inArc.weight + outArc.weight)
                if targetStamp[Int(outArc.node)] != searchStamp {
                    targetStamp[Int(outArc.node)] = searchStamp
                    targetCount += 1
                }
            }
            if limit == -.infinity { continue }
            witnessSearch(
                from: inArc.node, skipping: node, limit: limit, targetCount: targetCount,
                settleLimit: apply ? Self.witnessSettleLimit : Self.estimateSettleLimit)
            for outArc in outs where !contracted[Int(outArc.node)] && outArc.node != inArc.node {
                let weight = inArc.weight + outArc.weight
                if witnessDistance[Int(outArc.node)] <= weight { continue }
                shortcuts += 1
                if apply {
                    let edge = newEdge(
                        tail: inArc.node, head: outArc.node, original: -1, children: (inArc.edge, outArc.edge))
                    addArc(
                        from: inArc.node, to: outArc.node, weight: weight,
                        secondary: inArc.secondary + outArc.secondary, edge: edge)
                }
            }
        }
        return shortcuts
    }

    private mutating func priority(of node: Int32) -> Int {
        let shortcuts = contract(node, apply: false)
        var removed = 0
        for arc in incoming[Int(node)] where !contracted[Int(arc.node)] { removed += 1 }
        for arc in outgoing[Int(node)] where !contracted[Int(arc.node)] { removed += 1 }
        return 2 * (shortcuts - removed) + Int(contractedNeighbours[Int(node)])
    }

    private mutating func contractAll(metric: RoadMetric) -> ContractionHierarchy {
        var rank = [Int32](repeating: 0, count: nodeCount)
        var currentPriority = [Int](repeating: 0, count: nodeCount)
        // Priorities are small integers; a Double-keyed heap with the node as tie-break order.
        var queue = MinHeap()
        defer { queue.deallocate() }
        for node in 0..<nodeCount {
            currentPriority[node] = priority(of: Int32(node))
            queue.push(Double(currentPriority[node]), Int32(node))
        }
        var upward = [[Arc]](repeating: [], count: nodeCount)
        var downward = [[Arc]](repeating: [], count: nodeCount)
        var nextRank: Int32 = 0
        while !queue.isEmpty {
            let (key, node) = queue.pop()
            if contracted[Int(node)] || Int(key) != currentPriority[Int(node)] { continue }
            // Priorities are refreshed whenever a neighbour is contracted, so the popped one is current.
            // Its live edges now are exactly its upward edges in the hierarchy.
            upward[Int(node)] = outgoing[Int(node)].filter { !contracted[Int($0.node)] }
            downward[Int(node)] = incoming[Int(node)].filter { !contracted[Int($0.node)] }
            _ = contract(node, apply: true)
            contracted[Int(node)] = true
            rank[Int(node)] = nextRank
            nextRank += 1
            searchStamp &+= 1
            var neighbours = [Int32]()
            for arc in upward[Int(node)] + downward[Int(node)] where targetStamp[Int(arc.node)] != searchStamp {
                targetStamp[Int(arc.node)] = searchStamp
                neighbours.append(arc.node)
            }
            for neighbour in neighbours {
                contractedNeighbours[Int(neighbour)] += 1
                currentPriority[Int(neighbour)] = priority(of: neighbour)
                queue.push(Double(currentPriority[Int(neighbour)]), neighbour)
            }
            // Free the contracted node's edge lists.
            outgoing[Int(node)] = []
            incoming[Int(node)] = []
        }

        func flatten(_ lists: [[Arc]]) -> (start: [Int32], arcs: [HierarchyArc]) {
            var start = [Int32](repeating: 0, count: nodeCount + 1)
            var arcs = [HierarchyArc]()
            for (index, list) in lists.enumerated() {
                for arc in list {
                    arcs.append(HierarchyArc(node: arc.node, edge: arc.edge, weight: arc.weight, secondary: arc.secondary))
                }
                start[index + 1] = Int32(arcs.count)
            }
            return (start, arcs)
        }
        let up = flatten(upward), down = flatten(downward)
        return ContractionHierarchy(
            metric: metric, nodeCount: nodeCount, rank: rank,
            upStart: up.start, upArcs: up.arcs, downStart: down.start, downArcs: down.arcs,
            edgeTail: edgeTail, edgeHead: edgeHead, edgeOriginal: edgeOriginal,
            edgeFirstChild: edgeFirstChild, edgeSecondChild: edgeSecondChild)
    }
}
