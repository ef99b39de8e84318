/// For each node, its `k` cheapest other nodes (by the cheaper direction), cheapest
/// first: the only candidates the local search tries for a new edge.
struct NeighbourLists {
    let k: Int
    let nodes: [Int32]

    init(table: CostTable, isSymmetric: Bool, k requested: Int) {
        if let measured = table.measured {
            self.init(measured: measured, table: table, k: requested)
        } else {
            self.init(dense: table, isSymmetric: isSymmetric, k: requested)
        }
    }

    /// Lists from a full scan of each row (and column, when asymmetric).
    private init(dense table: CostTable, isSymmetric: Bool, k requested: Int) {
        let size = table.size
        let k = max(0, min(requested, size - 1))
        var nodes = [Int32](repeating: 0, count: size * k)
        var bestCosts = [Double](repeating: 0, count: k)
        var bestNodes = [Int32](repeating: 0, count: k)
        nodes.withUnsafeMutableBufferPointer { nodes in
            bestCosts.withUnsafeMutableBufferPointer { bestCosts in
                bestNodes.withUnsafeMutableBufferPointer { bestNodes in
                    for node in 0..<size where k > 0 {
                        var filled = 0
                        // The k-th best cost so far once k are kept: most entries stop at this test.
                        var worstKept = Double.infinity
                        @inline(__always) func consider(_ other: Int, _ cost: Double) {
                            // Insertion into the short sorted list; ties keep the lower index first.
                            var slot = filled == k ? k - 1 : filled
                            if filled < k { filled += 1 }
                            while slot > 0 && bestCosts[slot - 1] > cost {
                                bestCosts[slot] = bestCosts[slot - 1]
                                bestNodes[slot] = bestNodes[slot - 1]
                                slot -= 1
                            }
                            bestCosts[slot] = cost
                            bestNodes[slot] = Int32(other)
                            if filled == k { worstKept = bestCosts[k - 1] }
                        }
                        let row = table.values.unsafelyUnwrapped + node * size
                        if isSymmetric {
                            // The row alone: reading the column would miss the cache.
                            for other in 0..<size {
                                let cost = row[other]
                                if cost < worstKept && other != node { consider(other, cost) }
                            }
                        } else {
                            for other in 0..<size {
                                let cost = min(row[other], table[other, node])
                                if cost < worstKept && other != node { consider(other, cost) }
                            }
                        }
                        for index in 0..<k { nodes[node * k + index] = bestNodes[index] }
                    }
                }
            }
        }
        self.k = k
        self.nodes = nodes
    }

    init(k: Int, nodes: [Int32]) {
        self.k = k
        self.nodes = nodes
    }

    /// The first `kept` candidates of every node (the lists are sorted, so these are the
    /// `kept` cheapest).
    func prefix(_ kept: Int) -> NeighbourLists {
        guard kept < k else { return self }
        var shorter = [Int32]()
        shorter.reserveCapacity(nodes.count / k * kept)
        for start in stride(from: 0, to: nodes.count, by: k) { shorter += nodes[start..<(start + kept)] }
        return NeighbourLists(k: kept, nodes: shorter)
    }

    /// The candidates of `node`, cheapest first.
    @inline(__always)
    func of(_ node: Int) -> ArraySlice<Int32> {
        nodes[(node * k)..<(node * k + k)]
    }
}

