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
    /// Item ids (positions in the caller's item list) in tree order.
    private(set) var ids: [UInt32]
    /// Interleaved x, y in tree order.
    private(set) var coords: [Float]

    var count: Int { ids.count }

    /// Builds the tree over `count` items whose coordinates `coordinate(i)` returns.
    init(count: Int, nodeSize: Int = 64, coordinate: (Int) -> (Float, Float)) {
        self.nodeSize = nodeSize
        var ids = [UInt32](repeating: 0, count: count)
        var coords = [Float](repeating: 0, count: 2 * count)
        for i in 0..<count {
            let (x, y) = coordinate(i)
            ids[i] = UInt32(i)
            coords[2 * i] = x
            coords[2 * i + 1] = y
        }
        ids.withUnsafeMutableBufferPointer { idBuffer in
            coords.withUnsafeMutableBufferPointer { coordBuffer in
                var sorter = Sorter(ids: idBuffer, coords: coordBuffer, nodeSize: nodeSize)
                sorter.sort(left: 0, right: count - 1, axis: 0)
            }
        }
        self.ids = ids
        self.coords = coords
    }

    /// Ids of the items inside the box (edges included), appended to `result` in KDBush order.
    func range(minX: Double, minY: Double, maxX: Double, maxY: Double, into result: inout [UInt32]) {
        guard !ids.isEmpty else { return }
        ids.withUnsafeBufferPointer { ids in
            coords.withUnsafeBufferPointer { coords in
                var stack: [(Int, Int, Int)] = [(0, ids.count - 1, 0)]
                while let (left, right, axis) = stack.popLast() {
                    if right - left <= nodeSize {
                        var i = left
                        while i <= right {
                            let x = Double(coords[2 * i]), y = Double(coords[2 * i + 1])
                            if x >= minX && x <= maxX && y >= minY && y <= maxY { result.append(ids[i]) }
                            i += 1
                        }
                        continue
                    }
                    let m = (left + right) >> 1
                    let x = Double(coords[2 * m]), y = Double(coords[2 * m + 1])
                    if x >= minX && x <= maxX && y >= minY && y <= maxY { result.append(ids[m]) }
                    if axis == 0 ? minX <= x : minY <= y { stack.append((left, m - 1, 1 - axis)) }
                    if axis == 0 ? maxX >= x : maxY >= y { stack.append((m + 1, right, 1 - axis)) }
                }
            }
        }
    }

    /// Ids of the items within `radius` of (`x`, `y`) (squared distance ≤ radius², computed in
    /// `Double` from the stored `Float` coordinates), appended to `result` in KDBush order.
    func within(x qx: Double, y qy: Double, radius r: Double, into result: inout [UInt32]) {
        guard !ids.isEmpty else { return }
        let r2 = r * r
        ids.withUnsafeBufferPointer { ids in
            coords.withUnsafeBufferPointer { coords in
                withUnsafeTemporaryAllocation(of: (Int32, Int32, Int32).self, capacity: 128) { stack in
                    var top = 0
                    stack[0] = (0, Int32(ids.count - 1), 0)
                    top = 1
                    while top > 0 {
                        top -= 1
                        let (l, rr, a) = stack[top]
                        let left = Int(l), right = Int(rr), axis = Int(a)
                        if right - left <= nodeSize {
                            var i = left
                            while i <= right {
                                let dx = Double(coords[2 * i]) - qx, dy = Double(coords[2 * i + 1]) - qy
                                if dx * dx + dy * dy <= r2 { result.append(ids[i]) }
                                i += 1
                            }
                            continue
                        }
                        let m = (left + right) >> 1
                        let x = Double(coords[2 * m]), y = Double(coords[2 * m + 1])
                        let dx = x - qx, dy = y - qy
                        if dx * dx + dy * dy <= r2 { result.append(ids[m]) }
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

/// KDBush's in-place sort: recursive median selection on alternating axes.
private struct Sorter {
    let ids: UnsafeMutableBufferPointer<UInt32>
    let coords: UnsafeMutableBufferPointer<Float>
    let nodeSize: Int

    mutating func sort(left: Int, right: Int, axis: Int) {
        if right - left <= nodeSize { return }
        let m = (left + right) >> 1
        select(k: m, left: left, right: right, axis: axis)
        sort(left: left, right: m - 1, axis: 1 - axis)
        sort(left: m + 1, right: right, axis: 1 - axis)
    }

    /// Floyd–Rivest selection: afterwards item `k` is in its sorted place on `axis`, smaller
    /// ones before it, larger ones after.
    mutating func select(k: Int, left: Int, right: Int, axis: Int) {
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
            let t = coords[2 * k + axis]
            var i = left
            var j = right
            swapItems(left, k)
            if coords[2 * right + axis] > t { swapItems(left, right) }
            while i < j {
                swapItems(i, j)
                i += 1
                j -= 1
                while coords[2 * i + axis] < t { i += 1 }
                while coords[2 * j + axis] > t { j -= 1 }
            }
            if coords[2 * left + axis] == t {
                swapItems(left, j)
            } else {
                j += 1
                swapItems(j, right)
            }
            if j <= k { left = j + 1 }
            if k <= j { right = j - 1 }
        }
    }

    @inline(__always)
    func swapItems(_ i: Int, _ j: Int) {
        ids.swapAt(i, j)
        coords.swapAt(2 * i, 2 * j)
        coords.swapAt(2 * i + 1, 2 * j + 1)
    }
}

extension KDTree {
    /// The same tree with every id replaced by `transform(id)`.
    func mappingIDs(_ transform: (UInt32) -> UInt32) -> KDTree {
        var copy = self
        for i in copy.ids.indices { copy.ids[i] = transform(copy.ids[i]) }
        return copy
    }
}
