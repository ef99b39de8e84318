/// The segment scramble: a few random reversals inside a short window of the tour, which
/// leaves that stretch in a random-looking order for the local search to rebuild. Added
/// to the double bridge on small tours, it lets one kick change both the order of distant
/// blocks and the order inside one neighbourhood: on the 200-stop Helsinki instance the
/// double bridge alone often settles in a local optimum nine edges away from the best tour
/// and needs several times more kicks to leave it (see Benchmarks/router, `--reach`).
extension SearchTour {
    /// Reverses `reversals` random stretches inside a random window of `window` nodes
    /// (at most half the tour) and queues the nodes next to each cut.
    func kickSegmentScramble(random: inout RandomSource, window requested: Int, reversals: Int) {
        // At most half the tour, so a symmetric reversal never flips the other side instead.
        let window = min(requested, count / 2)
        guard window >= 4 else { return }
        let startIndex = random.below(count)
        @inline(__always) func index(_ offset: Int) -> Int { (startIndex + offset) % count }
        @inline(__always) func windowCost() -> Double {
            var total = 0.0
            for offset in 0...window { total += d(order[index(offset)], order[index(offset + 1)]) }
            return total
        }
        let before = windowCost()
        for _ in 0..<reversals {
            // Cut points strictly inside the window, so its two end edges stay in place.
            let a = 1 + random.below(window - 1), b = 1 + random.below(window - 1)
            let (low, high) = (min(a, b), max(a, b))
            guard high > low else { continue }
            enqueue(order[index(low - 1)]); enqueue(order[index(low)])
            enqueue(order[index(high)]); enqueue(order[index(high + 1)])
            reversePositions(index(low), index(high))
        }
        cost += windowCost() - before
    }
}
