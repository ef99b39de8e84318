/// Disjoint sets of `0..<count` with path halving. The lower root stays the root of a join,
/// so a set's root is its lowest member (stop grouping relies on it: a site keeps its first
/// object's position).
struct UnionFind {
    private var parent: [Int]

    init(count: Int) { parent = Array(0..<count) }

    /// The root of `node`'s set: its lowest member.
    mutating func root(_ node: Int) -> Int {
        var node = node
        while parent[node] != node {
            parent[node] = parent[parent[node]]
            node = parent[node]
        }
        return node
    }

    mutating func join(_ first: Int, _ second: Int) {
        let (x, y) = (root(first), root(second))
        if x != y { parent[max(x, y)] = min(x, y) }
    }
}
