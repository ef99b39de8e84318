import MapGeometry

/// What a loaded road network must satisfy beyond in-range indices, checked in linear time so
/// that a damaged file whose checksum was recomputed is refused rather than routed on
/// (`RoadNetworkFuzzTests` corrupts saved networks on purpose):
///
/// - every coordinate finite and on the globe; segments start and end on their nodes; shape
///   offsets run from 0 up to the segment's length, which is the geodesic length of its shape;
/// - the adjacency lists every drivable direction of every segment exactly once, from its tail
///   to its head; the strongly connected components are the ones the adjacency gives;
/// - each hierarchy's ranks are a permutation; every hierarchy edge joins what its road edge or
///   its two children join, through a lower-ranked node, at their summed cost; every arc climbs
///   in rank along its edge at that edge's cost.
enum RoadNetworkInvariants {
    private static func fail(_ what: String) -> RoadNetworkError {
        .unreadableFile(reason: "inconsistent content: \(what)")
    }

    /// Equal up to rounding in the last bits of a sum.
    private static func same(_ a: Double, _ b: Double) -> Bool {
        abs(a - b) <= 1e-9 * max(abs(a), abs(b), 1e-9)
    }

    /// Lengths measured by the ruler against those PROJ stored: equal to a micrometre.
    private static func sameLength(_ a: Double, _ b: Double) -> Bool {
        abs(a - b) <= 1e-9 * max(abs(a), abs(b)) + 1e-6
    }

    static func check(_ g: RoadGraph) throws(RoadNetworkError) {
        for node in 0..<g.nodeCount {
            guard (-180...180).contains(g.nodeLongitudes[node]), (-90...90).contains(g.nodeLatitudes[node]) else {
                throw fail("node \(node) at \(g.nodeLongitudes[node]),\(g.nodeLatitudes[node]) is not on the globe")
            }
        }
        for shape in g.shapeLongitudes.indices {
            guard (-180...180).contains(g.shapeLongitudes[shape]), (-90...90).contains(g.shapeLatitudes[shape]) else {
                throw fail("road position \(shape) at \(g.shapeLongitudes[shape]),\(g.shapeLatitudes[shape]) is not on the globe")
            }
        }
        for segment in 0..<g.segmentCount {
            try checkShape(of: segment, in: g)
        }
        try checkAdjacency(g)
        let (component, sizes) = StronglyConnectedComponents.compute(nodeCount: g.nodeCount, outStart: g.outStart, outTarget: g.outTarget)
        guard sizes.sorted() == g.componentSizes.sorted() else { throw fail("component sizes do not match the roads") }
        // Same partition: each stored component maps to exactly one recomputed one.
        var image = [Int32](repeating: -1, count: g.componentSizes.count)
        for node in 0..<g.nodeCount {
            let stored = Int(g.nodeComponent[node])
            if image[stored] == -1 { image[stored] = component[node] }
            guard image[stored] == component[node], g.componentSizes[stored] == sizes[Int(component[node])] else {
                throw fail("node \(node) is in the wrong strongly connected component")
            }
        }
    }

    private static func checkShape(of segment: Int, in g: RoadGraph) throws(RoadNetworkError) {
        let first = Int(g.segmentShapeStart[segment]), last = Int(g.segmentShapeStart[segment + 1]) - 1
        for (end, node) in [(first, Int(g.segmentFrom[segment])), (last, Int(g.segmentTo[segment]))] {
            guard g.shapeLongitudes[end] == g.nodeLongitudes[node], g.shapeLatitudes[end] == g.nodeLatitudes[node] else {
                throw fail("segment \(segment) does not end on its node \(node)")
            }
        }
        guard g.shapeOffsets[first] == 0 else { throw fail("segment \(segment)'s offsets do not start at 0") }
        // The ruler instead of PROJ: a tenth of the time (this was 12 ms of a 50 ms matrix
        // command on Andorra), within 2·10⁻⁸ m per piece, so lengths agree to a micrometre.
        var length = 0.0
        for index in (first + 1)..<(last + 1) {
            length += Geodesic.shortLineDistance(
                fromLongitude: g.shapeLongitudes[index - 1], latitude: g.shapeLatitudes[index - 1],
                toLongitude: g.shapeLongitudes[index], latitude: g.shapeLatitudes[index])
            guard sameLength(g.shapeOffsets[index], length) else { throw fail("segment \(segment)'s offset \(index - first) is not its length so far") }
        }
        guard sameLength(g.segmentLength[segment], length) else {
            throw fail("segment \(segment) is \(g.segmentLength[segment]) m long but its shape measures \(length) m")
        }
    }

    private static func checkAdjacency(_ g: RoadGraph) throws(RoadNetworkError) {
        var listed = [Bool](repeating: false, count: 2 * g.segmentCount)
        for node in 0..<g.nodeCount {
            for slot in Int(g.outStart[node])..<Int(g.outStart[node + 1]) {
                let edge = g.outEdge[slot]
                let direction = g.direction(ofSegment: Int(edge >> 1))
                guard direction.contains(edge & 1 == 0 ? .forward : .backward) else {
                    throw fail("node \(node) leaves by edge \(edge), against its segment's travel direction")
                }
                guard g.tail(ofEdge: edge) == node, g.head(ofEdge: edge) == g.outTarget[slot], !listed[Int(edge)] else {
                    throw fail("node \(node)'s adjacency entry \(slot) does not match edge \(edge)")
                }
                listed[Int(edge)] = true
            }
        }
        for segment in 0..<g.segmentCount {
            let direction = g.direction(ofSegment: segment)
            guard listed[2 * segment] == direction.contains(.forward), listed[2 * segment + 1] == direction.contains(.backward) else {
                throw fail("segment \(segment) is missing from the adjacency")
            }
        }
    }

    static func check(_ h: ContractionHierarchy, of g: RoadGraph) throws(RoadNetworkError) {
        var seen = [Bool](repeating: false, count: g.nodeCount)
        for rank in h.rank {
            guard rank >= 0, Int(rank) < g.nodeCount, !seen[Int(rank)] else { throw fail("hierarchy ranks are not a permutation") }
            seen[Int(rank)] = true
        }
        let secondaryMetric: RoadMetric = h.metric == .time ? .distance : .time
        var cost = [Double](repeating: 0, count: h.edgeTail.count), other = cost
        for edge in h.edgeTail.indices {
            let tail = h.edgeTail[edge], head = h.edgeHead[edge], original = h.edgeOriginal[edge]
            if original >= 0 {
                guard g.tail(ofEdge: original) == tail, g.head(ofEdge: original) == head,
                      g.direction(ofSegment: Int(original >> 1)).contains(original & 1 == 0 ? .forward : .backward) else {
                    throw fail("hierarchy edge \(edge) does not join what road edge \(original) joins")
                }
                cost[edge] = g.cost(ofEdge: original, h.metric)
                other[edge] = g.cost(ofEdge: original, secondaryMetric)
            } else {
                let first = Int(h.edgeFirstChild[edge]), second = Int(h.edgeSecondChild[edge])
                let middle = h.edgeHead[first]
                guard h.edgeTail[first] == tail, h.edgeTail[second] == middle, h.edgeHead[second] == head,
                      h.rank[Int(middle)] < min(h.rank[Int(tail)], h.rank[Int(head)]) else {
                    throw fail("shortcut \(edge) does not pass through a lower-ranked node between its children")
                }
                cost[edge] = cost[first] + cost[second]
                other[edge] = other[first] + other[second]
            }
        }
        for node in 0..<g.nodeCount {
            for (start, arcs, upward) in [(h.upStart, h.upArcs, true), (h.downStart, h.downArcs, false)] {
                for arc in arcs[Int(start[node])..<Int(start[node + 1])] {
                    let edge = Int(arc.edge)
                    let (from, to) = upward ? (Int32(node), arc.node) : (arc.node, Int32(node))
                    guard h.edgeTail[edge] == from, h.edgeHead[edge] == to, h.rank[Int(arc.node)] > h.rank[node] else {
                        throw fail("\(upward ? "upward" : "downward") arc of node \(node) does not follow edge \(edge) up the ranks")
                    }
                    guard same(arc.weight, cost[edge]), same(arc.secondary, other[edge]) else {
                        throw fail("arc of node \(node) costs \(arc.weight), its edge \(edge) \(cost[edge])")
                    }
                }
            }
        }
    }
}
