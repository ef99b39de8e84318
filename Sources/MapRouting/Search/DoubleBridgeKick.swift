/// The double-bridge perturbation: cut three consecutive short segments B C D out of
/// the tour and put them back as D C B, each in its own direction. No sequence of
/// improving 2-opt or Or-opt moves undoes it, so the local search that follows
/// explores a new neighbourhood. Kept local (segments of at most `maxSegment` nodes)
/// so a kick and its repair cost little on large tours.
extension SearchTour {
    /// Applies a random local double bridge and queues the eight nodes it touched.
    func kickDoubleBridge(random: inout RandomSource, maxSegment: Int) {
        let longest = max(1, min(maxSegment, (count - 2) / 3))
        let lengthB = 1 + random.below(longest)
        let lengthC = 1 + random.below(longest)
        let lengthD = 1 + random.below(longest)
        let startIndex = random.below(count)
        @inline(__always) func node(_ offset: Int) -> Int { order[(startIndex + offset) % count] }
        let a = node(0)
        let b1 = node(1), b2 = node(lengthB)
        let c1 = node(lengthB + 1), c2 = node(lengthB + lengthC)
        let d1 = node(lengthB + lengthC + 1), d2 = node(lengthB + lengthC + lengthD)
        let e = node(lengthB + lengthC + lengthD + 1)

        doubleBridge(a: a, b1: b1, b2: b2, c1: c1, c2: c2, d1: d1, d2: d2, e: e)
    }

    /// Reconnects a B C D e (B = b1…b2, C = c1…c2, D = d1…d2 consecutive in travel
    /// order) as a D C B e, keeping each block's direction, and queues the eight ends.
    func doubleBridge(a: Int, b1: Int, b2: Int, c1: Int, c2: Int, d1: Int, d2: Int, e: Int) {
        let before = d(a, b1) + d(b2, c1) + d(c2, d1) + d(d2, e)
        let after = d(a, d1) + d(d2, c1) + d(c2, b1) + d(b2, e)
        // a B C D e → a D′ C′ B′ e → a D C′ B′ e → a D C B′ e → a D C B e
        exchange(a, b1, d2, e)
        exchange(a, d2, d1, c2)
        exchange(d2, c2, c1, b2)
        exchange(c2, b2, b1, e)
        cost += after - before
        enqueue(a); enqueue(b1); enqueue(b2); enqueue(c1)
        enqueue(c2); enqueue(d1); enqueue(d2); enqueue(e)
    }
}
