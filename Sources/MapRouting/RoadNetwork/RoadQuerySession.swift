import MapGeometry
import Synchronization

/// Asks a ``RoadNetwork`` for directions and matrices, reusing its search state between
/// questions (the searches' memory is as large as the graph, so a session is much faster
/// than starting afresh). A session answers one question at a time: tasks sharing one wait
/// for each other, so give each busy task its own; many sessions can share one network.
public final class RoadQuerySession: Sendable {
    /// The network asked.
    public let network: RoadNetwork
    /// One search state per metric, made on first use, used under the lock.
    private let queries = Mutex<(time: HierarchyQuery?, distance: HierarchyQuery?)>((nil, nil))

    /// Creates a session over a network.
    public init(_ network: RoadNetwork) {
        self.network = network
    }

    private func withQuery<Result: Sendable>(
        _ metric: RoadMetric, _ body: (HierarchyQuery) -> Result
    ) throws(RoadNetworkError) -> Result {
        let network = self.network
        return try queries.withLock { queries throws(RoadNetworkError) -> Result in
            switch metric {
            case .time:
                if queries.time == nil { queries.time = HierarchyQuery(try network.hierarchy(.time)) }
                return body(queries.time!)
            case .distance:
                if queries.distance == nil { queries.distance = HierarchyQuery(try network.hierarchy(.distance)) }
                return body(queries.distance!)
            }
        }
    }

    /// The shortest path between two positions, minimising time or distance.
    /// - Throws: ``RoadNetworkError/tooFarFromRoad(point:position:distance:maximum:)`` naming
    ///   the point, or ``RoadNetworkError/noPath(from:to:reason:)``.
    public func directions(
        from start: Position, to end: Position, by metric: RoadMetric = .time,
        startName: String = "the start", endName: String = "the destination"
    ) throws(RoadNetworkError) -> RoadPath {
        if let rules = network.turnRules {
            return try directions(from: start, to: end, by: metric, rules: rules, startName: startName, endName: endName)
        }
        let startSnap = try network.snap(start, point: startName)
        let endSnap = try network.snap(end, point: endName)
        return try path(from: startSnap, to: endSnap, by: metric, names: (startName, endName), queried: (start, end))
    }

    /// The shortest path between two already snapped positions.
    public func directions(
        from start: RoadSnap, to end: RoadSnap, by metric: RoadMetric = .time,
        startName: String = "the start", endName: String = "the destination"
    ) throws(RoadNetworkError) -> RoadPath {
        try path(
            from: start, to: end, by: metric, names: (startName, endName), queried: (start.position, end.position))
    }

    /// The path between snapped points; errors name the positions the caller asked about.
    /// (Internal: the legs of a route use it too.)
    func path(
        from start: RoadSnap, to end: RoadSnap, by metric: RoadMetric, names: (String, String),
        queried: (Position, Position)
    ) throws(RoadNetworkError) -> RoadPath {
        let network = self.network
        let departures = network.departureSeeds(start, metric)
        let arrivals = network.arrivalSeeds(end, metric)
        let found = try withQuery(metric) { query -> (HierarchyQuery.Meeting, [Int32], Int32, Int32)? in
            guard let meeting = query.shortest(from: departures, to: arrivals) else { return nil }
            let path = query.roadEdges(through: meeting)
            return (meeting, path.edges, path.first, path.last)
        }
        let direct = network.sameSegmentCost(from: start, to: end, metric)
        if let direct, direct.0 <= (found?.0.weight ?? .infinity) {
            let assembler = PathAssembler(graph: network.graph)
            let pieces = assembler.piecesAlongSegment(from: start, to: end)
            return RoadPath(
                positions: assembler.alongSegment(from: start, to: end),
                distance: metric == .distance ? direct.0 : direct.1,
                duration: metric == .time ? direct.0 : direct.1,
                start: start, end: end, metric: metric, segmentIDs: [start.segmentID],
                steps: RoadStepBuilder(graph: network.graph).steps(of: pieces, start: start, end: end))
        }
        guard let (meeting, edges, first, last) = found else {
            throw .noPath(
                from: "\(names.0) \(RoadNetworkError.text(queried.0))", to: "\(names.1) \(RoadNetworkError.text(queried.1))",
                reason: network.noPathReason(from: start, to: end))
        }
        let assembler = PathAssembler(graph: network.graph)
        let line = assembler.positions(from: start, leavingTo: first, edges: edges, arrivingFrom: last, to: end)
        let pieces = assembler.pieces(from: start, leavingTo: first, edges: edges, arrivingFrom: last, to: end)
        var segmentIDs = [start.segmentID]
        for edge in edges { segmentIDs.append(network.graph.segmentIDs[Int(edge >> 1)]) }
        segmentIDs.append(end.segmentID)
        return RoadPath(
            positions: line,
            distance: metric == .distance ? meeting.weight : meeting.secondary,
            duration: metric == .time ? meeting.weight : meeting.secondary,
            start: start, end: end, metric: metric, segmentIDs: segmentIDs,
            steps: RoadStepBuilder(graph: network.graph).steps(of: pieces, start: start, end: end))
    }

    /// The shortest-path cost between two graph nodes and its other measure (distance when
    /// minimising time, time when minimising distance), or nil when unreachable.
    public func nodeCost(
        from source: Int, to target: Int, by metric: RoadMetric = .time
    ) throws(RoadNetworkError) -> (cost: Double, other: Double)? {
        try withQuery(metric) { query in
            query.shortest(fromNode: Int32(source), toNode: Int32(target)).map { ($0.weight, $0.secondary) }
        }
    }

    /// Distances and durations from every source to every target along the roads, the
    /// paths minimising `metric` (making no turn the network's ``RoadNetwork/turnRules`` forbid).
    /// - Parameters:
    ///   - names: names for error messages, per position (default "source 3", "target 7").
    ///   - allowUnreachable: keep unreachable pairs as infinite instead of throwing.
    /// - Throws: ``RoadNetworkError/tooFarFromRoad(point:position:distance:maximum:)`` naming
    ///   the first position too far from a road; ``RoadNetworkError/noPath(from:to:reason:)``
    ///   naming the first unreachable pair unless `allowUnreachable`.
    public func matrices(
        from sources: [Position], to targets: [Position], by metric: RoadMetric = .time,
        sourceNames: [String]? = nil, targetNames: [String]? = nil, allowUnreachable: Bool = false
    ) throws(RoadNetworkError) -> RoadMatrices {
        let network = self.network
        var sourceSnaps = [RoadSnap](), targetSnaps = [RoadSnap]()
        for (index, position) in sources.enumerated() {
            sourceSnaps.append(try network.snap(position, point: sourceNames?[index] ?? "source \(index)"))
        }
        for (index, position) in targets.enumerated() {
            targetSnaps.append(try network.snap(position, point: targetNames?[index] ?? "target \(index)"))
        }
        var (weights, others): ([Double], [Double])
        if let rules = network.turnRules {
            (weights, others) = restrictedCells(from: sourceSnaps, to: targetSnaps, by: metric, rules: rules)
        } else {
            let sourceSeeds = sourceSnaps.map { network.departureSeeds($0, metric) }
            let targetSeeds = targetSnaps.map { network.arrivalSeeds($0, metric) }
            (weights, others) = try withQuery(metric) { query in query.matrix(sources: sourceSeeds, targets: targetSeeds) }
        }
        let columns = targets.count
        for row in sourceSnaps.indices {
            for column in targetSnaps.indices {
                let index = row * columns + column
                if let direct = network.sameSegmentCost(from: sourceSnaps[row], to: targetSnaps[column], metric),
                    direct.0 <= weights[index]
                {
                    (weights[index], others[index]) = direct
                }
                if weights[index] == .infinity && !allowUnreachable {
                    throw .noPath(
                        from: "\(sourceNames?[row] ?? "source \(row)") \(RoadNetworkError.text(sources[row]))",
                        to: "\(targetNames?[column] ?? "target \(column)") \(RoadNetworkError.text(targets[column]))",
                        reason: network.noPathReason(from: sourceSnaps[row], to: targetSnaps[column]))
                }
            }
        }
        return RoadMatrices(
            rows: sources.count, columns: columns,
            distances: metric == .distance ? weights : others,
            durations: metric == .time ? weights : others,
            sourceSnaps: sourceSnaps, targetSnaps: targetSnaps)
    }
}

/// Road distances and durations between sources (rows) and targets (columns).
public struct RoadMatrices: Hashable, Sendable {
    /// Number of sources.
    public let rows: Int
    /// Number of targets.
    public let columns: Int
    /// Metres, row-major: `distances[row * columns + column]`; infinite when unreachable.
    public let distances: [Double]
    /// Seconds, row-major like ``distances``.
    public let durations: [Double]
    /// Where each source met the roads.
    public let sourceSnaps: [RoadSnap]
    /// Where each target met the roads.
    public let targetSnaps: [RoadSnap]
}
