/// Strongly connected components of a directed graph in CSR form (Tarjan's algorithm,
/// iterative so a long road chain cannot overflow the stack).
///
/// Two nodes are in the same component when each can be reached from the other, so a
/// route between nodes of different components is impossible in at least one direction.
enum StronglyConnectedComponents {
    /// The component of each node (numbered in the order Tarjan completes them) and the
    /// size of each component.
    static func compute(
        nodeCount: Int, outStart: [Int32], outTarget: [Int32]
    ) -> (component: [Int32], sizes: [Int32]) {
        let unvisited = Int32(-1)
        var index = [Int32](repeating: unvisited, count: nodeCount)
        var lowLink = [Int32](repeating: 0, count: nodeCount)
        var onStack = [Bool](repeating: false, count: nodeCount)
        var component = [Int32](repeating: -1, count: nodeCount)
        var sizes = [Int32]()
        var stack = [Int32]()
        // The depth-first path: node and the position of the next edge to look at.
        var path = [(node: Int32, nextEdge: Int32)]()
        var counter: Int32 = 0

        for root in 0..<nodeCount where index[root] == unvisited {
            path.append((Int32(root), outStart[root]))
            index[root] = counter; lowLink[root] = counter; counter += 1
            stack.append(Int32(root)); onStack[root] = true
            while let (node, nextEdge) = path.last {
                let v = Int(node)
                if nextEdge < outStart[v + 1] {
                    path[path.count - 1].nextEdge += 1
                    let w = Int(outTarget[Int(nextEdge)])
                    if index[w] == unvisited {
                        index[w] = counter; lowLink[w] = counter; counter += 1
                        stack.append(Int32(w)); onStack[w] = true
                        path.append((Int32(w), outStart[w]))
                    } else if onStack[w] {
                        lowLink[v] = min(lowLink[v], index[w])
                    }
                    continue
                }
                // All edges of v done: close its component if it is a root, then return to the parent.
                path.removeLast()
                if lowLink[v] == index[v] {
                    let id = Int32(sizes.count)
                    var size: Int32 = 0
                    while true {
                        let w = Int(stack.removeLast())
                        onStack[w] = false
                        component[w] = id
                        size += 1
                        if w == v { break }
                    }
                    sizes.append(size)
                }
                if let parent = path.last {
                    lowLink[Int(parent.node)] = min(lowLink[Int(parent.node)], lowLink[v])
                }
            }
        }
        return (component, sizes)
    }
}
