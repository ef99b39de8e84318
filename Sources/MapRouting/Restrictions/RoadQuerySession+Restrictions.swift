import MapGeometry

extension RoadQuerySession {
    /// The shortest path that makes no forbidden turn: a Dijkstra search over directed road
    /// edges, with no U-turn except at a dead end. It does not use the
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
        var search = RestrictedSearch(graph: graph, metric: metric, rules: rules)
        let best = search.run(from: startSnap, startNode: startNode, to: [(endSnap, endNode)])[0]
        let (parent, partialSeed) = (search.parent, search.partialSeed)

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

extension RoadQuerySession {
    /// The costs (in `metric`, and in the other measure) from every source to every target by
    /// ``RestrictedSearch``, one search per source reaching every target, for a network with
    /// ``RoadNetwork/turnRules``: 0 where a source and a target share a node; the caller weighs
    /// a target on a source's own segment.
    func restrictedCells(
        from sources: [RoadSnap], to targets: [RoadSnap], by metric: RoadMetric, rules: TurnRules
    ) -> (weights: [Double], others: [Double]) {
        let network = self.network
        let reached = targets.map { (snap: $0, node: network.node(at: $0)) }
        var search = RestrictedSearch(graph: network.graph, metric: metric, rules: rules)
        var weights: [Double] = [], others: [Double] = []
        weights.reserveCapacity(sources.count * targets.count)
        others.reserveCapacity(sources.count * targets.count)
        for start in sources {
            let startNode = network.node(at: start)
            for (column, arrival) in search.run(from: start, startNode: startNode, to: reached).enumerated() {
                let sameNode = startNode != nil && startNode == reached[column].node
                weights.append(sameNode ? 0 : arrival.weight)
                others.append(sameNode ? 0 : arrival.secondary)
            }
        }
        return (weights, others)
    }
}
