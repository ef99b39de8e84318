/// The geodesic distances a fleet search has measured lately, by ordered pair of places.
///
/// Measured travel computes each distance when it is read (two square roots and four
/// divisions), and the search reads the same near pairs again and again: a stop, its nearest
/// stops, its neighbours in the route. Kept in a direct-mapped table, a pair read again costs
/// one memory access. The numbers are the ones measured, so answers are the same bytes.
///
/// Measured on 5,000 Berlin stops and 55 vans, 3,000 iterations (the same plan, 5,863.8 km,
/// `VRPBench --geodesic`): stored matrices 77.5 s; measured 141 s without this table, 104–111 s
/// with it.
///
/// One table per search: its entries are written as it reads, without a lock.
final class MeasuredPairCache {
    struct Entry {
        /// `from << 32 | to`; `empty` for none.
        var key: UInt64
        var distance: Double
    }

    static let empty = UInt64.max

    private let entries: UnsafeMutablePointer<Entry>
    private let shift: UInt64

    /// A table of 64 entries per place (a power of two, 2¹² to 2²²: 64 KB to 64 MB), or of
    /// one entry for no places (a model whose travel is stored).
    init(places: Int) {
        var bits: UInt64 = places == 0 ? 0 : 12
        while bits < 22 && (1 << bits) < places * 64 { bits += 1 }
        let count = 1 << Int(bits)
        shift = 64 - bits
        entries = .allocate(capacity: count)
        entries.initialize(repeating: Entry(key: Self.empty, distance: 0), count: count)
    }

    deinit { entries.deallocate() }

    /// What a model reads the table with: plain values, so copies of the model retain nothing more.
    var reader: Reader { Reader(entries: entries, shift: shift) }

    struct Reader {
        let entries: UnsafeMutablePointer<Entry>
        let shift: UInt64

        /// The distance of `from` → `to` kept, or `measure()`d and kept.
        @inline(__always)
        func distance(_ from: Int, _ to: Int, measure: () -> Double) -> Double {
            let key = UInt64(truncatingIfNeeded: from) << 32 | UInt64(truncatingIfNeeded: to)
            let slot = Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> shift)
            if entries[slot].key == key { return entries[slot].distance }
            let distance = measure()
            entries[slot] = Entry(key: key, distance: distance)
            return distance
        }
    }
}
