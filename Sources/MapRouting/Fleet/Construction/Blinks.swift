/// The "blinks" of ruin and recreate (SISR): while looking for a stop's cheapest place, each
/// position is skipped with a small probability, so repeated recreates differ. A scan draws
/// only for a position that would be its best so far: skipping any other changes nothing.
///
/// A value passed `inout`, not a closure over the generator: the position scan draws from a
/// local copy, which the optimiser keeps in registers, and hands it back when it is done.
struct Blinks {
    private(set) var random: RandomSource
    /// Positions whose draw (the generator's top 53 bits) is below this are skipped.
    private let threshold: UInt64
    /// False: nothing is skipped and nothing drawn.
    private let isActive: Bool

    /// Skips a position with probability `rate`, drawing from `random` for every position.
    init(rate: Double, random: RandomSource) {
        self.random = random
        threshold = UInt64(rate * Double(UInt64.max >> 11))
        isActive = true
    }

    private init() {
        random = RandomSource(seed: 0)
        threshold = 0
        isActive = false
    }

    /// Skips nothing.
    static var none: Blinks { Blinks() }

    /// True when the next position is to be skipped.
    @inline(__always) mutating func skipsNext() -> Bool {
        isActive && (random.next() >> 11) < threshold
    }
}
