/// Point-to-point and many-to-many shortest paths in a ``ContractionHierarchy``.
///
/// Holds the search state, so a caller asking many questions reuses it. Not thread-safe:
/// make one per task.
final class HierarchyQuery {
    let hierarchy: ContractionHierarchy
    private let forwardSearch: HierarchySearch
    private let backwardSearch: HierarchySearch

    init(_ hierarchy: ContractionHierarchy) {
        self.hierarchy = hierarchy
        forwardSearch = HierarchySearch(nodeCount: hierarchy.nodeCount)
        backwardSearch = HierarchySearch(nodeCount: hierarchy.nodeCount)
    }

    /// A shortest path's cost, its other measure, and the node where the two searches met.
    struct Meeting {
        var weight: Double
        var secondary: Double
        var node: Int32
    }

    /// The cheapest way from any source seed to any target seed, or nil when there is none.
    func shortest(from sources: [SearchSeed], to targets: [SearchSeed]) -> Meeting? {
        forwardSearch.reset(seeds: sources)
        backwardSearch.reset(seeds: targets)
        return meet()
    }

    /// The cheapest way from one node to another, or nil when there is none.
    func shortest(fromNode source: Int32, toNode target: Int32) -> Meeting? {
        forwardSearch.reset(node: source)
        backwardSearch.reset(node: target)
        return meet()
    }

    /// Runs both searches, alternating, until neither can improve the best meeting.
    private func meet() -> Meeting? {
        hierarchy.withSearchGraphs { forward, backward in meet(forward, backward) }
    }

    private func meet(_ forwardGraph: SearchGraph, _ backwardGraph: SearchGraph) -> Meeting? {
        var best: Meeting?
        var bestWeight = Double.infinity
        // Alternate directions; a direction stops once its next key cannot improve the best.
        while true {
            let forwardOpen = forwardSearch.nextKey < bestWeight
            let backwardOpen = backwardSearch.nextKey < bestWeight
            if !forwardOpen && !backwardOpen { break }
            if forwardOpen, let node = forwardSearch.step(forwardGraph) {
                let other = backwardSearch.labels[Int(node)].weight
                if other < .infinity, forwardSearch.labels[Int(node)].weight + other < bestWeight {
                    bestWeight = forwardSearch.labels[Int(node)].weight + other
                    best = Meeting(
                        weight: bestWeight,
                        secondary: forwardSearch.labels[Int(node)].secondary + backwardSearch.labels[Int(node)].secondary,
                        node: node)
                }
            }
            if backwardOpen, let node = backwardSearch.step(backwardGraph) {
                let other = forwardSearch.labels[Int(node)].weight
                if other < .infinity, backwardSearch.labels[Int(node)].weight + other < bestWeight {
                    bestWeight = backwardSearch.labels[Int(node)].weight + other
                    best = Meeting(
                        weight: bestWeight,
                        secondary: forwardSearch.labels[Int(node)].secondary + backwardSearch.labels[Int(node)].secondary,
                        node: node)
                }
            }
        }
        return best
    }

    /// The road edges of the path found by the last ``shortest(from:to:)`` through `meeting`,
    /// in travel order, and the seed nodes it starts and ends at.
    func roadEdges(through meeting: Meeting) -> (edges: [Int32], first: Int32, last: Int32) {
        var upwardEdges = [Int32]()
        var node = meeting.node
        while forwardSearch.labels[Int(node)].parentEdge >= 0 {
            let edge = forwardSearch.labels[Int(node)].parentEdge
            upwardEdges.append(edge)
            node = hierarchy.edgeTail[Int(edge)]
        }
        let first = node
        var result = [Int32]()
        for edge in upwardEdges.reversed() { hierarchy.unpack(edge, into: &result) }
        node = meeting.node
        while backwardSearch.labels[Int(node)].parentEdge >= 0 {
            let edge = backwardSearch.labels[Int(node)].parentEdge
            hierarchy.unpack(edge, into: &result)
            node = hierarchy.edgeHead[Int(edge)]
        }
        return (result, first, node)
    }

    /// Costs (and the other measure) from every source to every target, row-major
    /// `sources.count × targets.count`; unreachable pairs are infinite.
    ///
    /// Bucket method (Knopp et al., 2007): one backward search per target leaves its
    /// distances in buckets at the nodes it settles; one forward search per source
    /// then meets them there. Each search is a small upward search, so the matrix costs
    /// about `sources + targets` searches instead of `sources × targets` queries.
    func matrix(
        sources: [[SearchSeed]], targets: [[SearchSeed]]
    ) -> (weights: [Double], secondaries: [Double]) {
        hierarchy.withSearchGraphs { forward, backward in
            matrix(sources: sources, targets: targets, forward, backward)
        }
    }

    private func matrix(
        sources: [[SearchSeed]], targets: [[SearchSeed]], _ forwardGraph: SearchGraph, _ backwardGraph: SearchGraph
    ) -> (weights: [Double], secondaries: [Double]) {
        let columns = targets.count
        var weights = [Double](repeating: .infinity, count: sources.count * columns)
        var secondaries = [Double](repeating: .infinity, count: sources.count * columns)
        // Buckets in CSR form: count per node, then fill.
        var bucketNode = [Int32](), bucketTarget = [Int32]()
        var bucketWeight = [Double](), bucketSecondary = [Double]()
        for (column, seeds) in targets.enumerated() {
            backwardSearch.reset(seeds: seeds)
            backwardSearch.runToEnd(backwardGraph)
            for index in 0..<backwardSearch.settledCount {
                let node = backwardSearch.settled[index]
                bucketNode.append(node)
                bucketTarget.append(Int32(column))
                bucketWeight.append(backwardSearch.labels[Int(node)].weight)
                bucketSecondary.append(backwardSearch.labels[Int(node)].secondary)
            }
        }
        var start = [Int32](repeating: 0, count: hierarchy.nodeCount + 1)
        for node in bucketNode { start[Int(node) + 1] += 1 }
        for node in 0..<hierarchy.nodeCount { start[node + 1] += start[node] }
        var fill = start
        let entryCount = bucketNode.count
        var sortedTarget = [Int32](repeating: 0, count: entryCount)
        var sortedWeight = [Double](repeating: 0, count: entryCount)
        var sortedSecondary = [Double](repeating: 0, count: entryCount)
        for entry in 0..<entryCount {
            let node = Int(bucketNode[entry])
            let slot = Int(fill[node])
            fill[node] += 1
            sortedTarget[slot] = bucketTarget[entry]
            sortedWeight[slot] = bucketWeight[entry]
            sortedSecondary[slot] = bucketSecondary[entry]
        }
        for (row, seeds) in sources.enumerated() {
            forwardSearch.reset(seeds: seeds)
            forwardSearch.runToEnd(forwardGraph)
            let rowStart = row * columns
            for index in 0..<forwardSearch.settledCount {
                let n = Int(forwardSearch.settled[index])
                let up = forwardSearch.labels[n].weight, upSecondary = forwardSearch.labels[n].secondary
                for slot in Int(start[n])..<Int(start[n + 1]) {
                    let index = rowStart + Int(sortedTarget[slot])
                    let candidate = up + sortedWeight[slot]
                    if candidate < weights[index] {
                        weights[index] = candidate
                        secondaries[index] = upSecondary + sortedSecondary[slot]
                    }
                }
            }
        }
        return (weights, secondaries)
    }
}
