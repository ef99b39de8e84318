/// A Lin–Kernighan step whose basis move is a sequential 3-opt move over the α-nearest
/// candidates (``AlphaNearness``), as LKH's: break t1–t2, join t2–t3 and break t3–t4, join
/// t4–t5 and break t5–t6, keeping the running gain positive. The first move that closes the
/// tour with a gain (t4–t1 as a 2-opt move, or t6–t1) is applied; otherwise the move with
/// the largest open gain is applied and the chain goes on from t6, up to
/// ``threeOptChainDepth`` levels, never joining an edge it broke or breaking one it joined.
/// A chain that closes with no gain is taken back.
///
/// With t2 after t1 in the travel direction, t4 is before t3 (the 2-opt case, then t6 is the
/// node that makes the second flip valid) or after it (then t5 lies between t2 and t3, and
/// t6 follows t5, which moves the path t2…t5 behind t3, or precedes it, which reverses both
/// paths). Symmetric tables only.
extension SearchTour {
    static let threeOptChainDepth = 50

    /// Applies an improving chain from `t1`, trying both of its tour edges; returns whether
    /// it improved the tour.
    func improveByThreeOptChain(_ t1: Int) -> Bool {
        guard alphaK > 0, count >= 8 else { return false }
        return threeOptChain(from: t1, breaking: next(t1)) || threeOptChain(from: t1, breaking: previous(t1))
    }

    private enum ChainCase { case twoFlips, segment, innerFlips }

    private func threeOptChain(from t1: Int, breaking first: Int) -> Bool {
        let depth = Self.threeOptChainDepth
        // Scratch: reversals (position pairs, three per level at most), joined and broken
        // edges (node pairs), and the nodes the chain touched.
        return withUnsafeTemporaryAllocation(of: Int.self, capacity: 20 * depth + 16) { scratch in
            let flips = scratch.baseAddress!, joined = flips + 6 * depth + 6
            let broken = joined + 4 * depth + 4, touched = broken + 4 * depth + 4
            var flipCount = 0, joinedCount = 0, brokenCount = 0, touchedCount = 0
            @inline(__always) func record(_ a: Int, _ b: Int, in pairs: UnsafeMutablePointer<Int>, _ pairCount: inout Int) {
                pairs[pairCount] = a
                pairs[pairCount + 1] = b
                pairCount += 2
            }
            @inline(__always) func flip(_ a: Int, _ b: Int, _ c: Int, _ d: Int) {
                let reversed = exchange(a, b, c, d)
                record(reversed.from, reversed.to, in: flips, &flipCount)
            }
            @inline(__always) func touch(_ a: Int, _ b: Int) { record(a, b, in: touched, &touchedCount) }
            @inline(__always) func listed(_ a: Int, _ b: Int, in edges: UnsafeMutablePointer<Int>, _ edgeCount: Int) -> Bool {
                var index = 0
                while index < edgeCount {
                    let (x, y) = (edges[index], edges[index + 1])
                    if (x == a && y == b) || (x == b && y == a) { return true }
                    index += 2
                }
                return false
            }
            func apply(_ move: ChainCase, _ t1: Int, _ t2: Int, _ t3: Int, _ t4: Int, _ t5: Int, _ t6: Int) {
                switch move {
                case .twoFlips: flip(t1, t2, t4, t3); flip(t1, t4, t6, t5)
                case .segment: flip(t1, t2, t5, t6); flip(t2, t6, t3, t4); flip(t1, t5, t6, t4)
                case .innerFlips: flip(t1, t2, t6, t5); flip(t2, t5, t3, t4)
                }
            }

            touch(t1, first)
            record(t1, first, in: broken, &brokenCount)
            var t2 = first
            var gain = d(t1, t2)
            for level in 0..<depth {
                let forward = next(t1) == t2
                let deeper = level + 1 < depth
                var best = (gain: -Double.infinity, move: ChainCase.twoFlips, t3: 0, t4: 0, t5: 0, t6: 0)
                var closing = (gain: epsilon, move: ChainCase.twoFlips, t3: -1, t4: 0, t5: -1, t6: 0)
                /// Keeps the move if it closes with a gain (true) or is the best open one so far.
                func consider(_ move: ChainCase, _ t3: Int, _ t4: Int, _ t5: Int, _ t6: Int, _ g3: Double) -> Bool {
                    let g4 = g3 + d(t5, t6)
                    if g4 - d(t6, t1) > closing.gain {
                        closing = (g4 - d(t6, t1), move, t3, t4, t5, t6)
                        return true
                    }
                    if deeper, g4 > best.gain, g4 > nearestCost[t6],
                       !listed(t2, t3, in: broken, brokenCount), !listed(t4, t5, in: broken, brokenCount),
                       !listed(t3, t4, in: joined, joinedCount), !listed(t5, t6, in: joined, joinedCount) {
                        best = (g4, move, t3, t4, t5, t6)
                    }
                    return false
                }
                let afterT2 = after(t2, forward)
                let list2 = alpha + t2 * alphaK, costs2 = alphaCost + t2 * alphaK
                scan: for i in 0..<alphaK {
                    let t3 = Int(list2[i])
                    let g1 = gain - costs2[i]
                    if g1 <= 0 || t3 == t1 || t3 == afterT2 { continue }
                    for side in 0..<2 {
                        let t4IsAfter = side == 1
                        let t4 = t4IsAfter ? after(t3, forward) : before(t3, forward)
                        if t4 == t1 { continue }
                        let g2 = g1 + d(t3, t4)
                        if !t4IsAfter, g2 - d(t4, t1) > closing.gain {
                            closing = (g2 - d(t4, t1), .twoFlips, t3, t4, -1, 0)
                            break scan
                        }
                        let list4 = alpha + t4 * alphaK, costs4 = alphaCost + t4 * alphaK
                        let beforeT4 = previous(t4), afterT4 = next(t4)
                        for j in 0..<alphaK {
                            let t5 = Int(list4[j])
                            let g3 = g2 - costs4[j]
                            if g3 <= 0 || t5 == t1 || t5 == beforeT4 || t5 == afterT4 { continue }
                            if !t4IsAfter {
                                let inside = steps(t2, t5, forward) <= steps(t2, t4, forward)
                                if consider(.twoFlips, t3, t4, t5, inside ? after(t5, forward) : before(t5, forward), g3) { break scan }
                            } else {
                                guard steps(t2, t5, forward) < steps(t2, t3, forward) else { continue }
                                if consider(.segment, t3, t4, t5, after(t5, forward), g3) { break scan }
                                if t5 != t2, consider(.innerFlips, t3, t4, t5, before(t5, forward), g3) { break scan }
                            }
                        }
                    }
                }
                if closing.t3 >= 0 {
                    if closing.t5 < 0 {
                        flip(t1, t2, closing.t4, closing.t3)
                        touch(closing.t3, closing.t4)
                    } else {
                        apply(closing.move, t1, t2, closing.t3, closing.t4, closing.t5, closing.t6)
                        touch(closing.t3, closing.t4)
                        touch(closing.t5, closing.t6)
                    }
                    cost -= closing.gain
                    for index in 0..<touchedCount { enqueue(touched[index]) }
                    return true
                }
                guard best.gain > -Double.infinity else { break }
                apply(best.move, t1, t2, best.t3, best.t4, best.t5, best.t6)
                touch(best.t3, best.t4)
                touch(best.t5, best.t6)
                record(t2, best.t3, in: joined, &joinedCount)
                record(best.t4, best.t5, in: joined, &joinedCount)
                record(best.t3, best.t4, in: broken, &brokenCount)
                record(best.t5, best.t6, in: broken, &brokenCount)
                (gain, t2) = (best.gain, best.t6)
            }
            takeBack(UnsafeBufferPointer(start: flips, count: flipCount))
            return false
        }
    }
}
