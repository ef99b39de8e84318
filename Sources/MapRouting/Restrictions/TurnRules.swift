/// Turn restrictions resolved on a road graph: the turns (arriving edge, leaving edge) that may
/// not be made. U-turns are forbidden except at a dead end (a node whose only way on is back).
public struct TurnRules: Sendable {
    /// Forbidden turns, `arriving << 32 | leaving` (edge references).
    let forbidden: Set<UInt64>

    static func key(_ arriving: Int32, _ leaving: Int32) -> UInt64 {
        UInt64(UInt32(bitPattern: arriving)) << 32 | UInt64(UInt32(bitPattern: leaving))
    }

    /// Resolves restrictions on a network's graph.
    /// - Throws: ``RoadNetworkError/invalidRestriction(feature:reason:)`` for a restriction whose
    ///   node is not in the network or whose ways do not touch it.
    public init(_ restrictions: [TurnRestriction], in network: RoadNetwork) throws(RoadNetworkError) {
        let graph = network.graph
        var nodeByID = [Int64: Int32]()
        for node in 0..<graph.nodeCount where graph.nodeIDs[node] != RoadGraph.noNodeID {
            nodeByID[graph.nodeIDs[node]] = Int32(node)
        }
        var forbidden = Set<UInt64>()
        for (index, restriction) in restrictions.enumerated() {
            let name = "\(index) (\(restriction.restriction) from \(restriction.fromWay) via \(restriction.viaNode) to \(restriction.toWay))"
            guard let via = nodeByID[restriction.viaNode] else {
                throw .invalidRestriction(feature: name, reason: "node \(restriction.viaNode) is not a node of the road network")
            }
            let leaving = graph.outEdge[Int(graph.outStart[Int(via)])..<Int(graph.outStart[Int(via) + 1])]
            // Edges arriving at the node: the reverse of an edge leaving it, when drivable that way.
            var arriving = [Int32]()
            for segment in 0..<graph.segmentCount where graph.segmentFrom[segment] == via || graph.segmentTo[segment] == via {
                for edge in [Int32(segment) << 1, Int32(segment) << 1 | 1]
                where graph.head(ofEdge: edge) == via && graph.direction(ofSegment: segment).contains(edge & 1 == 0 ? .forward : .backward) {
                    arriving.append(edge)
                }
            }
            let from = arriving.filter { Self.way(of: graph.segmentIDs[Int($0 >> 1)]) == restriction.fromWay }
            let to = leaving.filter { Self.way(of: graph.segmentIDs[Int($0 >> 1)]) == restriction.toWay }
            guard !from.isEmpty else {
                throw .invalidRestriction(feature: name, reason: "no drivable road of \(restriction.fromWay) arrives at node \(restriction.viaNode)")
            }
            guard !to.isEmpty else {
                throw .invalidRestriction(feature: name, reason: "no drivable road of \(restriction.toWay) leaves node \(restriction.viaNode)")
            }
            for arrive in from {
                for leave in leaving where restriction.isMandatory ? !to.contains(leave) : to.contains(leave) {
                    forbidden.insert(Self.key(arrive, leave))
                }
            }
        }
        self.forbidden = forbidden
    }

    /// The way a segment id belongs to: `way/123/0` → `way/123`; any other id is its own way.
    static func way(of segmentID: String) -> String {
        let parts = segmentID.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 3, Int(parts[2]) != nil else { return segmentID }
        return parts[0] + "/" + parts[1]
    }

    /// True when the turn from `arriving` into `leaving` may be made at their node.
    func allows(_ arriving: Int32, _ leaving: Int32, in graph: RoadGraph) -> Bool {
        if leaving == arriving ^ 1 {
            // A U-turn: only at a dead end.
            let node = Int(graph.head(ofEdge: arriving))
            return graph.outStart[node + 1] - graph.outStart[node] == 1
        }
        return !forbidden.contains(Self.key(arriving, leaving))
    }

    /// The number of forbidden turns.
    public var count: Int { forbidden.count }
}
