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
        // A first guess from the points next to the position along the Hilbert curve: k of
        // them are at most this far, so nothing farther can be among the k nearest. The
        // search then skips whatever lies outside the search area of the threshold with four
        // comparisons per box, instead of queueing every node that contains the position.
        let guess = firstGuess(k, to: position, ruler: ruler, where: include)
        var best = NearestList(capacity: min(k, count), limit: min(maxDistance, guess), mergeParts: !onePartPerItem)
        var area = GeodesicSearchArea(around: position, radius: best.threshold)
        // Queue codes: a node's slot × 2, or a far point's leaf slot × 2 + 1 (see below).
        var queue = DistanceQueue()
        queue.push(0, tree.rootSlot << 1)
        let leafCount = tree.count
        // Plain buffers in the loop: no reference counting or bounds checks per step.
        tree.boxes.withUnsafeBufferPointer { boxes in
        tree.firstChild.withUnsafeBufferPointer { firstChild in
        tree.childEnd.withUnsafeBufferPointer { childEnd in
        tree.leafEntries.withUnsafeBufferPointer { leafEntries in
        leafItems.withUnsafeBufferPointer { items in
        leafPointFrames.withUnsafeBufferPointer { frames in
            while let (lowerBound, code) = queue.pop() {
                if lowerBound > best.threshold { break }
                if code & 1 == 1 {
                    let leaf = code >> 1, frameBase = 5 &* leaf, base = 4 &* leaf
                    let frame = VertexFrame(
                        x: frames[frameBase], y: frames[frameBase &+ 1], z: frames[frameBase &+ 2],
                        sinLatitude: frames[frameBase &+ 3], cosLatitude: frames[frameBase &+ 4])
                    let distance = ruler.distance(to: frame, longitude: boxes[base], latitude: boxes[base &+ 1])
                    if distance <= best.threshold { best.offer(Int(items[leaf]), distance) }
                    continue
                }
                // The area only needs to hold the current threshold's circle; rebuilding it
                // costs a few sines, so wait until the threshold has shrunk noticeably.
                if best.threshold < area.radius * 0.9 { area = GeodesicSearchArea(around: position, radius: best.threshold) }
                let node = (code >> 1) &- leafCount
                for child in Int(firstChild[node])..<Int(childEnd[node]) {
                    let base = 4 &* child
                    let minX = boxes[base], minY = boxes[base &+ 1], maxX = boxes[base &+ 2], maxY = boxes[base &+ 3]
                    if !area.mayHold(minX: minX, minY: minY, maxX: maxX, maxY: maxY) { continue }
                    guard child < leafCount else {
                        let childBound = bound.distance(minX: minX, minY: minY, maxX: maxX, maxY: maxY)
                        if childBound <= best.threshold { queue.push(childBound, child << 1) }
                        continue
                    }
                    let item = Int(items[child])
                    if let include, !include(item) { continue }
                    let frameBase = 5 &* child
                    let x = frames[frameBase]
                    if x.isNaN {
                        if bound.distance(minX: minX, minY: minY, maxX: maxX, maxY: maxY) > best.threshold { continue }
                        let part = Int(leafEntries[child])
                        if let distance = parts.distance(
                            from: position, to: part, bound: bound, ruler: ruler, limit: best.threshold) {
                            best.offer(item, distance)
                        }
                        continue
                    }
                    // A point: the chord (never more than the geodesic) rejects far ones cheaply.
                    let frame = VertexFrame(
                        x: x, y: frames[frameBase &+ 1], z: frames[frameBase &+ 2],
                        sinLatitude: frames[frameBase &+ 3], cosLatitude: frames[frameBase &+ 4])
                    let threshold = best.threshold
                    let chord = ruler.chord(to: frame)
                    if chord > threshold { continue }
                    if chord > GeodesicRuler.shortLineLimit {
                        // Far points cost a full geod_inverse: queue them by their chord and
                        // measure only those still below the threshold when their turn comes.
                        queue.push(chord, child << 1 | 1)
                        continue
                    }
                    let distance = ruler.distance(to: frame, longitude: minX, latitude: minY)
                    if distance <= threshold { best.offer(item, distance) }
                }
            }
        }
        }
        }
        }
        }
        }
        return best.hits
    }

    /// An upper bound of the k-th nearest distance, from the point leaves on both sides of
    /// the position along the Hilbert curve (usually its neighbours on the map), or infinity
    /// when they hold fewer than k accepted items. Far points (which would need a full
    /// `geod_inverse`) and lines or polygons are left to the search.
    func firstGuess(_ k: Int, to position: Position, ruler: GeodesicRuler, where include: ((Int) -> Bool)?) -> Double {
        let reach = max(8, k)
        let slot = tree.leafSlot(alongCurveAt: position.longitude, position.latitude)
        let leaves = max(0, slot - reach)..<min(tree.count, slot + reach)
        guard leaves.count >= k else { return .infinity }
        var guess = NearestList(capacity: k, limit: GeodesicRuler.shortLineLimit, mergeParts: !onePartPerItem)
        tree.boxes.withUnsafeBufferPointer { boxes in
        leafItems.withUnsafeBufferPointer { items in
        leafPointFrames.withUnsafeBufferPointer { frames in
            for leaf in leaves {
                let frameBase = 5 &* leaf
                let x = frames[frameBase]
                if x.isNaN { continue }
                let item = Int(items[leaf])
                if let include, !include(item) { continue }
                let frame = VertexFrame(
                    x: x, y: frames[frameBase &+ 1], z: frames[frameBase &+ 2],
                    sinLatitude: frames[frameBase &+ 3], cosLatitude: frames[frameBase &+ 4])
                let threshold = guess.threshold
                if ruler.chord(to: frame) > threshold { continue }
                let distance = ruler.distance(to: frame, longitude: boxes[4 &* leaf], latitude: boxes[4 &* leaf &+ 1])
                if distance <= threshold { guess.offer(item, distance) }
            }
        }
        }
        }
        return guess.isFull ? guess.threshold : .infinity
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

    var isFull: Bool { hits.count == capacity }

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
    private struct Entry {
        var key: Double
        var code: Int
        @inline(__always) func before(_ other: Entry) -> Bool {
            key != other.key ? key < other.key : code < other.code
        }
    }

    private var entries: [Entry] = []

    init() { entries.reserveCapacity(256) }

    mutating func push(_ key: Double, _ code: Int) {
        let entry = Entry(key: key, code: code)
        entries.append(entry)
        entries.withUnsafeMutableBufferPointer { heap in
            // Move the hole up instead of swapping at each level.
            var child = heap.count &- 1
            while child > 0 {
                let parent = (child &- 1) >> 1
                guard entry.before(heap[parent]) else { break }
                heap[child] = heap[parent]
                child = parent
            }
            heap[child] = entry
        }
    }

    mutating func pop() -> (Double, Int)? {
        guard let last = entries.popLast() else { return nil }
        guard !entries.isEmpty else { return (last.key, last.code) }
        return entries.withUnsafeMutableBufferPointer { heap in
            let top = heap[0]
            let count = heap.count
            var parent = 0
            while true {
                let left = 2 &* parent &+ 1
                guard left < count else { break }
                let right = left &+ 1
                let smaller = right < count && heap[right].before(heap[left]) ? right : left
                guard heap[smaller].before(last) else { break }
                heap[parent] = heap[smaller]
                parent = smaller
            }
            heap[parent] = last
            return (top.key, top.code)
        }
    }
}
