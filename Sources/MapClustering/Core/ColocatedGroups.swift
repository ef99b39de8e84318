/// Finds points at identical positions (bit-identical longitude and latitude, same group).
enum ColocatedGroups {
    /// For each point, the index of the first point with the same position and group
    /// (itself when it is the first). An open-addressing hash table keeps this linear.
    static func firstOfGroup(_ input: ClusterInput) -> [UInt32] {
        let n = input.count
        var first = [UInt32](repeating: 0, count: n)
        guard n > 0 else { return first }
        var capacity = 16
        while capacity < 2 * n { capacity <<= 1 }
        let mask = capacity - 1
        var slots = [Int32](repeating: -1, count: capacity)
        for i in 0..<n {
            // Adding zero turns -0.0 into 0.0, so both spellings of a zero coordinate match.
            let lon = (input.longitudes[i] + 0).bitPattern, lat = (input.latitudes[i] + 0).bitPattern
            let group = input.groups[i]
            var slot = Int(truncatingIfNeeded: mix(lon &* 31 &+ lat &* 0x9E37_79B9_7F4A_7C15 &+ UInt64(group))) & mask
            while true {
                let existing = Int(slots[slot])
                if existing < 0 {
                    slots[slot] = Int32(i)
                    first[i] = UInt32(i)
                    break
                }
                if (input.longitudes[existing] + 0).bitPattern == lon, (input.latitudes[existing] + 0).bitPattern == lat,
                   input.groups[existing] == group {
                    first[i] = UInt32(existing)
                    break
                }
                slot = (slot + 1) & mask
            }
        }
        return first
    }

    /// splitmix64's finaliser: spreads the bits of a key over the whole word.
    @inline(__always)
    private static func mix(_ value: UInt64) -> UInt64 {
        var z = value
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_133E_11EB
        return z ^ (z >> 31)
    }
}
