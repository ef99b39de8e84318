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

/// The arrays one search direction reads, borrowed for the length of a query so the inner
/// loop works on plain pointers (no reference counting, no uniqueness checks).
struct SearchGraph {
    /// Arcs the search relaxes (upward from a node in its direction).
    let start: UnsafeBufferPointer<Int32>
    let arcs: UnsafeBufferPointer<HierarchyArc>
    /// Arcs into a node from above in this direction, for stall-on-demand.
    let stallStart: UnsafeBufferPointer<Int32>
    let stallArcs: UnsafeBufferPointer<HierarchyArc>
}

extension ContractionHierarchy {
    /// Lends the forward and backward search graphs to `body`.
    func withSearchGraphs<Result>(_ body: (_ forward: SearchGraph, _ backward: SearchGraph) -> Result) -> Result {
        upStart.withUnsafeBufferPointer { upStart in
            upArcs.withUnsafeBufferPointer { upArcs in
                downStart.withUnsafeBufferPointer { downStart in
                    downArcs.withUnsafeBufferPointer { downArcs in
                        body(
                            SearchGraph(start: upStart, arcs: upArcs, stallStart: downStart, stallArcs: downArcs),
                            SearchGraph(start: downStart, arcs: downArcs, stallStart: upStart, stallArcs: upArcs))
                    }
                }
            }
        }
    }
}

/// One direction of a search in a ``ContractionHierarchy``: a Dijkstra that only climbs in
/// rank, with stall-on-demand (a node reached more cheaply from above is not expanded).
///
/// Its memory is allocated once, as large as the graph, and reset through the list of
/// touched nodes, so a query costs only the nodes it visits. A class over raw memory
/// because it is the innermost loop of every query. Not thread-safe: one per task.
final class HierarchySearch {
    let nodeCount: Int
    /// Per node; valid for touched nodes, `.unreached` elsewhere.
    let labels: UnsafeMutablePointer<SearchLabel>
    /// Nodes reached since the last reset (each once).
    private let touched: UnsafeMutablePointer<Int32>
    // Only this object's own methods touch these, one call at a time: skip the dynamic
    // exclusivity checks a class property otherwise costs on every access.
    @exclusivity(unchecked) private var touchedCount = 0
    /// Nodes settled since the last reset, in order (each once).
    let settled: UnsafeMutablePointer<Int32>
    @exclusivity(unchecked) private(set) var settledCount = 0
    @exclusivity(unchecked) private var heap = MinHeap()

    init(nodeCount: Int) {
        self.nodeCount = nodeCount
        labels = .allocate(capacity: max(nodeCount, 1))
        labels.initialize(repeating: .unreached, count: max(nodeCount, 1))
        touched = .allocate(capacity: max(nodeCount, 1))
        settled = .allocate(capacity: max(nodeCount, 1))
    }

    deinit {
        heap.deallocate()
        labels.deallocate()
        touched.deallocate()
        settled.deallocate()
    }

    /// Forgets the last search.
    func clear() {
        for index in 0..<touchedCount { labels[Int(touched[index])] = .unreached }
        touchedCount = 0
        settledCount = 0
        heap.removeAll()
    }

    /// Starts a search from the seeds (several for a snapped position).
    func reset(seeds: [SearchSeed]) {
        clear()
        for seed in seeds { add(seed) }
    }

    /// Starts a search from one node at no cost.
    func reset(node: Int32) {
        clear()
        add(SearchSeed(node: node, weight: 0, secondary: 0))
    }

    private func add(_ seed: SearchSeed) {
        let n = Int(seed.node)
        guard seed.weight < labels[n].weight else { return }
        if labels[n].weight == .infinity {
            touched[touchedCount] = seed.node
            touchedCount += 1
        }
        labels[n] = SearchLabel(weight: seed.weight, secondary: seed.secondary, parentEdge: -1)
        heap.push(seed.weight, seed.node)
    }

    /// The smallest key still waiting.
    var nextKey: Double { heap.minimumKey }
    var isExhausted: Bool { heap.isEmpty }

    /// Settles the next node and relaxes its arcs; returns it, or nil when the entry was
    /// stale or the node stalled (then nothing is settled).
    @inline(__always)
    func step(_ graph: SearchGraph) -> Int32? {
        let (key, node) = heap.pop()
        let v = Int(node)
        if key > labels[v].weight { return nil }
        // Reached more cheaply through a higher node: no shortest path goes up from here.
        for slot in Int(graph.stallStart[v])..<Int(graph.stallStart[v + 1]) {
            let arc = graph.stallArcs[slot]
            if labels[Int(arc.node)].weight + arc.weight < key { return nil }
        }
        settled[settledCount] = node
        settledCount += 1
        let secondary = labels[v].secondary
        for slot in Int(graph.start[v])..<Int(graph.start[v + 1]) {
            let arc = graph.arcs[slot]
            let n = Int(arc.node)
            let candidate = key + arc.weight
            if candidate < labels[n].weight {
                if labels[n].weight == .infinity {
                    touched[touchedCount] = arc.node
                    touchedCount += 1
                }
                labels[n] = SearchLabel(weight: candidate, secondary: secondary + arc.secondary, parentEdge: arc.edge)
                heap.push(candidate, arc.node)
            }
        }
        return node
    }

    /// Runs until no node is left (the whole upward search space).
    func runToEnd(_ graph: SearchGraph) {
        while !heap.isEmpty { _ = step(graph) }
    }
}
