/// A Dijkstra search over directed road edges that makes no forbidden turn: a state is the
/// edge just driven, so a turn is a step from one edge to the next and ``TurnRules`` can
/// forbid it; no U-turn except at a dead end. One search from a start reaches any number of
/// targets (a row of a matrix); it does not use the contraction hierarchy.
struct RestrictedSearch {
    /// The best way found to a target: its cost in the searched metric, in the other one, and
    /// the last edge driven before the target's segment (-1: none found).
    struct Arrival {
        var weight = Double.infinity
        var secondary = 0.0
        var edge: Int32 = -1
    }

    let graph: RoadGraph
    let metric: RoadMetric
    let rules: TurnRules
    /// Per edge: the cost to reach its head, the other metric's, the edge before it, and
    /// whether it is the start's partly driven segment.
    private(set) var parent: [Int32]
    private(set) var partialSeed: [Bool]
    private var cost: [Double], other: [Double]

    init(graph: RoadGraph, metric: RoadMetric, rules: TurnRules) {
        self.graph = graph
        self.metric = metric
        self.rules = rules
        let states = 2 * graph.segmentCount
        cost = [Double](repeating: .infinity, count: states)
        other = cost
        parent = [Int32](repeating: -1, count: states)
        partialSeed = [Bool](repeating: false, count: states)
    }

    /// Searches from `start` (at `startNode` when it lies on a node) until every target's best
    /// arrival is known. A target on the start's own segment may be nearer along it:
    /// ``RoadNetwork/sameSegmentCost(from:to:_:)`` says so, and is not weighed here.
    mutating func run(from start: RoadSnap, startNode: Int32?, to targets: [(snap: RoadSnap, node: Int32?)]) -> [Arrival] {
        for index in cost.indices { (cost[index], parent[index], partialSeed[index]) = (.infinity, -1, false) }
        var heap = MinHeap()
        defer { heap.deallocate() }
        if let startNode {
            for edge in outgoing(startNode) {
                reach(edge, graph.cost(ofEdge: edge, metric), graph.secondaryCost(ofEdge: edge, metric), from: -1, partial: false, &heap)
            }
        } else {
            let segment = start.segment, direction = graph.direction(ofSegment: segment), f = fraction(start)
            if direction.contains(.forward) {
                let (weight, secondary) = part(segment, 1 - f)
                reach(Int32(segment) << 1, weight, secondary, from: -1, partial: true, &heap)
            }
            if direction.contains(.backward) {
                let (weight, secondary) = part(segment, f)
                reach(Int32(segment) << 1 | 1, weight, secondary, from: -1, partial: true, &heap)
            }
        }
        // The targets by the nodes they are reached at: their own node, or either end of their segment.
        var atNode: [Int32: [Int]] = [:]
        for (index, target) in targets.enumerated() {
            if let node = target.node {
                atNode[node, default: []].append(index)
            } else {
                atNode[graph.segmentFrom[target.snap.segment], default: []].append(index)
                if graph.segmentTo[target.snap.segment] != graph.segmentFrom[target.snap.segment] {
                    atNode[graph.segmentTo[target.snap.segment], default: []].append(index)
                }
            }
        }
        var arrivals = [Arrival](repeating: Arrival(), count: targets.count)
        var unreached = targets.count, worst = Double.infinity
        func arrive(_ index: Int, _ edge: Int32, _ weight: Double, _ secondary: Double) {
            guard weight < arrivals[index].weight else { return }
            if arrivals[index].weight == .infinity { unreached -= 1 }
            arrivals[index] = Arrival(weight: weight, secondary: secondary, edge: edge)
            if unreached == 0 { worst = arrivals.reduce(0) { max($0, $1.weight) } }
        }
        while !heap.isEmpty {
            let (key, edge) = heap.pop()
            guard key <= cost[Int(edge)] else { continue }
            // Every target is reached, none more cheaply than this.
            if key >= worst { break }
            let node = graph.head(ofEdge: edge)
            for index in atNode[node] ?? [] {
                let target = targets[index]
                if target.node != nil {
                    arrive(index, edge, key, other[Int(edge)])
                    continue
                }
                let segment = target.snap.segment, direction = graph.direction(ofSegment: segment), f = fraction(target.snap)
                if node == graph.segmentFrom[segment], direction.contains(.forward), rules.allows(edge, Int32(segment) << 1, in: graph) {
                    let (weight, secondary) = part(segment, f)
                    arrive(index, edge, key + weight, other[Int(edge)] + secondary)
                }
                if node == graph.segmentTo[segment], direction.contains(.backward), rules.allows(edge, Int32(segment) << 1 | 1, in: graph) {
                    let (weight, secondary) = part(segment, 1 - f)
                    arrive(index, edge, key + weight, other[Int(edge)] + secondary)
                }
            }
            for next in outgoing(node) where rules.allows(edge, next, in: graph) {
                reach(
                    next, key + graph.cost(ofEdge: next, metric), other[Int(edge)] + graph.secondaryCost(ofEdge: next, metric),
                    from: edge, partial: false, &heap)
            }
        }
        return arrivals
    }

    private mutating func reach(_ edge: Int32, _ weight: Double, _ secondary: Double, from previous: Int32, partial: Bool, _ heap: inout MinHeap) {
        guard weight < cost[Int(edge)] else { return }
        cost[Int(edge)] = weight
        other[Int(edge)] = secondary
        parent[Int(edge)] = previous
        partialSeed[Int(edge)] = partial
        heap.push(weight, edge)
    }

    private func outgoing(_ node: Int32) -> ArraySlice<Int32> {
        graph.outEdge[Int(graph.outStart[Int(node)])..<Int(graph.outStart[Int(node) + 1])]
    }

    /// (metric, other) of driving a fraction of a segment.
    private func part(_ segment: Int, _ fraction: Double) -> (Double, Double) {
        let edge = Int32(segment) << 1
        return (graph.cost(ofEdge: edge, metric) * fraction, graph.secondaryCost(ofEdge: edge, metric) * fraction)
    }

    private func fraction(_ snap: RoadSnap) -> Double {
        let length = graph.segmentLength[snap.segment]
        return length > 0 ? min(max(snap.offset / length, 0), 1) : 0
    }
}
