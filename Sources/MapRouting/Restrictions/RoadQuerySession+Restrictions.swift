import MapGeometry

extension RoadQuerySession {
    /// The shortest path that makes no forbidden turn: a Dijkstra search over directed road
    /// edges (``RestrictedSearch``), with no U-turn except at a dead end. It does not use the
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
    /// ``matrixTable(sources:targets:measures:)`` making no turn that `rules` forbid (and no
    /// U-turn but at a dead end): each cell is what ``directions(from:to:by:rules:startName:endName:)``
    /// gives for the pair. One ``RestrictedSearch`` per source and measure reaches every
    /// target; it does not use the contraction hierarchy, so a row takes milliseconds on a city.
    /// - Throws: ``RoadNetworkError/tooFarFromRoad(point:position:distance:maximum:)`` naming the
    ///   first place too far from a road.
    public func matrixTable(
        sources: [RoadMatrixPlace], targets: [RoadMatrixPlace], measures: RoadMatrixTable.Measures = .both, rules: TurnRules
    ) throws(RoadNetworkError) -> RoadMatrixTable {
        let network = self.network
        var sourceSnaps: [RoadSnap] = [], targetSnaps: [RoadSnap] = []
        for place in sources { sourceSnaps.append(try network.snap(place.position, point: place.name)) }
        for place in targets { targetSnaps.append(try network.snap(place.position, point: place.name)) }
        let reached = targetSnaps.map { (snap: $0, node: network.node(at: $0)) }
        func cells(_ metric: RoadMetric) -> [Double] {
            var search = RestrictedSearch(graph: network.graph, metric: metric, rules: rules)
            var values: [Double] = []
            values.reserveCapacity(sources.count * targets.count)
            for start in sourceSnaps {
                let startNode = network.node(at: start)
                for (column, arrival) in search.run(from: start, startNode: startNode, to: reached).enumerated() {
                    var cell = arrival.weight
                    if let startNode, startNode == reached[column].node { cell = 0 }
                    if let direct = network.sameSegmentCost(from: start, to: targetSnaps[column], metric), direct.0 <= cell { cell = direct.0 }
                    values.append(cell)
                }
            }
            return values
        }
        return RoadMatrixTable(
            sourceIDs: sources.map(\.id), targetIDs: targets.map(\.id),
            distances: measures == .duration ? nil : cells(.distance), durations: measures == .distance ? nil : cells(.time),
            members: network.sourceMembers)
    }
}
