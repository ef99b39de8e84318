/// One KD-tree over every marker of every zoom, for viewport queries.
///
/// A point or cluster is a marker over a range of zoom levels (from the level it is made at
/// down to the level above the one where it joins a bigger cluster), at one fixed position.
/// So instead of a tree per zoom (supercluster), all markers share one tree, and each subtree
/// carries a bit mask of the zoom levels present in it: a query at zoom `z` skips subtrees
/// without bit `z`. That keeps the index at about one tree entry per point or cluster instead
/// of one per point per zoom.
struct ZoomTree: Sendable {
    private let tree: KDTree
    /// Per tree slot: the lowest and highest level of the marker there.
    private let lowest: [UInt8]
    private let highest: [UInt8]
    /// Level bit masks of the implicit subtrees, heap-numbered from 1.
    private let masks: [UInt32]
    /// Levels with few markers (the low zooms) also get a small tree of their own: there the
    /// markers are spread thinly over the big tree, so a world query would walk most of it.
    private let smallLevels: [Int: KDTree]
    /// Most markers a level may have to get its own small tree.
    static let smallLevelLimit = 16_384

    init(table: ClusterTable, nodeSize: Int = 64, parallel: Bool = false) {
        // The levels travel with the items through the sort: looked up afterwards, in tree
        // order, each would be a cache miss (two arrays, over a million markers).
        var sortable: [LevelledItem] = []
        sortable.reserveCapacity(table.nodeCount)
        for node in 0..<table.nodeCount {
            let low = table.lowestLevel[node], high = table.highestLevel(node)
            guard Int(low) <= high else { continue }
            let (x, y) = table.treeCoordinate(node)
            sortable.append(LevelledItem(x: x, y: y, node: UInt32(node), lowest: low, highest: UInt8(high)))
        }
        KDTree.sort(&sortable, nodeSize: nodeSize, parallel: parallel)
        let count = sortable.count
        var items = [KDTree.Item](repeating: KDTree.Item(x: 0, y: 0, id: 0), count: count)
        var lowest = [UInt8](repeating: 0, count: count)
        var highest = [UInt8](repeating: 0, count: count)
        for slot in 0..<count {
            let item = sortable[slot]
            items[slot] = KDTree.Item(x: item.x, y: item.y, id: item.node)
            lowest[slot] = item.lowest
            highest[slot] = item.highest
        }
        sortable = []
        self.tree = KDTree(sortedItems: items, nodeSize: nodeSize)
        self.lowest = lowest
        self.highest = highest
        // Nodes in node order, for the small per-level trees below.
        var visible: [UInt32] = []
        visible.reserveCapacity(count)
        for node in 0..<table.nodeCount where Int(table.lowestLevel[node]) <= table.highestLevel(node) {
            visible.append(UInt32(node))
        }

        var depth = 0, size = visible.count
        while size > nodeSize + 1 { size = (size + 1) / 2; depth += 1 }
        var masks = [UInt32](repeating: 0, count: 1 << (depth + 2))
        func fill(_ left: Int, _ right: Int, _ heap: Int) -> UInt32 {
            guard left <= right else { return 0 }
            var mask: UInt32 = 0
            if right - left <= nodeSize {
                for slot in left...right { mask |= levelBits(lowest[slot], highest[slot]) }
            } else {
                let m = (left + right) >> 1
                mask = levelBits(lowest[m], highest[m]) | fill(left, m - 1, 2 * heap) | fill(m + 1, right, 2 * heap + 1)
            }
            masks[heap] = mask
            return mask
        }
        _ = fill(0, visible.count - 1, 1)
        self.masks = masks

        var perLevel: [Int: [UInt32]] = [:]
        // Markers per level from a difference array: +1 where a node's levels start, −1 after.
        var starts = [Int](repeating: 0, count: 34)
        for node in visible {
            starts[Int(table.lowestLevel[Int(node)])] += 1
            starts[table.highestLevel(Int(node)) + 1] -= 1
        }
        var levelCounts = [Int](repeating: 0, count: 33)
        var running = 0
        for level in 0..<33 {
            running += starts[level]
            levelCounts[level] = running
        }
        let fewMarkerLevels = (0..<33).filter { levelCounts[$0] > 0 && levelCounts[$0] <= Self.smallLevelLimit }
        if let top = fewMarkerLevels.last {
            for node in visible {
                let low = Int(table.lowestLevel[Int(node)])
                guard low <= top else { continue }
                let high = min(table.highestLevel(Int(node)), top)
                for level in low...high where levelCounts[level] <= Self.smallLevelLimit {
                    perLevel[level, default: []].append(node)
                }
            }
        }
        smallLevels = perLevel.mapValues { nodes in
            KDTree(count: nodes.count, nodeSize: nodeSize) { table.treeCoordinate(Int(nodes[$0])) }
                .mappingIDs { nodes[Int($0)] }
        }
    }

    /// Node numbers of the markers of `level` inside the box, in tree order.
    func range(minX: Double, minY: Double, maxX: Double, maxY: Double, level: Int, into result: inout [UInt32]) {
        guard tree.count > 0 else { return }
        if let small = smallLevels[level] {
            small.range(minX: minX, minY: minY, maxX: maxX, maxY: maxY, into: &result)
            return
        }
        let bit = UInt32(1) << UInt32(level)
        let nodeSize = tree.nodeSize
        let level = UInt8(level)
        tree.items.withUnsafeBufferPointer { items in
            do {
                var stack: [(left: Int, right: Int, axis: Int, heap: Int)] = [(0, items.count - 1, 0, 1)]
                while let (left, right, axis, heap) = stack.popLast() {
                    guard left <= right, masks[heap] & bit != 0 else { continue }
                    if right - left <= nodeSize {
                        for slot in left...right where lowest[slot] <= level && level <= highest[slot] {
                            let x = Double(items[slot].x), y = Double(items[slot].y)
                            if x >= minX && x <= maxX && y >= minY && y <= maxY { result.append(items[slot].id) }
                        }
                        continue
                    }
                    let m = (left + right) >> 1
                    let x = Double(items[m].x), y = Double(items[m].y)
                    if lowest[m] <= level && level <= highest[m] && x >= minX && x <= maxX && y >= minY && y <= maxY {
                        result.append(items[m].id)
                    }
                    if axis == 0 ? minX <= x : minY <= y { stack.append((left, m - 1, 1 - axis, 2 * heap)) }
                    if axis == 0 ? maxX >= x : maxY >= y { stack.append((m + 1, right, 1 - axis, 2 * heap + 1)) }
                }
            }
        }
    }

    /// Bytes held by the arrays of this tree.
    var byteCount: Int {
        tree.items.count * MemoryLayout<KDTree.Item>.stride + lowest.count + highest.count + masks.count * 4
            + smallLevels.values.reduce(0) { $0 + $1.count * MemoryLayout<KDTree.Item>.stride }
    }
}

/// A marker while the tree is sorted: ``KDTree/Item``'s x and y first (the sort reads them
/// there), then its node and levels.
private struct LevelledItem {
    var x: Float
    var y: Float
    var node: UInt32
    var lowest: UInt8
    var highest: UInt8
}

@inline(__always)
private func levelBits(_ lowest: UInt8, _ highest: UInt8) -> UInt32 {
    guard lowest <= highest else { return 0 }
    let width = UInt32(highest - lowest) + 1
    let run: UInt32 = width >= 32 ? .max : (1 << width) - 1
    return run << UInt32(lowest)
}
