extension GeodesicDistances {
    /// For every position, the `k` other positions closest to it, nearest first (by geodesic
    /// distance, ties by index), flattened: the list of position `i` is `[i * k ..< i * k + k]`.
    /// `k` is capped at `count - 1`.
    ///
    /// Found through a k-d tree over the earth-centred coordinates (the chord orders
    /// neighbours as the geodesic does, to within 10⁻⁶ up to 100 km), in O(n log n) instead of
    /// measuring every pair: 10,000 positions take milliseconds.
    public func nearestNeighbours(_ k: Int) -> (k: Int, lists: [Int32]) {
        nearestNeighbours(k, until: { false })
    }

    /// ``nearestNeighbours(_:)`` for work that may be cancelled: `isStopped` is asked every 64
    /// positions, and once it answers true each remaining position's list is the next `k`
    /// positions by index. Those are valid lists (other positions, each once), not the nearest:
    /// a caller that stops throws its result away, but it need not wait for the rest.
    package func nearestNeighbours(_ k: Int, until isStopped: () -> Bool) -> (k: Int, lists: [Int32]) {
        let k = max(0, min(k, count - 1))
        guard k > 0 else { return (0, []) }
        let tree = ChordTree(frames: frames)
        var lists = [Int32](repeating: 0, count: count * k)
        var found = ChordTree.Nearest(capacity: k)
        var stopped = false
        for index in 0..<count {
            if index & 63 == 0, !stopped { stopped = isStopped() }
            if stopped {
                for slot in 0..<k { lists[index * k + slot] = Int32((index + 1 + slot) % count) }
                continue
            }
            found.reset()
            tree.search(around: index, into: &found)
            let ranked = found.indices.map { (distance: self.distance(index, $0), index: $0) }
                .sorted { ($0.distance, $0.index) < ($1.distance, $1.index) }
            for (slot, neighbour) in ranked.enumerated() { lists[index * k + slot] = Int32(neighbour.index) }
        }
        return (k, lists)
    }

    /// For each of `queries` (positions by index), the closest of `candidates` (none of them a
    /// query), or -1 when there are none: by chord, as ``nearestNeighbours(_:)``. Through a k-d
    /// tree over the candidates: on two far-apart halves of 10,000 places, 26 ms both ways
    /// where comparing every pair took 1.2 s.
    package func nearest(of queries: [Int], among candidates: [Int]) -> [Int] {
        guard !candidates.isEmpty else { return queries.map { _ in -1 } }
        let tree = ChordTree(frames: candidates.map { frames[$0] })
        var found = ChordTree.Nearest(capacity: 1)
        return queries.map { query in
            found.reset()
            tree.search(near: SIMD3(frames[query].x, frames[query].y, frames[query].z), into: &found)
            return candidates[found.indices[0]]
        }
    }
}

/// A balanced k-d tree over earth-centred coordinates, stored implicitly: the node of a range
/// of `order` is its middle element, split on the axis kept at that position.
private struct ChordTree {
    let points: [SIMD3<Double>]
    var order: [Int]
    var axes: [Int]
    /// The bounding box of each range's points, at the range's middle: a search skips a range
    /// whose box is farther than the points it has found. The split planes alone let a query
    /// far from every point (the nearest on another continent) visit nearly all of them.
    var lowerCorners: [SIMD3<Double>]
    var upperCorners: [SIMD3<Double>]

    init(frames: [VertexFrame]) {
        points = frames.map { SIMD3($0.x, $0.y, $0.z) }
        order = Array(points.indices)
        axes = [Int](repeating: 0, count: points.count)
        lowerCorners = [SIMD3<Double>](repeating: .zero, count: points.count)
        upperCorners = lowerCorners
        build(0, points.count)
    }

    /// Splits `order[low..<high]` at its median on the axis of widest spread.
    private mutating func build(_ low: Int, _ high: Int) {
        guard high > low else { return }
        var lower = SIMD3<Double>(repeating: .infinity), upper = SIMD3<Double>(repeating: -.infinity)
        for index in order[low..<high] {
            lower = pointwiseMin(lower, points[index])
            upper = pointwiseMax(upper, points[index])
        }
        (lowerCorners[(low + high) / 2], upperCorners[(low + high) / 2]) = (lower, upper)
        guard high - low > 1 else { return }
        let spread = upper - lower
        let axis = spread.x >= spread.y && spread.x >= spread.z ? 0 : (spread.y >= spread.z ? 1 : 2)
        let points = self.points
        order[low..<high].sort { (points[$0][axis], $0) < (points[$1][axis], $1) }
        let middle = (low + high) / 2
        axes[middle] = axis
        build(low, middle)
        build(middle + 1, high)
    }

    /// The closest points found so far, as squared chords, sorted ascending.
    struct Nearest {
        let capacity: Int
        private(set) var squared: [Double] = []
        private(set) var indices: [Int] = []

        init(capacity: Int) {
            self.capacity = capacity
            squared.reserveCapacity(capacity + 1)
            indices.reserveCapacity(capacity + 1)
        }

        mutating func reset() {
            squared.removeAll(keepingCapacity: true)
            indices.removeAll(keepingCapacity: true)
        }

        /// The squared chord a new point must beat to be kept.
        var bound: Double { squared.count < capacity ? .infinity : squared[squared.count - 1] }

        mutating func offer(_ index: Int, squared distance: Double) {
            guard distance < bound else { return }
            var slot = squared.count
            while slot > 0 && squared[slot - 1] > distance { slot -= 1 }
            squared.insert(distance, at: slot)
            indices.insert(index, at: slot)
            if squared.count > capacity {
                squared.removeLast()
                indices.removeLast()
            }
        }
    }

    /// Offers `found` the points nearest to `target`.
    func search(around target: Int, into found: inout Nearest) {
        search(points[target], excluding: target, low: 0, high: order.count, into: &found)
    }

    /// Offers `found` the points nearest to `point`, which need not be one of the tree's.
    func search(near point: SIMD3<Double>, into found: inout Nearest) {
        search(point, excluding: -1, low: 0, high: order.count, into: &found)
    }

    private func search(_ query: SIMD3<Double>, excluding target: Int, low: Int, high: Int, into found: inout Nearest) {
        guard low < high else { return }
        let middle = (low + high) / 2
        let outside = pointwiseMax(lowerCorners[middle] - query, .zero) + pointwiseMax(query - upperCorners[middle], .zero)
        guard (outside * outside).sum() < found.bound else { return }
        let index = order[middle]
        let point = points[index]
        if index != target {
            let offset = point - query
            found.offer(index, squared: (offset * offset).sum())
        }
        let axis = axes[middle]
        let gap = query[axis] - point[axis]
        let (near, far) = gap < 0 ? ((low, middle), (middle + 1, high)) : ((middle + 1, high), (low, middle))
        search(query, excluding: target, low: near.0, high: near.1, into: &found)
        if gap * gap < found.bound {
            search(query, excluding: target, low: far.0, high: far.1, into: &found)
        }
    }
}
