import Foundation

/// A static two-dimensional KD-tree over `Float` coordinates, built the way KDBush builds
/// its tree: items sorted in place, alternating axes, Floyd–Rivest selection of the median,
/// leaves of at most `nodeSize` items.
///
/// The build, the range query and the radius query follow KDBush step by step on purpose:
/// the order in which a radius query reports items decides supercluster's greedy choices,
/// its cluster ids and the order of a cluster's children, so an identical tree gives
/// identical results.
struct KDTree: Sendable {
    let nodeSize: Int
    /// One item: its coordinates and id (position in the caller's item list), kept together so
    /// that a swap while sorting and a test while querying touch one cache line.
    struct Item: Sendable {
        var x: Float
        var y: Float
        var id: UInt32

    }

    /// The items in tree order.
    private(set) var items: [Item]

    var count: Int { items.count }

    /// Builds the tree over `count` items whose coordinates `coordinate(i)` returns. With
    /// `parallel`, the two halves below the root are sorted on two threads (same result).
    init(count: Int, nodeSize: Int = 64, parallel: Bool = false, coordinate: (Int) -> (Float, Float)) {
        self.nodeSize = nodeSize
        var items = [Item](unsafeUninitializedCapacity: count) { buffer, initialized in
            for i in 0..<count {
                let (x, y) = coordinate(i)
                buffer[i] = Item(x: x, y: y, id: UInt32(i))
            }
            initialized = count
        }
        Self.sort(&items, nodeSize: nodeSize, parallel: parallel)
        self.items = items
    }

    /// A tree over items already in tree order (sorted by ``sort(_:nodeSize:parallel:)``).
    init(sortedItems: [Item], nodeSize: Int) {
        self.nodeSize = nodeSize
        items = sortedItems
    }

    /// Puts `items` in tree order, KDBush's. Any item type whose first two stored properties
    /// are its `Float` x and y will do, so callers can sort other data along with the items.
    /// With `parallel`, the two halves below the root are sorted on two threads (same result).
    static func sort<T>(_ items: inout [T], nodeSize: Int, parallel: Bool) {
        let count = items.count
        items.withUnsafeMutableBufferPointer { buffer in
            let sorter = Sorter(items: buffer, nodeSize: nodeSize)
            if parallel && count > 50_000 {
                sorter.sortInTwoThreads(count: count)
            } else {
                sorter.sort(left: 0, right: count - 1, axis: 0)
            }
        }
    }

    /// Ids of the items inside the box (edges included), appended to `result` in KDBush order.
    func range(minX: Double, minY: Double, maxX: Double, maxY: Double, into result: inout [UInt32]) {
        guard !items.isEmpty else { return }
        items.withUnsafeBufferPointer { items in
            do {
                var stack: [(Int, Int, Int)] = [(0, items.count - 1, 0)]
                while let (left, right, axis) = stack.popLast() {
                    if right - left <= nodeSize {
                        var i = left
                        while i <= right {
                            let x = Double(items[i].x), y = Double(items[i].y)
                            if x >= minX && x <= maxX && y >= minY && y <= maxY { result.append(items[i].id) }
                            i += 1
                        }
                        continue
                    }
                    let m = (left + right) >> 1
                    let x = Double(items[m].x), y = Double(items[m].y)
                    if x >= minX && x <= maxX && y >= minY && y <= maxY { result.append(items[m].id) }
                    if axis == 0 ? minX <= x : minY <= y { stack.append((left, m - 1, 1 - axis)) }
                    if axis == 0 ? maxX >= x : maxY >= y { stack.append((m + 1, right, 1 - axis)) }
                }
            }
        }
    }

    /// Ids of the items within `radius` of (`x`, `y`) (squared distance ≤ radius², computed in
    /// `Double` from the stored `Float` coordinates), appended to `result` in KDBush order.
    func within(x qx: Double, y qy: Double, radius r: Double, into result: inout [UInt32]) {
        guard !items.isEmpty else { return }
        let r2 = r * r
        items.withUnsafeBufferPointer { items in
            do {
                withUnsafeTemporaryAllocation(of: (Int32, Int32, Int32).self, capacity: 128) { stack in
                    var top = 0
                    stack[0] = (0, Int32(items.count - 1), 0)
                    top = 1
                    while top > 0 {
                        top -= 1
                        let (l, rr, a) = stack[top]
                        let left = Int(l), right = Int(rr), axis = Int(a)
                        if right - left <= nodeSize {
                            var i = left
                            while i <= right {
                                let item = items[i]
                                let dx = Double(item.x) - qx, dy = Double(item.y) - qy
                                if dx * dx + dy * dy <= r2 { result.append(item.id) }
                                i += 1
                            }
                            continue
                        }
                        let m = (left + right) >> 1
                        let x = Double(items[m].x), y = Double(items[m].y)
                        let dx = x - qx, dy = y - qy
                        if dx * dx + dy * dy <= r2 { result.append(items[m].id) }
                        if axis == 0 ? qx - r <= x : qy - r <= y {
                            stack[top] = (Int32(left), Int32(m - 1), Int32(1 - axis)); top += 1
                        }
                        if axis == 0 ? qx + r >= x : qy + r >= y {
                            stack[top] = (Int32(m + 1), Int32(right), Int32(1 - axis)); top += 1
                        }
                    }
                }
            }
        }
    }
}

/// KDBush's in-place sort: recursive median selection on alternating axes, over items whose
/// first two stored properties are `Float` x and y (read through byte offsets 0 and 4).
private struct Sorter<Item>: @unchecked Sendable {
    let items: UnsafeMutableBufferPointer<Item>
    let nodeSize: Int

    func sort(left: Int, right: Int, axis: Int) {
        if right - left <= nodeSize { return }
        let m = (left + right) >> 1
        select(k: m, left: left, right: right, axis: axis)
        sort(left: left, right: m - 1, axis: 1 - axis)
        sort(left: m + 1, right: right, axis: 1 - axis)
    }

    /// The same sort, with the two halves below the root sorted at once (they are disjoint).
    func sortInTwoThreads(count: Int) {
        let right = count - 1
        guard right > nodeSize else { return }
        let m = right >> 1
        select(k: m, left: 0, right: right, axis: 0)
        DispatchQueue.concurrentPerform(iterations: 2) { half in
            if half == 0 { sort(left: 0, right: m - 1, axis: 1) } else { sort(left: m + 1, right: right, axis: 1) }
        }
    }

    /// Floyd–Rivest selection: afterwards item `k` is in its sorted place on `axis`, smaller
    /// ones before it, larger ones after.
    func select(k: Int, left: Int, right: Int, axis: Int) {
        // Coordinates read through a byte offset (x or y) rather than a branch per element.
        let base = UnsafeRawPointer(items.baseAddress!) + axis * MemoryLayout<Float>.stride
        let stride = MemoryLayout<Item>.stride
        @inline(__always) func value(_ i: Int) -> Float { base.load(fromByteOffset: i * stride, as: Float.self) }
        var left = left, right = right
        while right > left {
            if right - left > 600 {
                let n = Double(right - left + 1)
                let m = Double(k - left + 1)
                let z = log(n)
                let s = 0.5 * exp(2 * z / 3)
                let sd = 0.5 * (z * s * (n - s) / n).squareRoot() * (m - n / 2 < 0 ? -1 : 1)
                let newLeft = max(left, Int((Double(k) - m * s / n + sd).rounded(.down)))
                let newRight = min(right, Int((Double(k) + (n - m) * s / n + sd).rounded(.down)))
                select(k: k, left: newLeft, right: newRight, axis: axis)
            }
            let t = value(k)
            var i = left
            var j = right
            items.swapAt(left, k)
            if value(right) > t { items.swapAt(left, right) }
            while i < j {
                items.swapAt(i, j)
                i += 1
                j -= 1
                while value(i) < t { i += 1 }
                while value(j) > t { j -= 1 }
            }
            if value(left) == t {
                items.swapAt(left, j)
            } else {
                j += 1
                items.swapAt(j, right)
            }
            if j <= k { left = j + 1 }
            if k <= j { right = j - 1 }
        }
    }
}

extension KDTree {
    /// The same tree with every id replaced by `transform(id)`.
    func mappingIDs(_ transform: (UInt32) -> UInt32) -> KDTree {
        var copy = self
        for i in copy.items.indices { copy.items[i].id = transform(copy.items[i].id) }
        return copy
    }
}

extension KDTree {
    /// Distance from (`x`, `y`) to the nearest item other than `excluded`, if one lies within
    /// `maxRadius` (branch and bound: the nearer side of each split first, the farther side
    /// only while it can still hold something closer).
    func nearestDistance(x qx: Double, y qy: Double, maxRadius: Double, excluding excluded: UInt32) -> Double? {
        guard !items.isEmpty else { return nil }
        var best2 = maxRadius * maxRadius
        var found = false
        items.withUnsafeBufferPointer { items in
            withUnsafeTemporaryAllocation(of: (Int32, Int32, Int32, Double).self, capacity: 128) { stack in
                stack[0] = (0, Int32(items.count - 1), 0, 0)
                var top = 1
                while top > 0 {
                    top -= 1
                    let (l, rr, a, bound) = stack[top]
                    if bound > best2 { continue }
                    let left = Int(l), right = Int(rr), axis = Int(a)
                    if right - left <= nodeSize {
                        var i = left
                        while i <= right {
                            let item = items[i]
                            let dx = Double(item.x) - qx, dy = Double(item.y) - qy
                            let d2 = dx * dx + dy * dy
                            if d2 <= best2 && item.id != excluded { best2 = d2; found = true }
                            i += 1
                        }
                        continue
                    }
                    let m = (left + right) >> 1
                    let item = items[m]
                    let dx = Double(item.x) - qx, dy = Double(item.y) - qy
                    let d2 = dx * dx + dy * dy
                    if d2 <= best2 && item.id != excluded { best2 = d2; found = true }
                    let split = axis == 0 ? qx - Double(item.x) : qy - Double(item.y)
                    let lower = (Int32(left), Int32(m - 1), Int32(1 - axis))
                    let upper = (Int32(m + 1), Int32(right), Int32(1 - axis))
                    // Far side first on the stack, so the near side is searched first.
                    let (near, far) = split < 0 ? (lower, upper) : (upper, lower)
                    stack[top] = (far.0, far.1, far.2, split * split); top += 1
                    stack[top] = (near.0, near.1, near.2, bound); top += 1
                }
            }
        }
        return found ? best2.squareRoot() : nil
    }
}
