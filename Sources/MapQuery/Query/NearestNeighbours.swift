import MapGeometry

/// "Nearest k": best-first search over the tree.
extension SpatialIndex {
    /// The `k` items nearest to `position` (geodesic distance to their nearest point),
    /// nearest first (equal distances by item number), optionally only those within
    /// `maxDistance` metres and accepted by `include`.
    ///
    /// Best-first search (Hjaltason and Samet): tree nodes wait in a queue ordered by a lower
    /// bound of their distance (`GeodesicLowerBound`); the k best items found so far set a
    /// threshold, and the search stops when the nearest waiting node is beyond it. Only
    /// leaves of opened nodes whose own bound is below the threshold are measured.
    public func nearest(
        _ k: Int, to position: Position, maxDistance: Double = .infinity,
        where include: ((Int) -> Bool)? = nil
    ) -> [DistanceHit] {
        guard k > 0, !tree.isEmpty, !(maxDistance < 0) else { return [] }
        let bound = GeodesicLowerBound(from: position), ruler = GeodesicRuler(from: position)
        // A first guess from the points next to the position along the Hilbert curve: k of
        // them are at most the k-th distance away, so nothing farther can be among the k
        // nearest. The search then skips whatever lies outside the search area of that
        // threshold with four comparisons per box, instead of queueing every node that
        // contains the position.
        // Scratch memory from the stack, not closures over helpers: nested generic closures
        // made Swift copy the whole index (its 15 arrays) for every query (callgrind).
        let capacity = min(k, count)
        return withUnsafeTemporaryAllocation(of: DistanceHit.self, capacity: capacity) { hits in
        withUnsafeTemporaryAllocation(of: DistanceQueue.Entry.self, capacity: 64) { entries in
            var best = NearestList(storage: hits, limit: maxDistance, mergeParts: !onePartPerItem)
            var queue = DistanceQueue(entries)
            let measured = offerCurveNeighbours(of: position, ruler: ruler, where: include, into: &best)
            search(from: position, bound: bound, ruler: ruler, where: include, skipping: measured, into: &best, queue: &queue)
            return best.hits
        }
        }
    }

    /// The best-first search of ``nearest(_:to:maxDistance:where:)``, offering every item
    /// that may be among the best to `best`, except the point leaves `measured` already offered.
    private func search(
        from position: Position, bound: GeodesicLowerBound, ruler: GeodesicRuler, where include: ((Int) -> Bool)?,
        skipping measured: Range<Int>, into best: inout NearestList, queue: inout DistanceQueue
    ) {
        var area = GeodesicSearchArea(around: position, radius: best.threshold)
        // Queue codes: a node's slot × 2, or a far point's leaf slot × 2 + 1 (see below).
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
                    if measured.contains(child) { continue }
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
    }

    /// Offers `best` the point leaves on both sides of the position along the Hilbert curve
    /// (usually its neighbours on the map) and returns their slots: the search then starts
    /// with a tight threshold and need not measure them again. Points beyond the ruler's
    /// short lines (a full `geod_inverse` each) are left out, so when the list is not full
    /// afterwards it is emptied again and nothing is skipped. Large k are better served by
    /// the search alone than by measuring 2k leaves first.
    func offerCurveNeighbours(
        of position: Position, ruler: GeodesicRuler, where include: ((Int) -> Bool)?, into best: inout NearestList
    ) -> Range<Int> {
        guard best.capacity <= 64 else { return 0..<0 }
        // k leaves on each side: fewer instructions per query than 1, 2, 4 or 8 leaves, k/2,
        // 3k/4, 1.5k or 2k (callgrind, nearest 1 and 10 on the GeoNames places).
        let reach = best.capacity
        let slot = tree.leafSlot(alongCurveAt: position.longitude, position.latitude)
        let leaves = max(0, slot - reach)..<min(tree.count, slot + reach)
        guard leaves.count >= best.capacity else { return 0..<0 }
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
                let threshold = min(best.threshold, GeodesicRuler.shortLineLimit)
                if ruler.chord(to: frame) > threshold { continue }
                let distance = ruler.distance(to: frame, longitude: boxes[4 &* leaf], latitude: boxes[4 &* leaf &+ 1])
                if distance <= threshold { best.offer(item, distance) }
            }
        }
        }
        }
        guard best.isFull else {
            best.removeAll()
            return 0..<0
        }
        return leaves
    }
}
