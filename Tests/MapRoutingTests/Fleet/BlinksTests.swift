import Testing
@testable import MapRouting

/// The recreate step's blinks skip each position with the same small chance, independently.
@Suite("Blinks")
struct BlinksTests {
    /// Skips among `positions` positions, and how many of them directly followed a skip.
    static func skips(rate: Double, seed: UInt64, positions: Int) -> (all: Int, afterSkip: Int) {
        var blinks = Blinks(rate: rate, random: RandomSource(seed: seed))
        var all = 0, afterSkip = 0, previous = false
        for _ in 0..<positions {
            let skipped = blinks.skipsNext()
            if skipped { all += 1 }
            if skipped && previous { afterSkip += 1 }
            previous = skipped
        }
        return (all, afterSkip)
    }

    @Test(arguments: [0.01, 0.1, 0.3])
    func eachPositionIsSkippedWithTheRate(rate: Double) {
        let positions = 1_000_000
        let (all, afterSkip) = Self.skips(rate: rate, seed: 7, positions: positions)
        // Binomial: within five standard deviations of the expected count.
        let expected = rate * Double(positions)
        let spread = 5 * (expected * (1 - rate)).squareRoot()
        #expect(abs(Double(all) - expected) < spread, "\(all) skips, expected about \(expected)")
        // Independent: a skip is as likely right after a skip as anywhere.
        let afterExpected = rate * Double(all)
        #expect(abs(Double(afterSkip) - afterExpected) < 5 * (afterExpected * (1 - rate)).squareRoot() + 1, "\(afterSkip) after a skip")
    }

    @Test func noRateSkipsNothingAndFullRateEverything() {
        #expect(Self.skips(rate: 0, seed: 1, positions: 10_000).all == 0)
        #expect(Self.skips(rate: 1, seed: 1, positions: 10_000).all == 10_000)
        var none = Blinks.none
        #expect(!(0..<10_000).contains { _ in none.skipsNext() })
    }

    @Test func theSameSeedSkipsTheSamePositions() {
        var first = Blinks(rate: 0.05, random: RandomSource(seed: 3))
        var second = Blinks(rate: 0.05, random: RandomSource(seed: 3))
        #expect((0..<10_000).allSatisfy { _ in first.skipsNext() == second.skipsNext() })
    }
}
