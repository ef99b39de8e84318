/// One road segment as a row of a pgRouting edge table (`id, source, target, cost,
/// reverse_cost`): the graph's own nodes and costs, so another router answers on exactly
/// the graph this engine routes on.
public struct RoadEdgeRow: Hashable, Sendable {
    /// The segment's index in the graph.
    public var id: Int
    /// The node the segment is drawn from (``RoadGraph`` node index).
    public var source: Int
    /// The node it is drawn to.
    public var target: Int
    /// Cost from `source` to `target`; -1 when that direction may not be driven.
    public var cost: Double
    /// Cost from `target` to `source`; -1 when that direction may not be driven.
    public var reverseCost: Double
}

extension RoadGraph {
    /// Every segment as a pgRouting edge row, costs in the metric's unit (seconds or metres);
    /// a direction the segment may not be driven has cost -1, pgRouting's "no edge".
    public func edgeRows(_ metric: RoadMetric) -> [RoadEdgeRow] {
        (0..<segmentCount).map { segment in
            let cost = metric == .time ? segmentDuration[segment] : segmentLength[segment]
            let direction = direction(ofSegment: segment)
            return RoadEdgeRow(
                id: segment, source: Int(segmentFrom[segment]), target: Int(segmentTo[segment]),
                cost: direction.contains(.forward) ? cost : -1,
                reverseCost: direction.contains(.backward) ? cost : -1)
        }
    }

    /// The edge rows as CSV with a header (`id,source,target,cost,reverse_cost`), numbers in
    /// the shortest form that reads back equal, for `COPY … FROM … CSV HEADER`.
    public func edgeTableCSV(_ metric: RoadMetric) -> String {
        var text = "id,source,target,cost,reverse_cost\n"
        for row in edgeRows(metric) {
            text += "\(row.id),\(row.source),\(row.target),\(row.cost),\(row.reverseCost)\n"
        }
        return text
    }
}
