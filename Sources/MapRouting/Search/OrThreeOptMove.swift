/// Or-3opt: a sequential 3-opt move that moves a segment of any length elsewhere.
/// Break t1→t2, join t3→t2 for a candidate t3 of t2, break t3→t4, join t5→t4 for a
/// candidate t5 of t4 inside the path t2 … t3, break t5→t6 and close t1→t6:
///
///     t1 [t2 … t5][t6 … t3] t4  →  t1 [t6 … t3][t2 … t5] t4
///
/// The two blocks swap places without turning (so it also serves asymmetric tables),
/// or, on symmetric tables, with both blocks turned (t6 before t5). It generalises
/// Or-opt from three nodes to whole paths, which 2-opt cannot do without reversals.
extension SearchTour {
    /// Applies the first improving Or-3opt move from `t1`; returns whether it found one.
    func improveByOrThreeOpt(_ t1: Int) -> Bool {
        guard count >= 8 else { return false }
        for side in 0..<(isSymmetric ? 2 : 1) {
            let forward = side == 0
            let t2 = after(t1, forward)
            let broken1 = d(t1, t2)
            let list3 = candidates + t2 * k
            for index3 in 0..<k {
                let t3 = Int(list3[index3])
                let g1 = broken1 - d(t3, t2)
                if g1 <= epsilon { if isSymmetric { break } else { continue } }
                let t4 = after(t3, forward)
                if t3 == t1 || t4 == t1 || t3 == t2 { continue }
                let reach = steps(t2, t3, forward)
                let g1Open = g1 + d(t3, t4)
                let list5 = candidates + t4 * k
                for index5 in 0..<k {
                    let t5 = Int(list5[index5])
                    let g2 = g1Open - d(t5, t4)
                    if g2 <= epsilon { if isSymmetric { break } else { continue } }
                    let offset = steps(t2, t5, forward)
                    guard offset <= reach, t5 != t4 else { continue }
                    // Blocks keep their direction: t6 follows t5.
                    if t5 != t3 {
                        let t6 = after(t5, forward)
                        let gain = g2 + d(t5, t6) - d(t1, t6)
                        if gain > epsilon {
                            exchange(t1, t2, t3, t4)
                            exchange(t1, t3, t6, t5)
                            exchange(t3, t5, t2, t4)
                            cost -= gain
                            for node in [t1, t2, t3, t4, t5, t6] { enqueue(node) }
                            return true
                        }
                    }
                    // Both blocks turned: t6 precedes t5 (symmetric tables only).
                    if isSymmetric && t5 != t2 {
                        let t6 = before(t5, forward)
                        let gain = g2 + d(t6, t5) - d(t1, t6)
                        if gain > epsilon {
                            exchange(t1, t2, t6, t5)
                            exchange(t2, t5, t3, t4)
                            cost -= gain
                            for node in [t1, t2, t3, t4, t5, t6] { enqueue(node) }
                            return true
                        }
                    }
                }
            }
        }
        return false
    }
}
