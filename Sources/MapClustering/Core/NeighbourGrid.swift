/// Radius queries over the markers of one zoom level: a uniform grid, the fast alternative to
/// KDBush's tree (see ``NeighbourSearch/grid``).
///
/// Cells are squares whose side is a power of two no smaller than the radius plus the largest
/// `Float` rounding of a coordinate, so every item within the radius of an item lies in the 3 × 3
/// cells around the item's own cell. Items are sorted by cell, row by row, with a stable radix
/// sort (linear, unlike a tree's median selections); then the cells three rows at a time are
/// swept in that order, each item tested against the items of the 3 × 3 cells around its own
/// (in each row those cells are one contiguous run), and every item's neighbours are stored.
/// Answering all queries in cell order keeps the memory accesses sequential; asked in the
/// greedy pass's list order, which for real input is spatially random, each query would wait
/// on several cache misses.
///
/// The distance test is KDTree's (squared distance in `Double` from the item's `Double`
/// position to the others' `Float`-rounded ones), so an item's neighbours are exactly the ids
/// `KDTree.within` reports for it; here they come in ascending id order.
struct NeighbourGrid {
    private var records: [SortRecord] = []
    private var sortBuffer: [SortRecord] = []
    /// Per item in cell order: the `Float`-rounded coordinates the item is found at.
    private var foundX: [Double] = []
    private var foundY: [Double] = []
    private var columnBits = 2
    /// The neighbours of every item, item after item in cell order.
    private let hitBuffer = HitBuffer()
    private let spareHitBuffer = HitBuffer()
    /// Per id: where its neighbours start in the hit buffer (high half) and how many there are
    /// (low half); one array, so that the sweep's write per item is one cache miss, not two.
    private var hitRange: [UInt64] = []
    /// The three runs (first, end) of each crowded cell, whose items are queried on demand;
    /// their `hitRange` holds the index here and the count `crowded`.
    private var crowdedRuns: [(Int, Int, Int, Int, Int, Int)] = []
    private static let crowded = UInt32.max
    /// Most items around a cell for which the sweep stores its items' neighbours. Beyond it the
    /// greedy pass asks on demand: the neighbours of dense input are mostly taken by the first
    /// query there, and storing them all would grow with the square of the density.
    static let crowdedLimit = 48

    struct SortRecord {
        var key: UInt64
        var x: Double
        var y: Double
        var id: UInt32
        /// The caller's tag of the item (the builder's node number), handed back with each hit.
        var tag: UInt32
    }

    /// Most bits of a key digit per radix pass (the passes share the key's bits evenly).
    private static let digitBits = 14

    /// Finds the neighbours within `radius` of each of the items `ids` (each below `idLimit`) at
    /// `position(id)`, among the same items; ``neighbours(of:x:y:radius:into:)`` then lists them,
    /// each as `id << 32 | tag(id)`.
    mutating func rebuild(
        ids: [UInt32], idLimit: Int, radius: Double, position: (Int) -> (x: Double, y: Double), tag: (Int) -> UInt32
    ) {
        sortByCell(ids: ids, radius: radius, position: position, tag: tag)
        findNeighbours(idLimit: idLimit, radius: radius)
    }

    /// The neighbours of item `id` (one of the last ``rebuild``'s, at `x`, `y`, its position),
    /// as `id << 32 | tag` in ascending order. Usually a view of the stored hits (no copy);
    /// for an item of a crowded cell they are found now and written to `scratch`. Valid until
    /// the next ``rebuild`` or the next use of `scratch`.
    @inline(__always)
    func neighbours(of id: Int, x: Double, y: Double, radius: Double, scratch: HitBuffer) -> UnsafeBufferPointer<UInt64> {
        let range = hitRange[id]
        let start = Int(range >> 32), count = UInt32(truncatingIfNeeded: range)
        if count != Self.crowded {
            return UnsafeBufferPointer(start: hitBuffer.base + start, count: Int(count))
        }
        let runs = crowdedRuns[start]
        scratch.count = 0
        let r2 = radius * radius
        for (from, end) in [(runs.0, runs.1), (runs.2, runs.3), (runs.4, runs.5)] {
            for b in from..<end {
                let dx = foundX[b] - x, dy = foundY[b] - y
                if dx * dx + dy * dy <= r2 { scratch.append(UInt64(records[b].id) << 32 | UInt64(records[b].tag)) }
            }
        }
        var sorted = UnsafeMutableBufferPointer(start: scratch.base, count: scratch.count)
        sorted.sort()
        return scratch.hits
    }

    /// Sorts the items into cells fit for queries of `radius`.
    private mutating func sortByCell(
        ids: [UInt32], radius: Double, position: (Int) -> (x: Double, y: Double), tag: (Int) -> UInt32 = { _ in 0 }
    ) {
        var largest = 0.0
        records = []
        records = [SortRecord](unsafeUninitializedCapacity: ids.count) { buffer, initialized in
            for (r, id) in ids.enumerated() {
                let (x, y) = position(Int(id))
                largest = max(largest, abs(x), abs(y))
                buffer[r] = SortRecord(key: 0, x: x, y: y, id: id, tag: tag(Int(id)))
            }
            initialized = ids.count
        }
        // An item's cell comes from its `Double` position, its neighbours' from their `Float`
        // ones, which lie up to half a `Float` step away: the cell side covers both.
        let rounding = largest.isFinite ? Double(Float(largest).ulp) : .infinity
        let needed = radius * (1 + 1e-9) + rounding
        var side = 1.0
        if needed.isFinite {
            while side < needed { side *= 2 }
            while side / 2 >= needed && side > 0x1p-40 { side /= 2 }
        } else {
            side = 0x1p40
        }
        let scale = 1 / side
        // Columns and rows run over 0...2^k for coordinates in 0...1; two spare values keep
        // column + 1 from carrying into the row.
        let span = max(2, Int((1 / side).rounded(.up)) + 2)
        var bits = 2
        while (1 << bits) < span + 2 { bits += 1 }
        bits = min(bits, 31)
        columnBits = bits
        let limit = Double((1 << bits) - 2)
        records.withUnsafeMutableBufferPointer { records in
            @inline(__always) func cell(_ value: Double) -> UInt64 {
                let scaled = (value * scale).rounded(.down)
                return scaled >= 0 ? UInt64(min(scaled, limit)) : 0  // NaN and negatives go to 0
            }
            for r in records.indices {
                records[r].key = cell(records[r].y) << UInt64(bits) | cell(records[r].x)
            }
        }
        radixSort(keyBits: 2 * bits)
        let n = records.count
        // Written in place rather than appended: no capacity check per item.
        foundX = []
        foundY = []
        records.withUnsafeBufferPointer { records in
            foundX = [Double](unsafeUninitializedCapacity: n) { buffer, initialized in
                for r in 0..<n { buffer[r] = Double(Float(records[r].x)) }
                initialized = n
            }
            foundY = [Double](unsafeUninitializedCapacity: n) { buffer, initialized in
                for r in 0..<n { buffer[r] = Double(Float(records[r].y)) }
                initialized = n
            }
        }
    }

    /// Tests each item against the items of the 3 × 3 cells around its cell and stores the hits.
    private mutating func findNeighbours(idLimit: Int, radius: Double) {
        // Work on local arrays: the sweep reads `self` while these change.
        var hitRange = self.hitRange, crowdedRuns = self.crowdedRuns
        self.hitRange = []
        self.crowdedRuns = []
        defer {
            self.hitRange = hitRange
            self.crowdedRuns = crowdedRuns
        }
        if hitRange.count < idLimit {
            hitRange = [UInt64](repeating: 0, count: idLimit)
        } else {
            // Ids left out of this grid (quiet points) have no neighbours, not last zoom's.
            hitRange.withUnsafeMutableBufferPointer { $0.update(repeating: 0) }
        }
        crowdedRuns.removeAll(keepingCapacity: true)
        let hits = hitBuffer
        hits.count = 0
        let r2 = radius * radius
        var sweep = CellSweep(columnBits: columnBits)
        records.withUnsafeBufferPointer { records in
            foundX.withUnsafeBufferPointer { fx in
                foundY.withUnsafeBufferPointer { fy in
                    hitRange.withUnsafeMutableBufferPointer { hitRange in
                        do {
                            while let cell = sweep.next(records) {
                                let (first0, first1, first2) = sweep.first, (end0, end1, end2) = sweep.end
                                let around = (end0 - first0) + (end1 - first1) + (end2 - first2)
                                if around > Self.crowdedLimit {
                                    for a in cell {
                                        let id = Int(records[a].id)
                                        hitRange[id] = UInt64(crowdedRuns.count) << 32 | UInt64(Self.crowded)
                                    }
                                    crowdedRuns.append((first0, end0, first1, end1, first2, end2))
                                    continue
                                }
                                hits.reserve(extra: cell.count * around)
                                let out = hits.base
                                var count = hits.count
                                for a in cell {
                                    let qx = records[a].x, qy = records[a].y
                                    let start = count
                                    @inline(__always) func test(_ first: Int, _ end: Int) {
                                        var b = first
                                        // Branch-free: write every candidate, keep it only if
                                        // it is a hit (room for all was reserved above); a
                                        // branch here would be mispredicted about every third item.
                                        while b < end {
                                            let dx = fx[b] - qx, dy = fy[b] - qy
                                            out[count] = UInt64(records[b].id) << 32 | UInt64(records[b].tag)
                                            count &+= dx * dx + dy * dy <= r2 ? 1 : 0
                                            b += 1
                                        }
                                    }
                                    test(first0, end0)
                                    test(first1, end1)
                                    test(first2, end2)
                                    // Rows come in order and ids ascend within a cell: sort the few hits.
                                    var i = start + 1
                                    while i < count {
                                        let value = out[i]
                                        var j = i
                                        while j > start && out[j - 1] > value {
                                            out[j] = out[j - 1]
                                            j -= 1
                                        }
                                        out[j] = value
                                        i += 1
                                    }
                                    let id = Int(records[a].id)
                                    hitRange[id] = UInt64(start) << 32 | UInt64(count - start)
                                }
                                hits.count = count
                            }
                        }
                    }
                }
            }
        }
        reorderByID(idLimit: idLimit, hitRange: &hitRange)
    }

    /// Copies the hits into id order: the greedy pass asks for them in that order, and reading
    /// them there in a tight loop lets the processor overlap the cache misses that the pass,
    /// doing real work between two asks, would wait for one by one.
    private func reorderByID(idLimit: Int, hitRange: inout [UInt64]) {
        let source = hitBuffer, target = spareHitBuffer
        target.count = 0
        target.reserve(extra: source.count)
        var total = 0
        hitRange.withUnsafeMutableBufferPointer { hitRange in
            for id in 0..<idLimit {
                let count = UInt32(truncatingIfNeeded: hitRange[id])
                guard count != Self.crowded else { continue }
                let from = Int(hitRange[id] >> 32)
                hitRange[id] = UInt64(total) << 32 | UInt64(count)
                if count > 0 { (target.base + total).update(from: source.base + from, count: Int(count)) }
                total += Int(count)
            }
        }
        target.count = total
        hitBuffer.swapStorage(with: spareHitBuffer)
    }

    /// Per item of `ids` (indexed by id, up to `idLimit`): the distance to its nearest other item
    /// if that is within `radius`, else infinity. The search for an item stops early, answering
    /// 0, once it finds one within `enough` or has measured `budget` items (dense places, where
    /// the caller gains nothing from the exact value).
    mutating func nearestDistances(
        ids: [UInt32], idLimit: Int, radius: Double, enough: Double, budget: Int,
        position: (Int) -> (x: Double, y: Double)
    ) -> [Double] {
        sortByCell(ids: ids, radius: radius, position: position)
        var nearest = [Double](repeating: .infinity, count: idLimit)
        let r2 = radius * radius, enough2 = enough * enough
        var sweep = CellSweep(columnBits: columnBits)
        records.withUnsafeBufferPointer { records in
            foundX.withUnsafeBufferPointer { fx in
                foundY.withUnsafeBufferPointer { fy in
                    nearest.withUnsafeMutableBufferPointer { nearest in
                        while let cell = sweep.next(records) {
                            let (first0, first1, first2) = sweep.first, (end0, end1, end2) = sweep.end
                            let measured = (end0 - first0) + (end1 - first1) + (end2 - first2)
                            for a in cell {
                                guard measured <= budget else { nearest[Int(records[a].id)] = 0; continue }
                                let qx = records[a].x, qy = records[a].y
                                var best = r2
                                var found = false
                                @inline(__always) func test(_ first: Int, _ end: Int) {
                                    var b = first
                                    // Stop once a neighbour within `enough` is found. (Testing `best > enough2`
                                    // instead never started when `radius == enough`, a build of the top zoom
                                    // alone, and left every point alone at that zoom.)
                                    while b < end && !(found && best <= enough2) {
                                        let dx = fx[b] - qx, dy = fy[b] - qy
                                        let d2 = dx * dx + dy * dy
                                        if d2 <= best && b != a {
                                            best = d2
                                            found = true
                                        }
                                        b += 1
                                    }
                                }
                                test(first1, end1)
                                test(first0, end0)
                                test(first2, end2)
                                if found { nearest[Int(records[a].id)] = best <= enough2 ? 0 : best.squareRoot() }
                            }
                        }
                    }
                }
            }
        }
        return nearest
    }

    /// Stable LSD radix sort of `records` by key; a pass whose digit is the same for every key
    /// (the high rows at low zooms) is skipped.
    private mutating func radixSort(keyBits: Int) {
        let n = records.count
        guard n > 1 else { return }
        let passes = (keyBits + Self.digitBits - 1) / Self.digitBits
        let digitBits = (keyBits + passes - 1) / passes
        let buckets = 1 << digitBits
        let mask = UInt64(buckets - 1)
        // The buffer must hold exactly `n` records: the two arrays swap roles below.
        if sortBuffer.count > n {
            sortBuffer.removeLast(sortBuffer.count - n)
        } else if sortBuffer.count < n {
            sortBuffer.append(contentsOf: records[sortBuffer.count..<n])
        }
        var counts = [Int](repeating: 0, count: buckets * passes)
        var sortedInBuffer = false
        records.withUnsafeMutableBufferPointer { source in
            sortBuffer.withUnsafeMutableBufferPointer { target in
                counts.withUnsafeMutableBufferPointer { counts in
                    for r in 0..<n {
                        let key = source[r].key
                        for p in 0..<passes { counts[p * buckets + Int((key >> UInt64(p * digitBits)) & mask)] += 1 }
                    }
                    var from = source, to = target
                    for p in 0..<passes {
                        let shift = UInt64(p * digitBits)
                        let base = p * buckets
                        if counts[base + Int((from[0].key >> shift) & mask)] == n { continue }
                        var sum = 0
                        for b in 0..<buckets {
                            let c = counts[base + b]
                            counts[base + b] = sum
                            sum += c
                        }
                        for r in 0..<n {
                            let digit = base + Int((from[r].key >> shift) & mask)
                            to[counts[digit]] = from[r]
                            counts[digit] += 1
                        }
                        swap(&from, &to)
                        sortedInBuffer.toggle()
                    }
                }
            }
        }
        if sortedInBuffer { swap(&records, &sortBuffer) }
    }
}

/// Walks the cells of records sorted by key, giving for each cell its item range and the item
/// ranges of the cells (row − 1, row, row + 1; column − 1 ... column + 1), each one contiguous
/// run in key order. All bounds only move forward, so a whole sweep is linear.
private struct CellSweep {
    let shift: UInt64
    let columnMask: UInt64
    private var cellStart = 0
    /// Per row offset (below, same, above): the run's first item and end.
    private(set) var first = (0, 0, 0)
    private(set) var end = (0, 0, 0)

    init(columnBits: Int) {
        shift = UInt64(columnBits)
        columnMask = (UInt64(1) << shift) - 1
    }

    /// Moves to the next cell and returns its items (nil at the end); `first` and `end` then
    /// bound the runs of the rows below, at and above it.
    @inline(__always)
    mutating func next(_ records: UnsafeBufferPointer<NeighbourGrid.SortRecord>) -> Range<Int>? {
        let n = records.count
        guard cellStart < n else { return nil }
        let key = records[cellStart].key
        var cellEnd = cellStart + 1
        while cellEnd < n && records[cellEnd].key == key { cellEnd += 1 }
        let row = key >> shift, column = key & columnMask
        let left = column > 0 ? column - 1 : 0
        @inline(__always) func advance(_ first: inout Int, _ end: inout Int, row: UInt64) {
            let low = row << shift | left, high = row << shift | (column + 1)
            while first < n && records[first].key < low { first += 1 }
            if end < first { end = first }
            while end < n && records[end].key <= high { end += 1 }
        }
        if row > 0 { advance(&first.0, &end.0, row: row - 1) }
        advance(&first.1, &end.1, row: row)
        advance(&first.2, &end.2, row: row + 1)
        if row == 0 { end.0 = first.0 }
        let cell = cellStart..<cellEnd
        cellStart = cellEnd
        return cell
    }
}

/// A growable buffer of hits written through a pointer (the sweep's inner loop appends to it
/// without the checks of an array append). Owned by one grid or pass, used by one thread at a time.
final class HitBuffer {
    // One thread at a time by contract: no run-time exclusivity checks in the hot loops.
    @exclusivity(unchecked) fileprivate(set) var base: UnsafeMutablePointer<UInt64>
    @exclusivity(unchecked) fileprivate var capacity: Int
    @exclusivity(unchecked) var count = 0

    init() {
        capacity = 1024
        base = .allocate(capacity: capacity)
    }

    /// Makes room for `extra` more hits after `count`.
    @inline(__always)
    func reserve(extra: Int) {
        if count + extra > capacity { grow(toHold: count + extra) }
    }

    private func grow(toHold needed: Int) {
        var grown = capacity * 2
        while grown < needed { grown *= 2 }
        let bigger = UnsafeMutablePointer<UInt64>.allocate(capacity: grown)
        bigger.update(from: base, count: count)
        base.deallocate()
        base = bigger
        capacity = grown
    }

    /// Appends one hit.
    @inline(__always)
    func append(_ hit: UInt64) {
        if count == capacity { reserve(extra: 1) }
        base[count] = hit
        count += 1
    }

    /// The hits written so far.
    var hits: UnsafeBufferPointer<UInt64> { UnsafeBufferPointer(start: base, count: count) }

    /// Exchanges the contents of two buffers.
    func swapStorage(with other: HitBuffer) {
        swap(&base, &other.base)
        swap(&capacity, &other.capacity)
        swap(&count, &other.count)
    }

    deinit { base.deallocate() }
}
