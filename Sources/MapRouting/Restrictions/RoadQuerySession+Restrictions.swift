import MapGeometry

extension RoadQuerySession {
    /// The shortest path that makes no forbidden turn: a Dijkstra search over directed road
    /// edges (a state is the edge just driven, so a turn is a step from one edge to the next
    /// and `rules` can forbid it), with no U-turn except at a dead end. It does not use the
    /// contraction hierarchy, so it takes milliseconds on a city rather than microseconds.
    /// - Throws: ``RoadNetworkError`` naming the position too far from a road, or saying that
    ///   no path joins them without a forbidden turn.
    public func directions(
        from start: Position, to end: Position, by metric: RoadMetric = .time, rules: TurnRules,
        startName: String = "the start", endName: String = "the destination"
    ) throws(RoadNetworkError) -> RoadPath {
        let network = self.network, graph = network.graph
        let startSnap = try network.snap(start, point: startName)
        let endSnap = try network.snap(end, point: endName)
        let startNode = network.node(at: startSnap), endNode = network.node(at: endSnap)
        if let startNode, startNode == endNode {
            return try path(from: startSnap, to: endSnap, by: metric, names: (startName, endName), queried: (start, end))
        }
        let states = 2 * graph.segmentCount
        var cost = [Double](repeating: .infinity, count: states), other = cost
        var parent = [Int32](repeating: -1, count: states), partialSeed = [Bool](repeating: false, count: states)
        var heap = MinHeap()
        defer { heap.deallocate() }
        func reach(_ edge: Int32, _ weight: Double, _ secondary: Double, from previous: Int32, partial: Bool) {
            guard weight < cost[Int(edge)] else { return }
            cost[Int(edge)] = weight
            other[Int(edge)] = secondary
            parent[Int(edge)] = previous
            partialSeed[Int(edge)] = partial
            heap.push(weight, edge)
        }
        func outgoing(_ node: Int32) -> ArraySlice<Int32> {
            graph.outEdge[Int(graph.outStart[Int(node)])..<Int(graph.outStart[Int(node) + 1])]
        }
        /// (metric, other) of driving a fraction of a segment.
        func part(_ segment: Int, _ fraction: Double) -> (Double, Double) {
            let edge = Int32(segment) << 1
            return (graph.cost(ofEdge: edge, metric) * fraction, graph.secondaryCost(ofEdge: edge, metric) * fraction)
        }
        func fraction(_ snap: RoadSnap) -> Double {
            let length = graph.segmentLength[snap.segment]
            return length > 0 ? min(max(snap.offset / length, 0), 1) : 0
        }

        if let startNode {
            for edge in outgoing(startNode) {
                reach(edge, graph.cost(ofEdge: edge, metric), graph.secondaryCost(ofEdge: edge, metric), from: -1, partial: false)
            }
        } else {
            let segment = startSnap.segment, direction = graph.direction(ofSegment: segment), f = fraction(startSnap)
            if direction.contains(.forward) {
                let (weight, secondary) = part(segment, 1 - f)
                reach(Int32(segment) << 1, weight, secondary, from: -1, partial: true)
            }
            if direction.contains(.backward) {
                let (weight, secondary) = part(segment, f)
                reach(Int32(segment) << 1 | 1, weight, secondary, from: -1, partial: true)
            }
        }

        var best = (weight: Double.infinity, secondary: 0.0, edge: Int32(-1))
        func arrive(_ edge: Int32, _ weight: Double, _ secondary: Double) {
            if weight < best.weight { best = (weight, secondary, edge) }
        }
        let endSegment = endSnap.segment, endFraction = fraction(endSnap)
        let endDirection = graph.direction(ofSegment: endSegment)
        while !heap.isEmpty {
            let (key, edge) = heap.pop()
            guard key <= cost[Int(edge)] else { continue }
            if key >= best.weight { break }
            let node = graph.head(ofEdge: edge)
            if let endNode {
                if node == endNode { arrive(edge, key, other[Int(edge)]) }
            } else {
                if node == graph.segmentFrom[endSegment], endDirection.contains(.forward),
                    rules.allows(edge, Int32(endSegment) << 1, in: graph)
                {
                    let (weight, secondary) = part(endSegment, endFraction)
                    arrive(edge, key + weight, other[Int(edge)] + secondary)
                }
                if node == graph.segmentTo[endSegment], endDirection.contains(.backward),
                    rules.allows(edge, Int32(endSegment) << 1 | 1, in: graph)
                {
                    let (weight, secondary) = part(endSegment, 1 - endFraction)
                    arrive(edge, key + weight, other[Int(edge)] + secondary)
                }
            }
            for next in outgoing(node) where rules.allows(edge, next, in: graph) {
                reach(
                    next, key + graph.cost(ofEdge: next, metric), other[Int(edge)] + graph.secondaryCost(ofEdge: next, metric),
                    from: edge, partial: false)
            }
        }

        let direct = network.sameSegmentCost(from: startSnap, to: endSnap, metric)
        if let direct, direct.0 <= best.weight {
            return try path(from: startSnap, to: endSnap, by: metric, names: (startName, endName), queried: (start, end))
        }
        guard best.edge >= 0 else {
            throw .noPath(
                from: "\(startName) \(RoadNetworkError.text(start))", to: "\(endName) \(RoadNetworkError.text(end))",
                reason: network.noPathReason(from: startSnap, to: endSnap) + ", or every way between them makes a forbidden turn")
        }
        var edges = [Int32](), edge = best.edge
        while edge >= 0 {
            edges.append(edge)
            edge = parent[Int(edge)]
        }
        edges.reverse()
        // A partial start segment is drawn by the assembler from the snap, not as an edge.
        let first: Int32
        if partialSeed[Int(edges[0])] {
            first = graph.head(ofEdge: edges[0])
            edges.removeFirst()
        } else {
            first = graph.tail(ofEdge: edges[0])
        }
        let last = edges.last.map { graph.head(ofEdge: $0) } ?? first
        let assembler = PathAssembler(graph: graph)
        let pieces = assembler.pieces(from: startSnap, leavingTo: first, edges: edges, arrivingFrom: last, to: endSnap)
        var segmentIDs = [startSnap.segmentID]
        for edge in edges { segmentIDs.append(graph.segmentIDs[Int(edge >> 1)]) }
        segmentIDs.append(endSnap.segmentID)
        return RoadPath(
            positions: assembler.positions(from: startSnap, leavingTo: first, edges: edges, arrivingFrom: last, to: endSnap),
            distance: metric == .distance ? best.weight : best.secondary,
            duration: metric == .time ? best.weight : best.secondary,
            start: startSnap, end: endSnap, metric: metric, segmentIDs: segmentIDs,
            steps: RoadStepBuilder(graph: graph).steps(of: pieces, start: startSnap, end: endSnap))
    }
}
