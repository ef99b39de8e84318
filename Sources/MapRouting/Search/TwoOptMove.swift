/// 2-opt: remove two edges and reconnect the two paths the other way, which reverses
/// the path between them. Tried from node `a` with each candidate neighbour `c` as
/// its new partner, on both sides of `a`.
extension SearchTour {
    /// Applies the first improving 2-opt move around `a`; returns whether it found one.
    func improveByTwoOpt(_ a: Int) -> Bool {
        let list = candidates + a * k
        // Successor side: … a b … c e …  →  … a c … b e …
        let b = next(a)
        let removedAfter = d(a, b)
        for index in 0..<k {
            let c = Int(list[index])
            let added = d(a, c)
            if isSymmetric && added >= removedAfter { break }
            let e = next(c)
            if c == b || e == a { continue }
            let gain = removedAfter + d(c, e) - added - d(b, e)
            guard gain > epsilon, let turn = reversalChange(from: b, to: c), gain - turn > epsilon else { continue }
            exchange(a, b, c, e)
            cost -= gain - turn
            enqueue(a); enqueue(b); enqueue(c); enqueue(e)
            return true
        }
        // Predecessor side: … p a … e c …  →  … p e … a c …
        let p = previous(a)
        let removedBefore = d(p, a)
        for index in 0..<k {
            let c = Int(list[index])
            let added = d(a, c)
            if isSymmetric && added >= removedBefore { break }
            let e = previous(c)
            if c == p || c == next(a) { continue }
            let gain = removedBefore + d(e, c) - added - d(p, e)
            guard gain > epsilon, let turn = reversalChange(from: a, to: e), gain - turn > epsilon else { continue }
            exchange(p, a, e, c)
            cost -= gain - turn
            enqueue(a); enqueue(p); enqueue(c); enqueue(e)
            return true
        }
        return false
    }
}
