@testable import MapRouting

/// A plain reference for turn-restricted paths between two nodes: Dijkstra over directed edges
/// with a linear scan for the smallest label (no heap, no shared code with the engine's search),
/// forbidding the listed turns and U-turns except where the only way on is back.
enum EdgeReferenceSearch {
    static func distance(
        in graph: RoadGraph, from source: Int32, to target: Int32, forbidden: Set<[Int32]>
    ) -> Double? {
        let states = 2 * graph.segmentCount
        var label = [Double](repeating: .infinity, count: states), done = [Bool](repeating: false, count: states)
        func leaving(_ node: Int32) -> [Int32] {
            (0..<graph.segmentCount).flatMap { segment -> [Int32] in
                let direction = graph.direction(ofSegment: segment)
                var edges = [Int32]()
                if graph.segmentFrom[segment] == node && direction.contains(.forward) { edges.append(Int32(segment) << 1) }
                if graph.segmentTo[segment] == node && direction.contains(.backward) { edges.append(Int32(segment) << 1 | 1) }
                return edges
            }
        }
        var leavingCache = [Int32: [Int32]]()
        func cachedLeaving(_ node: Int32) -> [Int32] {
            if let edges = leavingCache[node] { return edges }
            let edges = leaving(node)
            leavingCache[node] = edges
            return edges
        }
        for edge in cachedLeaving(source) { label[Int(edge)] = graph.segmentLength[Int(edge >> 1)] }
        var best = Double.infinity
        while true {
            var current = -1
            for state in 0..<states where !done[state] && label[state] < .infinity && (current < 0 || label[state] < label[current]) {
                current = state
            }
            guard current >= 0, label[current] < best else { break }
            done[current] = true
            let edge = Int32(current), node = graph.head(ofEdge: edge)
            if node == target { best = min(best, label[current]) }
            let onward = cachedLeaving(node)
            for next in onward {
                if next == edge ^ 1 && onward.count > 1 { continue }
                if forbidden.contains([edge >> 1, next >> 1]) { continue }
                let length = label[current] + graph.segmentLength[Int(next >> 1)]
                if length < label[Int(next)] { label[Int(next)] = length }
            }
        }
        return best < .infinity ? best : nil
    }
}
