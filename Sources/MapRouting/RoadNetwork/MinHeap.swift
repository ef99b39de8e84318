/// A binary min-heap of (key, node) pairs for Dijkstra-style searches.
///
/// Keys are not decreased in place: a search pushes the node again with the smaller key
/// and skips entries whose key is stale when they come out ("lazy deletion"), which is
/// faster than an indexed heap on sparse road graphs.
struct MinHeap {
    private(set) var keys: [Double] = []
    private(set) var nodes: [Int32] = []

    var isEmpty: Bool { keys.isEmpty }
    var minimumKey: Double { keys.isEmpty ? .infinity : keys[0] }

    mutating func removeAll() {
        keys.removeAll(keepingCapacity: true)
        nodes.removeAll(keepingCapacity: true)
    }

    mutating func push(_ key: Double, _ node: Int32) {
        keys.append(key)
        nodes.append(node)
        var child = keys.count - 1
        while child > 0 {
            let parent = (child - 1) >> 1
            if keys[parent] <= key { break }
            keys[child] = keys[parent]
            nodes[child] = nodes[parent]
            child = parent
        }
        keys[child] = key
        nodes[child] = node
    }

    /// Removes and returns the entry with the smallest key.
    mutating func pop() -> (key: Double, node: Int32) {
        let top = (keys[0], nodes[0])
        let lastKey = keys.removeLast(), lastNode = nodes.removeLast()
        let count = keys.count
        if count > 0 {
            var parent = 0
            while true {
                var child = 2 * parent + 1
                if child >= count { break }
                if child + 1 < count, keys[child + 1] < keys[child] { child += 1 }
                if keys[child] >= lastKey { break }
                keys[parent] = keys[child]
                nodes[parent] = nodes[child]
                parent = child
            }
            keys[parent] = lastKey
            nodes[parent] = lastNode
        }
        return top
    }
}
