/// "Nearest k": best-first search over the tree.
extension SpatialIndex {
    /// The `k` items nearest to `position` (geodesic distance to their nearest point),
    /// nearest first, optionally only those within `maxDistance` metres and accepted by `include`.
    ///
    /// Best-first search (Hjaltason and Samet): a queue ordered by a lower bound of the distance
    /// holds tree nodes, leaves and measured parts; a part measured exactly goes back into the
    /// queue with its true distance, and an item is final when it comes out measured. So only
    /// parts whose lower bound is below the k-th distance are ever measured.
    public func nearest(
        _ k: Int, to position: Position, maxDistance: Double = .infinity,
        where include: ((Int) -> Bool)? = nil
    ) -> [DistanceHit] {
        guard k > 0, !tree.isEmpty, !(maxDistance < 0) else { return [] }
        let bound = GeodesicLowerBound(from: position), ruler = GeodesicRuler(from: position)
        var queue = DistanceQueue()
        queue.push(0, Entry.node(tree.rootSlot))
        var found: [DistanceHit] = []
        found.reserveCapacity(min(k, count))
        var reported = Set<Int>()

        while let (key, code) = queue.pop() {
            let value = code >> 2
            switch code & 3 {
            case Entry.nodeTag:
                let children = tree.children(value)
                for child in children {
                    let lowerBound = bound.distance(to: tree.box(child))
                    if lowerBound > maxDistance { continue }
                    if tree.isLeaf(child) {
                        let part = Int(tree.leafEntries[child])
                        if let include, !include(Int(parts.items[part])) { continue }
                        if parts.kinds[part] == .point {
                            // A point costs one short-line distance: measure it now.
                            if let distance = parts.distance(
                                from: position, to: part, bound: bound, ruler: ruler, limit: maxDistance) {
                                queue.push(distance, Entry.measured(part))
                            }
                            continue
                        }
                        queue.push(lowerBound, Entry.leaf(part))
                    } else {
                        queue.push(lowerBound, Entry.node(child))
                    }
                }
            case Entry.leafTag:
                if let distance = parts.distance(from: position, to: value, bound: bound, ruler: ruler, limit: maxDistance) {
                    queue.push(distance, Entry.measured(value))
                }
            default:
                let item = Int(parts.items[value])
                if !onePartPerItem {
                    if reported.contains(item) { continue }
                    reported.insert(item)
                }
                found.append(DistanceHit(item: item, distance: key))
                if found.count == k { return found }
            }
        }
        return found
    }

    /// Queue entry codes: the low two bits say what the rest is.
    private enum Entry {
        static let nodeTag = 0, leafTag = 1, measuredTag = 2
        static func node(_ slot: Int) -> Int { slot << 2 | nodeTag }
        static func leaf(_ part: Int) -> Int { part << 2 | leafTag }
        static func measured(_ part: Int) -> Int { part << 2 | measuredTag }
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
