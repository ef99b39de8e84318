/// "Nearest k": best-first search over the tree.
extension SpatialIndex {
    /// The `k` items nearest to `position` (geodesic distance to their nearest point),
    /// nearest first (equal distances by item number), optionally only those within
    /// `maxDistance` metres and accepted by `include`.
    ///
    /// Best-first search (Hjaltason and Samet): tree nodes wait in a queue ordered by a lower
    /// bound of their distance (``GeodesicLowerBound``); the k best items found so far set a
    /// threshold, and the search stops when the nearest waiting node is beyond it. Only
    /// leaves of opened nodes whose own bound is below the threshold are measured.
    public func nearest(
        _ k: Int, to position: Position, maxDistance: Double = .infinity,
        where include: ((Int) -> Bool)? = nil
    ) -> [DistanceHit] {
        guard k > 0, !tree.isEmpty, !(maxDistance < 0) else { return [] }
        let bound = GeodesicLowerBound(from: position), ruler = GeodesicRuler(from: position)
        var best = NearestList(capacity: min(k, count), limit: maxDistance, mergeParts: !onePartPerItem)
        var queue = DistanceQueue()
        queue.push(0, tree.rootSlot)
        while let (lowerBound, slot) = queue.pop() {
            if lowerBound > best.threshold { break }
            for child in tree.children(slot) {
                let childBound = bound.distance(to: tree.box(child))
                if childBound > best.threshold { continue }
                guard tree.isLeaf(child) else {
                    queue.push(childBound, child)
                    continue
                }
                let part = Int(tree.leafEntries[child])
                let item = Int(parts.items[part])
                if let include, !include(item) { continue }
                if let distance = parts.distance(
                    from: position, to: part, bound: bound, ruler: ruler, limit: best.threshold) {
                    best.offer(item, distance)
                }
            }
        }
        return best.hits
    }
}

/// The k best hits so far, nearest first; its threshold is the k-th distance once full.
struct NearestList {
    private(set) var hits: [DistanceHit] = []
    let capacity: Int
    let limit: Double
    /// Items with several parts may be offered more than once: keep their nearest part.
    let mergeParts: Bool

    init(capacity: Int, limit: Double, mergeParts: Bool) {
        self.capacity = capacity
        self.limit = limit
        self.mergeParts = mergeParts
        hits.reserveCapacity(capacity + 1)
    }

    /// Farther than this cannot enter the list.
    var threshold: Double { hits.count == capacity ? hits[capacity - 1].distance : limit }

    mutating func offer(_ item: Int, _ distance: Double) {
        let hit = DistanceHit(item: item, distance: distance)
        if mergeParts, let existing = hits.firstIndex(where: { $0.item == item }) {
            guard DistanceHit.nearerFirst(hit, hits[existing]) else { return }
            hits.remove(at: existing)
        } else if hits.count == capacity {
            guard DistanceHit.nearerFirst(hit, hits[capacity - 1]) else { return }
            hits.removeLast()
        }
        var index = hits.count
        while index > 0 && DistanceHit.nearerFirst(hit, hits[index - 1]) { index -= 1 }
        hits.insert(hit, at: index)
    }
}

/// A binary min-heap of (distance, code), ties broken by code so the order is deterministic.
struct DistanceQueue {
    private var keys: [Double] = []
    private var codes: [Int] = []

    init() {
        keys.reserveCapacity(64)
        codes.reserveCapacity(64)
    }

    @inline(__always) private func less(_ i: Int, _ j: Int) -> Bool {
        keys[i] != keys[j] ? keys[i] < keys[j] : codes[i] < codes[j]
    }

    mutating func push(_ key: Double, _ code: Int) {
        keys.append(key)
        codes.append(code)
        var child = keys.count - 1
        while child > 0 {
            let parent = (child - 1) >> 1
            guard less(child, parent) else { break }
            keys.swapAt(child, parent)
            codes.swapAt(child, parent)
            child = parent
        }
    }

    mutating func pop() -> (Double, Int)? {
        guard let lastKey = keys.last else { return nil }
        let top = (keys[0], codes[0])
        let lastCode = codes.removeLast()
        keys.removeLast()
        guard !keys.isEmpty else { return top }
        keys[0] = lastKey
        codes[0] = lastCode
        var parent = 0
        let count = keys.count
        while true {
            let left = 2 * parent + 1
            guard left < count else { break }
            let right = left + 1
            let smaller = right < count && less(right, left) ? right : left
            guard less(smaller, parent) else { break }
            keys.swapAt(smaller, parent)
            codes.swapAt(smaller, parent)
            parent = smaller
        }
        return top
    }
}
