/// Sequential 3-opt with one block turned, the part of the 3-opt neighbourhood that
/// 2-opt, Or-opt and Or-3opt leave out. Break t1→t2, join t2–t3 for a candidate t3 of
/// t2, break t4→t3 (t4 precedes t3, as a 2-opt move would), join t4–t5 for a candidate
/// t5 of t4, break t5–t6 and close t6–t1. Where t5 lies decides t6 and the result:
///
///     t5 after t3:       t1 [t2 … t4][t3 … t6] t5  →  t1 [t6 … t3][t2 … t4] t5
///     t5 in t2 … t4:     t1 [t2 … t5][t6 … t4] t3  →  t1 [t6 … t4][t5 … t2] t3
///
/// The gain is known before the tour changes; only the chosen move is applied (two
/// reversals). Symmetric tables only: turning a block changes an asymmetric cost.
extension SearchTour {
    /// Applies the first improving move from `t1`; returns whether it found one.
    func improveByThreeOpt(_ t1: Int) -> Bool {
        guard isSymmetric, count >= 8 else { return false }
        for side in 0..<2 {
            let forward = side == 0
            let t2 = after(t1, forward)
            let broken1 = d(t1, t2)
            let list3 = candidates + t2 * k
            for index3 in 0..<k {
                let t3 = Int(list3[index3])
                let g1 = broken1 - d(t2, t3)
                if g1 <= epsilon { break }
                let t4 = before(t3, forward)
                if t3 == t1 || t4 == t2 || t3 == t2 { continue }
                let g1Open = g1 + d(t4, t3)
                // t4 lies on the path t2 … t4, `reach` steps from t2.
                let reach = steps(t2, t4, forward)
                let list5 = candidates + t4 * k
                for index5 in 0..<k {
                    let t5 = Int(list5[index5])
                    let g2 = g1Open - d(t4, t5)
                    if g2 <= epsilon { break }
                    if t5 == t3 || t5 == t1 || t5 == t4 { continue }
                    // t5 after t3: t6 precedes it; t5 in t2 … t4: t6 follows it.
                    let isAfterT3 = steps(t2, t5, forward) > reach
                    let t6 = isAfterT3 ? before(t5, forward) : after(t5, forward)
                    let gain = g2 + d(t5, t6) - d(t6, t1)
                    guard gain > epsilon else { continue }
                    if isAfterT3 {
                        exchange(t1, t2, t6, t5)
                        exchange(t3, t4, t2, t5)
                    } else {
                        exchange(t1, t2, t4, t3)
                        exchange(t1, t4, t6, t5)
                    }
                    cost -= gain
                    enqueue(t1); enqueue(t2); enqueue(t3); enqueue(t4); enqueue(t5); enqueue(t6)
                    return true
                }
            }
        }
        return false
    }
}
