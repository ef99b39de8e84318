/// The exact cheapest path from the model's start to its terminal through every other
/// node, by Held–Karp dynamic programming: for each set of visited nodes and each last
/// node, the cheapest way there. 2ᵏ·k² steps and 2ᵏ·k values for k inner nodes.
enum HeldKarp {
    /// The optimal path start … terminal (model nodes).
    static func shortestPath(in model: CycleModel) -> [Int] {
        let table = model.table
        let inner = (0..<table.size).filter { $0 != model.start && $0 != model.terminal }
        let k = inner.count
        guard k > 0 else { return [model.start, model.terminal] }
        precondition(k <= 24, "Held–Karp is for small problems")
        let full = (1 << k) - 1
        let best = UnsafeMutablePointer<Double>.allocate(capacity: (full + 1) * k)
        defer { best.deallocate() }
        best.initialize(repeating: .infinity, count: (full + 1) * k)
        let cost = UnsafeMutablePointer<Double>.allocate(capacity: k * k)
        defer { cost.deallocate() }
        for a in 0..<k { for b in 0..<k { cost[a * k + b] = table[inner[a], inner[b]] } }

        for j in 0..<k { best[(1 << j) * k + j] = table[model.start, inner[j]] }
        for mask in 1...full {
            let row = best + mask * k
            for j in 0..<k where mask & (1 << j) != 0 {
                let here = row[j]
                guard here.isFinite else { continue }
                var rest = full & ~mask
                while rest != 0 {
                    let q = rest.trailingZeroBitCount
                    rest &= rest - 1
                    let slot = best + (mask | (1 << q)) * k + q
                    let candidate = here + cost[j * k + q]
                    if candidate < slot.pointee { slot.pointee = candidate }
                }
            }
        }

        // Walk back from the best last node, finding each predecessor by its exact sum.
        var last = 0
        var bestTotal = Double.infinity
        for j in 0..<k {
            let total = best[full * k + j] + table[inner[j], model.terminal]
            if total < bestTotal { bestTotal = total; last = j }
        }
        var reversed = [model.terminal, inner[last]]
        var mask = full
        while mask != (1 << last) {
            let previousMask = mask & ~(1 << last)
            let target = best[mask * k + last]
            var previous = -1
            for j in 0..<k where previousMask & (1 << j) != 0
                && best[previousMask * k + j] + cost[j * k + last] == target {
                previous = j
                break
            }
            precondition(previous >= 0, "Held–Karp walk-back lost the path")
            mask = previousMask
            last = previous
            reversed.append(inner[last])
        }
        reversed.append(model.start)
        return reversed.reversed()
    }
}
