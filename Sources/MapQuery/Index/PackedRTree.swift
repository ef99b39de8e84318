/// A static R-tree packed bottom-up from boxes sorted along a Hilbert curve, stored in flat
/// arrays (like flatbush): no per-node objects, no pointers, built once, read by any thread.
///
/// Slots `0 ..< count` are the leaves (the boxes given, in Hilbert order); the slots after
/// them are the nodes, level by level, the root last. A leaf slot refers to the caller's box
/// number; a node slot to its children `firstChild[slot - count] ..< childEnd[slot - count]`.
struct PackedRTree: Sendable {
    /// Children per node. 16 keeps a node's boxes in a few cache lines and the tree shallow.
    static let nodeSize = 16

    /// minX, minY, maxX, maxY per slot.
    let boxes: [Double]
    /// For a leaf slot: the caller's box number.
    let leafEntries: [Int32]
    let firstChild: [Int32]
    let childEnd: [Int32]
    /// Number of leaves.
    let count: Int
    /// The Hilbert value of each leaf's box centre (ascending, as the leaves are sorted) and
    /// the grid that maps lon/lat to the curve: where a position falls along the curve, the
    /// leaves around it are usually near it (nearest k's first guess).
    let leafHilbertValues: [UInt32]
    let grid: HilbertGrid

    var rootSlot: Int { boxes.count / 4 - 1 }
    var isEmpty: Bool { count == 0 }

    init(_ input: [PlanarBox]) {
        count = input.count
        guard !input.isEmpty else {
            boxes = []; leafEntries = []; firstChild = []; childEnd = []; leafHilbertValues = []
            grid = HilbertGrid(extent: PlanarBox(minX: 0, minY: 0, maxX: 0, maxY: 0))
            return
        }
        var extent = PlanarBox.empty
        for box in input { extent.extend(box) }

        // Sort by Hilbert value of the box centre; the entry number breaks ties (deterministic).
        let grid = HilbertGrid(extent: extent)
        self.grid = grid
        var keys = [UInt64](repeating: 0, count: input.count)
        for (entry, box) in input.enumerated() {
            keys[entry] = UInt64(grid.value(x: (box.minX + box.maxX) / 2, y: (box.minY + box.maxY) / 2)) << 32 | UInt64(entry)
        }
        keys.sort()
        leafHilbertValues = keys.map { UInt32(truncatingIfNeeded: $0 >> 32) }

        var boxes: [Double] = []
        var leafEntries = [Int32](repeating: 0, count: input.count)
        boxes.reserveCapacity(input.count * 4 * 17 / 15 + 8)
        for (slot, key) in keys.enumerated() {
            let entry = Int(truncatingIfNeeded: key & 0xFFFF_FFFF)
            leafEntries[slot] = Int32(entry)
            let box = input[entry]
            boxes.append(box.minX); boxes.append(box.minY); boxes.append(box.maxX); boxes.append(box.maxY)
        }

        // Pack each level into parents of `nodeSize` children until one root remains.
        var firstChild: [Int32] = [], childEnd: [Int32] = []
        var levelStart = 0, levelEnd = input.count
        repeat {
            var child = levelStart
            while child < levelEnd {
                let end = min(child + Self.nodeSize, levelEnd)
                var box = PlanarBox.empty
                for slot in child..<end {
                    box.extend(PlanarBox(
                        minX: boxes[4 * slot], minY: boxes[4 * slot + 1],
                        maxX: boxes[4 * slot + 2], maxY: boxes[4 * slot + 3]))
                }
                boxes.append(box.minX); boxes.append(box.minY); boxes.append(box.maxX); boxes.append(box.maxY)
                firstChild.append(Int32(child))
                childEnd.append(Int32(end))
                child = end
            }
            levelStart = levelEnd
            levelEnd = boxes.count / 4
        } while levelEnd - levelStart > 1  // runs at least once, so the root is always a node

        self.boxes = boxes
        self.leafEntries = leafEntries
        self.firstChild = firstChild
        self.childEnd = childEnd
    }

    /// The first leaf slot whose Hilbert value is not below that of (x, y) (`count` if none).
    func leafSlot(alongCurveAt x: Double, _ y: Double) -> Int {
        let value = grid.value(x: x, y: y)
        return leafHilbertValues.withUnsafeBufferPointer { values in
            var low = 0, high = values.count
            while low < high {
                let middle = (low &+ high) >> 1
                if values[middle] < value { low = middle &+ 1 } else { high = middle }
            }
            return low
        }
    }

    @inline(__always) func isLeaf(_ slot: Int) -> Bool { slot < count }

    @inline(__always) func box(_ slot: Int) -> PlanarBox {
        PlanarBox(minX: boxes[4 * slot], minY: boxes[4 * slot + 1], maxX: boxes[4 * slot + 2], maxY: boxes[4 * slot + 3])
    }

    @inline(__always) func children(_ slot: Int) -> Range<Int> {
        Int(firstChild[slot - count])..<Int(childEnd[slot - count])
    }

    /// Calls `body` with the box number and the slot of every leaf whose box intersects `query`.
    func forEachLeaf(intersecting query: PlanarBox, _ body: (_ entry: Int, _ slot: Int) -> Void) {
        guard !isEmpty else { return }
        boxes.withUnsafeBufferPointer { boxes in
            var stack: [Int] = [rootSlot]
            while let slot = stack.popLast() {
                let children = self.children(slot)
                let leaves = children.lowerBound < count
                for child in children {
                    let base = 4 &* child
                    if boxes[base] > query.maxX || boxes[base &+ 1] > query.maxY
                        || boxes[base &+ 2] < query.minX || boxes[base &+ 3] < query.minY { continue }
                    if leaves { body(Int(leafEntries[child]), child) } else { stack.append(child) }
                }
            }
        }
    }
}

/// Maps lon/lat into the 65,536 × 65,536 cells of ``HilbertCurve`` over the boxes' extent.
struct HilbertGrid: Sendable {
    let minX: Double, minY: Double, scaleX: Double, scaleY: Double

    init(extent: PlanarBox) {
        let width = extent.maxX - extent.minX, height = extent.maxY - extent.minY
        minX = extent.minX
        minY = extent.minY
        scaleX = width > 0 ? 65535 / width : 0
        scaleY = height > 0 ? 65535 / height : 0
    }

    /// The Hilbert value of the cell holding (x, y); positions outside the extent take the
    /// nearest cell on its border.
    @inline(__always) func value(x: Double, y: Double) -> UInt32 {
        let cellX = UInt32(min(65535, max(0, (x - minX) * scaleX)))
        let cellY = UInt32(min(65535, max(0, (y - minY) * scaleY)))
        return HilbertCurve.index(x: cellX, y: cellY)
    }
}
