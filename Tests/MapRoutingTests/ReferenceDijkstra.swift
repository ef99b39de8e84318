@testable import MapRouting

/// A plain Dijkstra over the road graph's directed edges (no hierarchy, no heap tricks),
/// the yardstick for the contraction-hierarchy answers in tests.
enum ReferenceDijkstra {
    /// Cost from the seeds to every node (infinity when unreachable).
    static func costs(in graph: RoadGraph, from seeds: [SearchSeed], by metric: RoadMetric) -> [Double] {
        var cost = [Double](repeating: .infinity, count: graph.nodeCount)
        var done = [Bool](repeating: false, count: graph.nodeCount)
        var frontier: [(Double, Int)] = []
        for seed in seeds where seed.weight < cost[Int(seed.node)] {
            cost[Int(seed.node)] = seed.weight
            frontier.append((seed.weight, Int(seed.node)))
        }
        while let index = frontier.indices.min(by: { frontier[$0].0 < frontier[$1].0 }) {
            let (key, node) = frontier.remove(at: index)
            if done[node] || key > cost[node] { continue }
            done[node] = true
            for slot in Int(graph.outStart[node])..<Int(graph.outStart[node + 1]) {
                let next = Int(graph.outTarget[slot])
                let candidate = key + graph.cost(ofEdge: graph.outEdge[slot], metric)
                if candidate < cost[next] {
                    cost[next] = candidate
                    frontier.append((candidate, next))
                }
            }
        }
        return cost
    }
}
