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

    var rootSlot: Int { boxes.count / 4 - 1 }
    var isEmpty: Bool { count == 0 }

    init(_ input: [PlanarBox]) {
        count = input.count
        guard !input.isEmpty else {
            boxes = []; leafEntries = []; firstChild = []; childEnd = []
            return
        }
        var extent = PlanarBox.empty
        for box in input { extent.extend(box) }

        // Sort by Hilbert value of the box centre; the entry number breaks ties (deterministic).
        let width = extent.maxX - extent.minX, height = extent.maxY - extent.minY
        let scaleX = width > 0 ? 65535 / width : 0, scaleY = height > 0 ? 65535 / height : 0
        var keys = [UInt64](repeating: 0, count: input.count)
        for (entry, box) in input.enumerated() {
            let x = UInt32(((box.minX + box.maxX) / 2 - extent.minX) * scaleX)
            let y = UInt32(((box.minY + box.maxY) / 2 - extent.minY) * scaleY)
            keys[entry] = UInt64(HilbertCurve.index(x: x, y: y)) << 32 | UInt64(entry)
        }
        keys.sort()

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
