/// A contraction hierarchy of a ``RoadGraph`` for one metric: every node has a rank, and
/// shortcut edges stand for paths through lower-ranked nodes, so a shortest path is found
/// by two small searches that only climb in rank (Geisberger et al., 2008).
///
/// Edges of the hierarchy ("hierarchy edges") are either an original directed edge of the
/// graph or a shortcut made of two hierarchy edges through a contracted node; paths are
/// unpacked through those children back to road edges.
struct ContractionHierarchy: Sendable {
    let metric: RoadMetric
    let nodeCount: Int
    /// Contraction order: higher ranks were contracted later.
    var rank: [Int32]

    // Upward edges leaving each node (to higher ranks), CSR: the forward search runs on them.
    var upStart: [Int32]
    var upArcs: [HierarchyArc]

    // Upward edges entering each node (from higher ranks; `node` is their tail), CSR: the
    // backward search runs on them.
    var downStart: [Int32]
    var downArcs: [HierarchyArc]

    // Hierarchy edges: their ends, and either the road edge (edgeRef, children -1) or two children.
    var edgeTail: [Int32]
    var edgeHead: [Int32]
    var edgeOriginal: [Int32]
    var edgeFirstChild: [Int32]
    var edgeSecondChild: [Int32]

    /// The road edges (edge references) a hierarchy edge stands for, in travel order.
    func unpack(_ edge: Int32, into result: inout [Int32]) {
        var stack: [Int32] = [edge]
        while let top = stack.popLast() {
            let original = edgeOriginal[Int(top)]
            if original >= 0 {
                result.append(original)
            } else {
                // Second child pushed first so the first child comes out first.
                stack.append(edgeSecondChild[Int(top)])
                stack.append(edgeFirstChild[Int(top)])
            }
        }
    }
}

/// One edge of a hierarchy's search graph, packed so a search reads one array.
struct HierarchyArc: Hashable, Sendable {
    /// The node at the other end.
    var node: Int32
    /// The hierarchy edge (for unpacking the path).
    var edge: Int32
    /// Cost in the hierarchy's metric.
    var weight: Double
    /// The other measure along the same edge.
    var secondary: Double
}
