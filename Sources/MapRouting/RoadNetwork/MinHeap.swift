/// A binary min-heap of (key, node) pairs for Dijkstra-style searches, over raw memory
/// so a search's inner loop pays no reference counting or uniqueness checks. Its owner
/// calls ``deallocate()`` when done.
///
/// Keys are not decreased in place: a search pushes the node again with the smaller key
/// and skips entries whose key is stale when they come out ("lazy deletion"), which is
/// faster than an indexed heap on sparse road graphs. Equal keys come out in a fixed order,
/// so the hierarchy built with it is deterministic.
struct MinHeap {
    private var keys: UnsafeMutablePointer<Double>
    private var nodes: UnsafeMutablePointer<Int32>
    private var capacity: Int
    private var count = 0

    /// An empty heap with room for `capacity` entries before it grows.
    init(capacity: Int = 64) {
        self.capacity = max(capacity, 1)
        keys = .allocate(capacity: self.capacity)
        nodes = .allocate(capacity: self.capacity)
    }

    var isEmpty: Bool { count == 0 }
    var minimumKey: Double { count == 0 ? .infinity : keys[0] }

    mutating func removeAll() { count = 0 }

    func deallocate() {
        keys.deallocate()
        nodes.deallocate()
    }

    private mutating func grow() {
        let newKeys = UnsafeMutablePointer<Double>.allocate(capacity: capacity * 2)
        let newNodes = UnsafeMutablePointer<Int32>.allocate(capacity: capacity * 2)
        newKeys.update(from: keys, count: count)
        newNodes.update(from: nodes, count: count)
        keys.deallocate()
        nodes.deallocate()
        keys = newKeys
        nodes = newNodes
        capacity *= 2
    }

    @inline(__always)
    mutating func push(_ key: Double, _ node: Int32) {
        if count == capacity { grow() }
        var child = count
        count += 1
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
    @inline(__always)
    mutating func pop() -> (key: Double, node: Int32) {
        let top = (keys[0], nodes[0])
        count -= 1
        let lastKey = keys[count], lastNode = nodes[count]
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
