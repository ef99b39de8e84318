/// A start or end of a search: a node reached with some cost already spent (the part of
/// a road between a snapped position and the road's end node).
struct SearchSeed: Hashable, Sendable {
    var node: Int32
    var weight: Double
    var secondary: Double
}

/// What a search knows about a node: its cost, the other measure along the same path,
/// and the hierarchy edge it was reached by (-1 for a seed).
struct SearchLabel {
    var weight: Double
    var secondary: Double
    var parentEdge: Int32

    static let unreached = SearchLabel(weight: .infinity, secondary: 0, parentEdge: -1)
}

/// One direction of a search in a ``ContractionHierarchy``: a Dijkstra that only climbs in
/// rank, with stall-on-demand (a node reached more cheaply from above is not expanded).
///
/// The labels are sized once and reset through the list of touched nodes, so a query costs
/// only the nodes it visits. Not thread-safe: one per task.
struct HierarchySearch {
    private(set) var labels: [SearchLabel]
    /// Nodes settled by the last run, in order.
    private(set) var settled: [Int32] = []
    private var touched: [Int32] = []
    private var heap = MinHeap()
    let forward: Bool

    init(nodeCount: Int, forward: Bool) {
        labels = Array(repeating: .unreached, count: nodeCount)
        self.forward = forward
    }

    mutating func reset(seeds: [SearchSeed]) {
        for node in touched { labels[Int(node)] = .unreached }
        touched.removeAll(keepingCapacity: true)
        settled.removeAll(keepingCapacity: true)
        heap.removeAll()
        for seed in seeds { add(seed) }
    }

    /// Starts from one node at no cost (the common node-to-node case, without an array).
    mutating func reset(node: Int32) {
        reset(seeds: [])
        add(SearchSeed(node: node, weight: 0, secondary: 0))
    }

    private mutating func add(_ seed: SearchSeed) {
        let n = Int(seed.node)
        guard seed.weight < labels[n].weight else { return }
        if labels[n].weight == .infinity { touched.append(seed.node) }
        labels[n] = SearchLabel(weight: seed.weight, secondary: seed.secondary, parentEdge: -1)
        heap.push(seed.weight, seed.node)
    }

    /// The smallest key still waiting.
    var nextKey: Double { heap.minimumKey }
    var isExhausted: Bool { heap.isEmpty }

    /// Settles the next node and relaxes its upward edges; returns it, or nil when the
    /// entry was stale or the node stalled (then nothing is settled).
    mutating func step(_ hierarchy: ContractionHierarchy) -> Int32? {
        let (key, node) = heap.pop()
        let v = Int(node)
        if key > labels[v].weight { return nil }
        // The edges "into v from above" for this direction tell whether v is reached more
        // cheaply through a higher node: then no shortest path continues upward from here.
        let stallArcs = forward ? hierarchy.downArcs : hierarchy.upArcs
        let stallStart = forward ? hierarchy.downStart : hierarchy.upStart
        for slot in Int(stallStart[v])..<Int(stallStart[v + 1]) {
            let arc = stallArcs[slot]
            if labels[Int(arc.node)].weight + arc.weight < key { return nil }
        }
        settled.append(node)
        let arcs = forward ? hierarchy.upArcs : hierarchy.downArcs
        let start = forward ? hierarchy.upStart : hierarchy.downStart
        let secondary = labels[v].secondary
        for slot in Int(start[v])..<Int(start[v + 1]) {
            let arc = arcs[slot]
            let n = Int(arc.node)
            let candidate = key + arc.weight
            if candidate < labels[n].weight {
                if labels[n].weight == .infinity { touched.append(arc.node) }
                labels[n] = SearchLabel(weight: candidate, secondary: secondary + arc.secondary, parentEdge: arc.edge)
                heap.push(candidate, arc.node)
            }
        }
        return node
    }

    /// Runs until no node is left (the whole upward search space).
    mutating func runToEnd(_ hierarchy: ContractionHierarchy) {
        while !heap.isEmpty { _ = step(hierarchy) }
    }
}
