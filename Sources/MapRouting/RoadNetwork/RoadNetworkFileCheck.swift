/// Consistency checks on arrays loaded from a file: every index in range, every CSR offset
/// table monotone, every shortcut's children made before it (so unpacking ends). A file
/// that passes cannot make a query read out of bounds or loop.
enum RoadNetworkFileCheck {
    private static func fail(_ what: String) -> RoadNetworkError {
        .unreadableFile(reason: "inconsistent content: \(what)")
    }

    private static func checkOffsets(_ start: [Int32], count: Int, total: Int, _ name: String) throws(RoadNetworkError) {
        guard start.count == count + 1, start.first == 0, Int(start[count]) == total else {
            throw fail("\(name) offsets do not cover \(total) entries")
        }
        for index in 0..<count where start[index] > start[index + 1] { throw fail("\(name) offsets decrease") }
    }

    private static func checkIndices(_ values: [Int32], below limit: Int, allowMinusOne: Bool = false, _ name: String)
        throws(RoadNetworkError)
    {
        for value in values where !(value >= 0 && Int(value) < limit) && !(allowMinusOne && value == -1) {
            throw fail("\(name) holds \(value), outside 0..<\(limit)")
        }
    }

    static func check(_ g: RoadGraph) throws(RoadNetworkError) {
        let nodes = g.nodeLongitudes.count, segments = g.segmentFrom.count, shapes = g.shapeLongitudes.count
        guard g.nodeLatitudes.count == nodes, g.nodeIDs.count == nodes, g.nodeComponent.count == nodes else {
            throw fail("node arrays of different lengths")
        }
        guard
            [g.segmentTo.count, g.segmentLength.count, g.segmentDuration.count, g.segmentDirection.count,
                g.segmentIDs.count, g.segmentName.count, g.segmentRef.count, g.segmentJunction.count,
            ].allSatisfy({ $0 == segments })
        else { throw fail("segment arrays of different lengths") }
        guard g.shapeLatitudes.count == shapes, g.shapeOffsets.count == shapes else {
            throw fail("shape arrays of different lengths")
        }
        guard segments > 0 else { throw fail("no segment") }
        try checkOffsets(g.segmentShapeStart, count: segments, total: shapes, "segment shape")
        for segment in 0..<segments where g.segmentShapeStart[segment + 1] - g.segmentShapeStart[segment] < 2 {
            throw fail("segment \(segment) has fewer than 2 positions")
        }
        for direction in g.segmentDirection where !(1...3).contains(direction) {
            throw fail("segment direction \(direction)")
        }
        for value in g.segmentLength + g.segmentDuration + g.shapeOffsets where !(value.isFinite && value >= 0) {
            throw fail("a length or duration is \(value)")
        }
        guard g.labels.first == "" else { throw fail("the street name table does not start with the empty name") }
        try checkIndices(g.segmentName, below: g.labels.count, "segment name")
        try checkIndices(g.segmentRef, below: g.labels.count, "segment ref")
        for junction in g.segmentJunction where RoadJunction(rawValue: junction) == nil {
            throw fail("segment junction kind \(junction)")
        }
        try checkIndices(g.segmentFrom, below: nodes, "segment start node")
        try checkIndices(g.segmentTo, below: nodes, "segment end node")
        try checkOffsets(g.outStart, count: nodes, total: g.outEdge.count, "adjacency")
        guard g.outTarget.count == g.outEdge.count else { throw fail("adjacency arrays of different lengths") }
        try checkIndices(g.outEdge, below: 2 * segments, "adjacency edge")
        try checkIndices(g.outTarget, below: nodes, "adjacency target")
        try checkIndices(g.nodeComponent, below: g.componentSizes.count, "node component")
    }

    static func check(_ h: ContractionHierarchy, of g: RoadGraph) throws(RoadNetworkError) {
        let nodes = g.nodeCount, edges = h.edgeTail.count
        guard h.rank.count == nodes else { throw fail("hierarchy ranks") }
        guard
            [h.edgeHead.count, h.edgeOriginal.count, h.edgeFirstChild.count, h.edgeSecondChild.count]
                .allSatisfy({ $0 == edges })
        else { throw fail("hierarchy edge arrays of different lengths") }
        try checkIndices(h.edgeTail, below: nodes, "hierarchy edge tail")
        try checkIndices(h.edgeHead, below: nodes, "hierarchy edge head")
        try checkIndices(h.edgeOriginal, below: 2 * g.segmentCount, allowMinusOne: true, "hierarchy road edge")
        for edge in 0..<edges {
            let first = h.edgeFirstChild[edge], second = h.edgeSecondChild[edge]
            if h.edgeOriginal[edge] >= 0 { continue }
            guard first >= 0, first < edge, second >= 0, second < edge else {
                throw fail("shortcut \(edge) has children \(first), \(second) not made before it")
            }
        }
        for (start, arcs, name) in [(h.upStart, h.upArcs, "upward"), (h.downStart, h.downArcs, "downward")] {
            try checkOffsets(start, count: nodes, total: arcs.count, name)
            for arc in arcs {
                guard arc.node >= 0, Int(arc.node) < nodes, arc.edge >= 0, Int(arc.edge) < edges else {
                    throw fail("\(name) arc to node \(arc.node) by edge \(arc.edge) is out of range")
                }
                guard arc.weight.isFinite, arc.weight >= 0, arc.secondary.isFinite, arc.secondary >= 0 else {
                    throw fail("\(name) arc cost \(arc.weight)")
                }
            }
        }
    }
}
