/// Or-opt: move a segment of one to three consecutive nodes to another place in the
/// tour, keeping or flipping its direction. Tried for the segments that start or end
/// at node `a`; the new place is next to a candidate neighbour of a segment end.
extension SearchTour {
    /// Applies the first improving Or-opt move around `a`; returns whether it found one.
    func improveByOrOpt(_ a: Int) -> Bool {
        guard count >= 8 else { return false }
        for length in 1...3 {
            // The segments that start at a, and those that end at a (the same for one node).
            for variant in 0..<(length == 1 ? 1 : 2) {
                var first = a, last = a
                for _ in 1..<length {
                    if variant == 0 { last = next(last) } else { first = previous(first) }
                }
                if tryMove(first: first, last: last, length: length) { return true }
            }
        }
        return false
    }

    /// Tries to move the forward segment `first` … `last` next to a candidate.
    private func tryMove(first: Int, last: Int, length: Int) -> Bool {
        let p = previous(first), n = next(last)
        let removal = d(p, first) + d(last, n) - d(p, n)
        guard removal > epsilon else { return false }
        let middle = length == 3 ? next(first) : first
        let turn = reversalChange(from: first, to: last) ?? .infinity
        @inline(__always) func inSegment(_ node: Int) -> Bool { node == first || node == last || node == middle }

        /// Moves the segment into the gap x → y if that gains; returns whether it did.
        func tryGap(_ x: Int, _ y: Int) -> Bool {
            if inSegment(x) || inSegment(y) { return false }
            let gap = d(x, y)
            // Keeping direction: x → first … last → y; flipped: x → last … first → y.
            let kept = d(x, first) + d(last, y) - gap
            let flipped = d(x, last) + d(first, y) - gap + turn
            let reverse = flipped < kept
            let gain = removal - (reverse ? flipped : kept)
            guard gain > epsilon else { return false }
            moveSegment(first: first, last: last, p: p, n: n, x: x, y: y, reverse: reverse)
            cost -= gain
            enqueue(p); enqueue(n); enqueue(first); enqueue(last); enqueue(x); enqueue(y)
            return true
        }

        // An open path's dummy end is every place's first candidate (it costs 0 to all), so
        // both segment ends would weigh its two gaps: weigh them once, first. Moving the
        // segment there makes it the path's new end.
        if freeEnd >= 0 && !inSegment(freeEnd),
           tryGap(freeEnd, next(freeEnd)) || tryGap(previous(freeEnd), freeEnd) { return true }
        for side in 0..<2 {
            let end = side == 0 ? first : last
            let list = candidates + end * k
            for index in 0..<k {
                let c = Int(list[index])
                if c == freeEnd { continue }
                if isSymmetric && min(d(end, c), d(c, end)) >= removal { break }
                if inSegment(c) { continue }
                // The two gaps next to c: (c, next c) and (previous c, c).
                if tryGap(c, next(c)) || tryGap(previous(c), c) { return true }
            }
        }
        return false
    }

    /// Moves the segment between x and y (y follows x) by three 2-opt exchanges:
    /// p S X y → p X′ S′ y → p X S′ y → (unless reversed) p X S y.
    private func moveSegment(first: Int, last: Int, p: Int, n: Int, x: Int, y: Int, reverse: Bool) {
        exchange(p, first, x, y)
        exchange(p, x, n, last)
        if !reverse { exchange(x, last, first, y) }
    }
}
