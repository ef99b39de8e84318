/// Construction for symmetric tables: the greedy edge tour. Take candidate edges
/// cheapest first and keep one when both ends still have a free side and it closes no
/// cycle; then join the resulting paths end to nearest end. It starts the local search
/// closer to a good tour than nearest neighbour (typically 15–20 % above the optimum
/// instead of about 25 %), which shortens the first descent on large problems.
enum GreedyEdgeTour {
    static func build(table: CostTable, neighbours: NeighbourLists, start: Int) -> [Int] {
        let size = table.size
        guard size > 3, neighbours.k > 0 else { return Array(0..<size) }
        // Candidate edges once each (lower index first), cheapest first, ties by nodes.
        var edges: [(cost: Double, a: Int32, b: Int32)] = []
        edges.reserveCapacity(size * neighbours.k)
        for node in 0..<size {
            for other in neighbours.of(node) where Int(other) > node || !neighbours.of(Int(other)).contains(Int32(node)) {
                edges.append((table[node, Int(other)], Int32(min(node, Int(other))), Int32(max(node, Int(other)))))
            }
        }
        edges.sort { ($0.cost, $0.a, $0.b) < ($1.cost, $1.a, $1.b) }

        var links = [[Int]](repeating: [], count: size)
        var component = Array(0..<size)
        func root(_ node: Int) -> Int {
            var node = node
            while component[node] != node { component[node] = component[component[node]]; node = component[node] }
            return node
        }
        for edge in edges {
            let a = Int(edge.a), b = Int(edge.b)
            guard links[a].count < 2, links[b].count < 2 else { continue }
            let (ra, rb) = (root(a), root(b))
            guard ra != rb else { continue }
            component[ra] = rb
            links[a].append(b)
            links[b].append(a)
        }

        // Walk the paths, joining each path's end to the nearest free end of another path.
        var visited = [Bool](repeating: false, count: size)
        // Free path ends, scanned in index order so ties break the same way every run.
        var isEnd = (0..<size).map { links[$0].count < 2 }
        var endCount = isEnd.filter { $0 }.count
        var tour: [Int] = []
        tour.reserveCapacity(size)
        var current = links[start].count < 2 ? start : pathEnd(from: start, links: links)
        while true {
            // Follow the path that begins at `current`.
            var previous = -1
            var node = current
            while true {
                visited[node] = true
                tour.append(node)
                if isEnd[node] { isEnd[node] = false; endCount -= 1 }
                guard let next = links[node].first(where: { $0 != previous && !visited[$0] }) else { break }
                previous = node
                node = next
            }
            guard endCount > 0 else { break }
            var best = -1
            var bestCost = Double.infinity
            for end in 0..<size where isEnd[end] && (table[node, end] < bestCost || best < 0) {
                best = end
                bestCost = table[node, end]
            }
            current = best
        }
        // Start the cycle at `start`.
        let at = tour.firstIndex(of: start) ?? 0
        return Array(tour[at...] + tour[..<at])
    }

    /// One end of the path through `node`.
    private static func pathEnd(from node: Int, links: [[Int]]) -> Int {
        var previous = -1, current = node
        while let next = links[current].first(where: { $0 != previous }), links[current].count == 2 {
            previous = current
            current = next
            if current == node { return node }  // a closed cycle cannot occur, but never loop
        }
        return current
    }
}
