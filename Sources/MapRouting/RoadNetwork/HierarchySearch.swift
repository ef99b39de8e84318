/// A start or end of a search: a node reached with some cost already spent (the part of
/// a road between a snapped position and the road's end node).
struct SearchSeed: Hashable, Sendable {
    var node: Int32
    var weight: Double
    var secondary: Double
}

/// One direction of a search in a ``ContractionHierarchy``: a Dijkstra that only climbs in
/// rank, with stall-on-demand (a node reached more cheaply from above is not expanded).
///
/// The arrays are sized once and reset through the list of touched nodes, so a query costs
/// only the nodes it visits. Not thread-safe: one per task.
struct HierarchySearch {
    var weight: [Double]
    var secondary: [Double]
    /// The hierarchy edge each node was reached by (-1 for a seed).
    var parentEdge: [Int32]
    /// Nodes settled by the last run, in order.
    private(set) var settled: [Int32] = []
    private var touched: [Int32] = []
    private var heap = MinHeap()
    let forward: Bool

    init(nodeCount: Int, forward: Bool) {
        weight = Array(repeating: .infinity, count: nodeCount)
        secondary = Array(repeating: 0, count: nodeCount)
        parentEdge = Array(repeating: -1, count: nodeCount)
        self.forward = forward
    }

    mutating func reset(seeds: [SearchSeed]) {
        for node in touched { weight[Int(node)] = .infinity }
        touched.removeAll(keepingCapacity: true)
        settled.removeAll(keepingCapacity: true)
        heap.removeAll()
        for seed in seeds where seed.weight < weight[Int(seed.node)] {
            if weight[Int(seed.node)] == .infinity { touched.append(seed.node) }
            weight[Int(seed.node)] = seed.weight
            secondary[Int(seed.node)] = seed.secondary
            parentEdge[Int(seed.node)] = -1
            heap.push(seed.weight, seed.node)
        }
    }

    /// The smallest key still waiting.
    var nextKey: Double { heap.minimumKey }
    var isExhausted: Bool { heap.isEmpty }

    /// Settles the next node and relaxes its upward edges; returns it, or nil when the
    /// entry was stale or the node stalled (then nothing is settled).
    mutating func step(_ hierarchy: ContractionHierarchy) -> Int32? {
        let (key, node) = heap.pop()
        let v = Int(node)
        if key > weight[v] { return nil }
        // The edges "into v from above" for this direction tell whether v is reached more
        // cheaply through a higher node: then no shortest path continues upward from here.
        let (stallStart, stallEnd) =
            forward
            ? (Int(hierarchy.downStart[v]), Int(hierarchy.downStart[v + 1]))
            : (Int(hierarchy.upStart[v]), Int(hierarchy.upStart[v + 1]))
        for slot in stallStart..<stallEnd {
            let other = Int(forward ? hierarchy.downSource[slot] : hierarchy.upTarget[slot])
            let cost = forward ? hierarchy.downWeight[slot] : hierarchy.upWeight[slot]
            if weight[other] + cost < key { return nil }
        }
        settled.append(node)
        let (start, end) =
            forward
            ? (Int(hierarchy.upStart[v]), Int(hierarchy.upStart[v + 1]))
            : (Int(hierarchy.downStart[v]), Int(hierarchy.downStart[v + 1]))
        for slot in start..<end {
            let next = forward ? hierarchy.upTarget[slot] : hierarchy.downSource[slot]
            let candidate = key + (forward ? hierarchy.upWeight[slot] : hierarchy.downWeight[slot])
            let n = Int(next)
            if candidate < weight[n] {
                if weight[n] == .infinity { touched.append(next) }
                weight[n] = candidate
                secondary[n] =
                    secondary[v] + (forward ? hierarchy.upSecondary[slot] : hierarchy.downSecondary[slot])
                parentEdge[n] = forward ? hierarchy.upEdge[slot] : hierarchy.downEdge[slot]
                heap.push(candidate, next)
            }
        }
        return node
    }

    /// Runs until no node is left (the whole upward search space).
    mutating func runToEnd(_ hierarchy: ContractionHierarchy) {
        while !heap.isEmpty { _ = step(hierarchy) }
    }
}
