/// The cycle model's costs as the searches read them: a square table in manually managed
/// memory (so the hot loops read it without bounds checks or copies), or, for problems too
/// large for n² numbers, costs measured on demand (``MeasuredCycleCosts``).
final class CostTable {
    let size: Int
    /// Row-major costs; nil when `measured` gives them.
    let values: UnsafeMutablePointer<Double>?
    let measured: MeasuredCycleCosts?

    /// An uninitialised table: the creator writes every entry (zeroing 160 MB first
    /// for a 4,461-place problem would cost more than filling it).
    init(size: Int) {
        self.size = size
        values = .allocate(capacity: max(size * size, 1))
        measured = nil
    }

    /// Costs measured on demand.
    init(measured: MeasuredCycleCosts) {
        size = measured.size
        values = nil
        self.measured = measured
    }

    deinit { values?.deallocate() }

    @inline(__always)
    subscript(from: Int, to: Int) -> Double {
        get {
            if let values { return values[from &* size &+ to] }
            return measured.unsafelyUnwrapped.cost(from, to)
        }
        set { values.unsafelyUnwrapped[from &* size &+ to] = newValue }
    }

    /// The cost of the closed cycle through `order`: each node to the next, then the last
    /// back to the first.
    func cost(ofCycle order: [Int]) -> Double {
        guard let first = order.first, let last = order.last else { return 0 }
        return zip(order, order.dropFirst()).reduce(0) { $0 + self[$1.0, $1.1] } + self[last, first]
    }

    /// True when every pair costs the same both ways. Compared in 64 × 64 tiles so the
    /// column reads stay in the cache on large tables. Measured costs are symmetric.
    var isSymmetric: Bool {
        guard let values else { return true }
        let tile = 64
        for rowStart in stride(from: 0, to: size, by: tile) {
            for columnStart in stride(from: rowStart, to: size, by: tile) {
                for from in rowStart..<min(rowStart + tile, size) {
                    for to in max(columnStart, from + 1)..<max(min(columnStart + tile, size), from + 1)
                    where values[from &* size &+ to] != values[to &* size &+ from] {
                        return false
                    }
                }
            }
        }
        return true
    }
}
