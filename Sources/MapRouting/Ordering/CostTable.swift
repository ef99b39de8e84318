/// A square cost table in manually managed memory, shared by the exact and the
/// heuristic search so the hot loops read it without bounds checks or copies.
final class CostTable {
    let size: Int
    let values: UnsafeMutablePointer<Double>

    init(size: Int) {
        self.size = size
        values = .allocate(capacity: max(size * size, 1))
        values.initialize(repeating: 0, count: max(size * size, 1))
    }

    deinit { values.deallocate() }

    @inline(__always)
    subscript(from: Int, to: Int) -> Double {
        get { values[from &* size &+ to] }
        set { values[from &* size &+ to] = newValue }
    }

    /// True when every pair costs the same both ways.
    var isSymmetric: Bool {
        for from in 0..<size {
            for to in (from + 1)..<size where self[from, to] != self[to, from] { return false }
        }
        return true
    }
}
