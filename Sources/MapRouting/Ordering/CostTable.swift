/// A square cost table in manually managed memory, shared by the exact and the
/// heuristic search so the hot loops read it without bounds checks or copies.
final class CostTable {
    let size: Int
    let values: UnsafeMutablePointer<Double>

    /// An uninitialised table: the creator writes every entry (zeroing 160 MB first
    /// for a 4,461-place problem would cost more than filling it).
    init(size: Int) {
        self.size = size
        values = .allocate(capacity: max(size * size, 1))
    }

    deinit { values.deallocate() }

    @inline(__always)
    subscript(from: Int, to: Int) -> Double {
        get { values[from &* size &+ to] }
        set { values[from &* size &+ to] = newValue }
    }

    /// True when every pair costs the same both ways. Compared in 64 × 64 tiles so the
    /// column reads stay in the cache on large tables.
    var isSymmetric: Bool {
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
