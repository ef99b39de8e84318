extension NeighbourLists {
    /// The lists with links between the parts of their graph that no list joins: places on
    /// islands, or towns far apart, whose nearest places are all their own. Without a link the
    /// search cannot make an edge between two parts, and the α-nearness ascent, which needs a
    /// connected graph, gives no lists at all (1,000 and 2,000 GeoNames places of Italy, 20
    /// nearest each: Sardinia's 39 and 81 places formed a part of their own).
    ///
    /// Borůvka's rounds over the parts: each part but the largest finds its members' nearest
    /// nodes outside it and the outside nodes' nearest members (a part that no list joins has
    /// more than `k` nodes, so parts are few) and keeps the shortest of those edges
    /// (``shortestLinks(of:partOf:skipping:count:cost:nearest:)``). A
    /// link goes into both ends' lists at place `kept`-1, so the first `kept` (the search's
    /// own candidates) hold it, and shifts the rest down: the lists stay cheapest first but
    /// for the links. Rounds repeat until one part is left, at most log₂ of the parts.
    ///
    /// An open path's free end, which every place reaches for the same cost, joins no parts:
    /// its edges are no real link between them. On a matrix, whose scan compares pairs, stops
    /// linking when the deadline passes; the lists are then as far linked as they got.
    func linkingParts(
        of model: CycleModel, kept: Int, linksPerPart: Int, deadline: ContinuousClock.Instant?
    ) -> NeighbourLists {
        let skipped = model.hasFreeEnd ? model.terminal : nil
        let cost = { (from: Int, to: Int) in min(model.table[from, to], model.table[to, from]) }
        let nearest = Self.nearestFinder(model.table, cost: cost, deadline: deadline)
        let count = nodes.count / max(k, 1)
        guard k > 0, kept > 0, count > k + 1 else { return self }
        var linked = nodes
        var parts = UnionFind(count: count)
        for node in 0..<count where node != skipped {
            for other in of(node) where Int(other) != skipped { parts.join(node, Int(other)) }
        }
        while true {
            // Parts in the order of their lowest node (a set's root), so that runs repeat.
            let partOf = (0..<count).map { parts.root($0) }
            var members = [[Int]](repeating: [], count: count)
            for node in 0..<count where node != skipped { members[partOf[node]].append(node) }
            let roots = (0..<count).filter { members[$0].count > 0 }
            guard roots.count > 1, let largest = roots.max(by: { members[$0].count < members[$1].count }) else { break }
            var links: [(from: Int, to: Int)] = []
            for root in roots where root != largest {
                guard let found = Self.shortestLinks(of: members[root], partOf: partOf, skipping: skipped,
                                                     count: linksPerPart, cost: cost, nearest: nearest) else {
                    return NeighbourLists(k: k, nodes: linked)
                }
                for link in found where !links.contains(where: { $0 == link }) { links.append(link) }
            }
            guard !links.isEmpty else { break }
            for link in links {
                Self.insert(link.to, into: link.from, at: min(kept, k) - 1, k: k, lists: &linked)
                Self.insert(link.from, into: link.to, at: min(kept, k) - 1, k: k, lists: &linked)
                parts.join(link.from, link.to)
            }
        }
        return NeighbourLists(k: k, nodes: linked)
    }

    /// A part's links to the rest: the `count` shortest of its members' edges to their nearest
    /// node outside, and the `count` shortest of the outside nodes' edges to their nearest
    /// member. Both, because a tour crosses twice and the shortest edges of one kind often
    /// share an end (on 2,000 places of Italy, Sardinia's five nearest to the mainland all
    /// reached the same town, and the best tour's second crossing was a member's second
    /// nearest). Nil when the deadline passed.
    private static func shortestLinks(
        of part: [Int], partOf: [Int], skipping skipped: Int?, count: Int, cost: (Int, Int) -> Double,
        nearest: NearestFinder
    ) -> [(from: Int, to: Int)]? {
        let root = partOf[part[0]]
        let outside = partOf.indices.filter { $0 != skipped && partOf[$0] != root }
        guard let memberEnds = nearest(part, outside), let outsideEnds = nearest(outside, part) else { return nil }
        func shortest(_ pairs: [(Int, Int)]) -> [(from: Int, to: Int)] {
            pairs.filter { $0.1 >= 0 }
                .map { (cost: cost($0.0, $0.1), from: $0.0, to: $0.1) }
                .sorted { ($0.cost, $0.from, $0.to) < ($1.cost, $1.from, $1.to) }
                .prefix(count).map { ($0.from, $0.to) }
        }
        return shortest(Array(zip(part, memberEnds))) + shortest(zip(outsideEnds, outside).map { ($0, $1) })
    }

    /// For each of some nodes, the nearest of others (-1 when none is), or nil when the deadline
    /// passed.
    typealias NearestFinder = (_ queries: [Int], _ candidates: [Int]) -> [Int]?

    /// Geodesic places through a k-d tree (the extra terminal node of a round trip, not a place,
    /// neither asks nor is found); a matrix's nodes (at most ``RoutePlanner/matrixPlaceLimit``)
    /// by comparing every pair.
    private static func nearestFinder(
        _ table: CostTable, cost: @escaping (Int, Int) -> Double, deadline: ContinuousClock.Instant?
    ) -> NearestFinder {
        if let measured = table.measured {
            let places = measured.costs.count
            return { queries, candidates in
                let asking = queries.filter { $0 < places }
                var found = measured.costs.distances.nearest(of: asking, among: candidates.filter { $0 < places })
                    .makeIterator()
                return queries.map { $0 < places ? found.next() ?? -1 : -1 }
            }
        }
        return { queries, candidates in
            var ends: [Int] = []
            for query in queries {
                if SearchStop.isDue(deadline) { return nil }
                ends.append(candidates.min { (cost(query, $0), $0) < (cost(query, $1), $1) } ?? -1)
            }
            return ends
        }
    }

    /// Puts `other` at `slot` of `node`'s list unless it is already before it; the entries from
    /// there on move down one place, and the last one (or `other`'s old entry) drops out.
    private static func insert(_ other: Int, into node: Int, at slot: Int, k: Int, lists: inout [Int32]) {
        let list = node * k
        let position = (list..<(list + k)).first { lists[$0] == Int32(other) } ?? (list + k - 1)
        guard position >= list + slot else { return }
        for index in stride(from: position, to: list + slot, by: -1) { lists[index] = lists[index - 1] }
        lists[list + slot] = Int32(other)
    }
}
