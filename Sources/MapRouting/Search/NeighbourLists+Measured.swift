import MapGeometry

extension NeighbourLists {
    /// Lists for measured costs without measuring every pair. A node's pool: its nearest
    /// places among those of its own rank (so a first or last group's members find each
    /// other however far apart they are), its nearest places of any rank, every member of
    /// an adjacent rank that has few members (the start, the terminal, small groups), and for
    /// the start and the terminal each other (their closing edge is free). The pool is ranked
    /// by the model's cost, so group penalties count, and padded by index when short.
    ///
    /// The k-nearest searches take most of the setup that does not look at the clock (about
    /// 75 of this function's 95 ms at 500 places in a debug build), so they stop when the
    /// search is cancelled (``SearchStop/isCancelled``), and so does the ranking below: the rest
    /// of the lists are then the next nodes by index, and the search stops at its first look.
    init(measured: MeasuredCycleCosts, table: CostTable, k requested: Int) {
        let size = table.size
        let k = max(0, min(requested, size - 1))
        let places = measured.costs.count
        let ranks = measured.ranks
        var members = [[Int]](repeating: [], count: (ranks.max() ?? 0) + 1)
        for node in 0..<size { members[ranks[node]].append(node) }
        let fewMembers = 2 * k

        // Nearest of any rank, and within each rank that has places (measured among that rank's
        // places only). Both come from one search by chord when the rank misses few places (one
        // rank holds every place but the start in a route with a fixed start): a list k longer
        // than the number missing holds the rank's own k nearest, in the order of their own search.
        let distances = measured.costs.distances
        var rankPlaces = [[Int]](repeating: [], count: members.count)
        for place in 0..<places { rankPlaces[ranks[place]].append(place) }
        let listedRanks = members.indices.filter { members[$0].count > 1 && members[$0].count < size }
        func missing(_ rank: Int) -> Int { places - rankPlaces[rank].count }
        var sharesSearch = [Bool](repeating: false, count: members.count)
        for rank in listedRanks where missing(rank) <= k { sharesSearch[rank] = true }
        let longest = listedRanks.filter { sharesSearch[$0] }.map(missing).max() ?? 0
        let byChord = distances.nearestByChord(k + longest, until: { SearchStop.isCancelled })
        var ownLists = [[Int]](repeating: [], count: places)
        for rank in listedRanks where !sharesSearch[rank] {
            let lists = GeodesicDistances(rankPlaces[rank].map { distances.positions[$0] })
                .nearestByChord(k, until: { SearchStop.isCancelled })
            for (index, place) in rankPlaces[rank].enumerated() {
                ownLists[place] = lists.lists[(index * lists.k)..<(index * lists.k + lists.k)].map { rankPlaces[rank][Int($0)] }
            }
        }
        /// Appends `place`'s nearest places of any rank, then those of its own rank.
        func addNearest(of place: Int, to pool: inout [Int]) {
            guard place < places else { return }
            let list = byChord.lists[(place * byChord.k)..<(place * byChord.k + byChord.k)]
            for other in list.prefix(k) { pool.append(Int(other)) }
            let rank = ranks[place]
            guard sharesSearch[rank] else { return pool += ownLists[place] }
            var taken = 0
            for other in list where taken < k && ranks[Int(other)] == rank {
                pool.append(Int(other))
                taken += 1
            }
        }

        var nodes = [Int32]()
        nodes.reserveCapacity(size * k)
        var stopped = false
        var pool: [Int] = []
        var ranked: [(cost: Double, node: Int)] = []
        for node in 0..<size {
            if node & 63 == 0, !stopped { stopped = SearchStop.isCancelled }
            if stopped {
                nodes += (0..<k).map { Int32((node + 1 + $0) % size) }
                continue
            }
            pool.removeAll(keepingCapacity: true)
            addNearest(of: node, to: &pool)
            for rank in (ranks[node] - 1)...(ranks[node] + 1) where members.indices.contains(rank) {
                if members[rank].count <= fewMembers { pool += members[rank] }
            }
            if node == measured.start { pool.append(measured.terminal) }
            if node == measured.terminal {
                pool.append(measured.start)
                if node >= places { addNearest(of: measured.terminalCopy ?? measured.start, to: &pool) }
            }
            // Each candidate once (the lists overlap), the node itself left out; measured costs
            // are symmetric, so one way is measured. Sorting the few ids beats hashing them.
            pool.sort()
            ranked.removeAll(keepingCapacity: true)
            var last = -1
            for other in pool where other != node && other != last {
                ranked.append((table[node, other], other))
                last = other
            }
            if ranked.count < k {
                var present = Set(ranked.map(\.node))
                for filler in 0..<size where ranked.count < k && filler != node && present.insert(filler).inserted {
                    ranked.append((table[node, filler], filler))
                }
            }
            ranked.sort { ($0.cost, $0.node) < ($1.cost, $1.node) }
            for candidate in ranked.prefix(k) { nodes.append(Int32(candidate.node)) }
        }
        self.init(k: k, nodes: nodes)
    }
}
