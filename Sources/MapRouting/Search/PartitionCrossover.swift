/// Partition crossover of two tours of one symmetric problem (after Whitley, Hains and Howe's
/// GPX). Where two good tours differ, their differing edges fall into separate components: the
/// edges that join a component to the rest are common to both tours. Within each component the
/// cheaper tour's edges can be taken whatever the other components take, as long as the result
/// stays one cycle. So the child is no longer than the first tour, and shorter than both when
/// each is better somewhere else, which is how independent searches end up.
enum PartitionCrossover {
    /// The child of `first` and `second` (cycles over the same nodes `0..<n`): `first` with the
    /// edges of `second` in every component where those are cheaper by more than `epsilon`
    /// and the result is still one cycle; and the nodes whose edges that changed. `cost` must
    /// be symmetric.
    static func child(of first: [Int], _ second: [Int], cost: (Int, Int) -> Double, epsilon: Double) -> (order: [Int], changed: [Int]) {
        let n = first.count
        guard n >= 8, second.count == n else { return (first, []) }
        let a = neighbours(first), b = neighbours(second)
        @inline(__always) func inB(_ u: Int, _ v: Int) -> Bool { b[2 * u] == v || b[2 * u + 1] == v }
        @inline(__always) func inA(_ u: Int, _ v: Int) -> Bool { a[2 * u] == v || a[2 * u + 1] == v }

        // The edges in one tour only: first's count as saved, second's as paid. Their components,
        // and what each saves when it takes second's edges.
        var differing: [(u: Int, v: Int, saving: Double)] = []
        for u in 0..<n {
            for side in 0..<2 {
                let v = a[2 * u + side]
                if u < v, !inB(u, v) { differing.append((u, v, cost(u, v))) }
                let w = b[2 * u + side]
                if u < w, !inA(u, w) { differing.append((u, w, -cost(u, w))) }
            }
        }
        var components = UnionFind(count: n)
        for edge in differing { components.join(edge.u, edge.v) }
        var saving: [Int: Double] = [:]
        for edge in differing { saving[components.root(edge.u), default: 0] += edge.saving }
        var members: [Int: [Int]] = [:]
        for (root, gain) in saving where gain > epsilon { members[root] = [] }
        guard !members.isEmpty else { return (first, []) }
        for u in 0..<n { members[components.root(u)]?.append(u) }

        // Take each saving component's edges from second, largest saving first, unless the
        // child would fall apart into several cycles. Every node keeps two neighbours either
        // way: the edges that leave a component are common to both tours.
        var child = a
        var order = first
        var changed: [Int] = []
        for root in members.keys.sorted(by: { (saving[$0]!, $1) > (saving[$1]!, $0) }) {
            let nodes = members[root]!
            for u in nodes { (child[2 * u], child[2 * u + 1]) = (b[2 * u], b[2 * u + 1]) }
            let walked = cycleThroughZero(child)
            if walked.count == n {
                changed += nodes
                order = walked
            } else {
                for u in nodes { (child[2 * u], child[2 * u + 1]) = (a[2 * u], a[2 * u + 1]) }
            }
        }
        return (order, changed)
    }

    /// Each node's two neighbours on the cycle, at `2 * node` and `2 * node + 1`.
    private static func neighbours(_ cycle: [Int]) -> [Int] {
        var adjacent = [Int](repeating: 0, count: 2 * cycle.count)
        for (index, node) in cycle.enumerated() {
            adjacent[2 * node] = cycle[index == 0 ? cycle.count - 1 : index - 1]
            adjacent[2 * node + 1] = cycle[index == cycle.count - 1 ? 0 : index + 1]
        }
        return adjacent
    }

    /// The nodes of the cycle through node 0, in walking order: every node exactly when the
    /// neighbours form one cycle (each node has two, so the walk comes back to node 0).
    private static func cycleThroughZero(_ adjacent: [Int]) -> [Int] {
        let count = adjacent.count / 2
        var nodes: [Int] = []
        nodes.reserveCapacity(count)
        var (previous, node) = (adjacent[0], 0)
        repeat {
            nodes.append(node)
            let next = adjacent[2 * node] == previous ? adjacent[2 * node + 1] : adjacent[2 * node]
            (previous, node) = (node, next)
        } while node != 0 && nodes.count < count
        return nodes
    }
}
