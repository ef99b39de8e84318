import MapGeometry

/// A directed road graph in flat arrays: nodes are road junctions and ends, each segment
/// is a road piece between two nodes that may be driven forward, backward or both, and
/// the adjacency is compressed sparse rows (CSR) over directed edges.
///
/// A directed edge is named by an *edge reference*: `segment << 1` when the segment is
/// driven in its drawing direction, `segment << 1 | 1` when driven against it. Both
/// directions of a segment have the same length and duration.
public struct RoadGraph: Sendable {
    // Nodes.
    var nodeLongitudes: [Double]
    var nodeLatitudes: [Double]
    /// The source's node id, or ``noNodeID`` when the node was joined by coordinates.
    var nodeIDs: [Int64]

    // Segments.
    var segmentFrom: [Int32]
    var segmentTo: [Int32]
    /// Geodesic length in metres.
    var segmentLength: [Double]
    /// Travel time in seconds at the segment's speed.
    var segmentDuration: [Double]
    /// ``TravelDirection`` raw values.
    var segmentDirection: [UInt8]
    /// Where each segment's positions start in the shape arrays (segmentCount + 1 entries).
    var segmentShapeStart: [Int32]
    var shapeLongitudes: [Double]
    var shapeLatitudes: [Double]
    /// Metres from the segment's first position to each shape position.
    var shapeOffsets: [Double]
    var segmentIDs: [String]
    /// Street names and refs, each once; entry 0 is the empty text, "none".
    var labels: [String]
    /// Each segment's OSM `name` as an index into ``labels`` (0: unnamed).
    var segmentName: [Int32]
    /// Each segment's OSM `ref` as an index into ``labels`` (0: none).
    var segmentRef: [Int32]
    /// ``RoadJunction`` raw values: whether the segment is part of a roundabout.
    var segmentJunction: [UInt8]

    // Outgoing adjacency (CSR): the edges leaving node n are outEdge[outStart[n]..<outStart[n+1]].
    var outStart: [Int32]
    var outEdge: [Int32]
    var outTarget: [Int32]

    // Strongly connected components of the directed graph.
    var nodeComponent: [Int32]
    var componentSizes: [Int32]

    /// Marks a node that had no id in the source.
    static let noNodeID = Int64.min

    /// The number of nodes (junctions and road ends).
    public var nodeCount: Int { nodeLongitudes.count }
    /// The number of road segments kept.
    public var segmentCount: Int { segmentFrom.count }
    /// The number of directed edges (a two-way segment counts twice).
    public var edgeCount: Int { outEdge.count }

    /// The position of a node.
    public func position(ofNode node: Int) -> Position {
        Position(uncheckedLongitude: nodeLongitudes[node], latitude: nodeLatitudes[node])
    }

    /// The source's id of a node, when it had one.
    public func sourceID(ofNode node: Int) -> Int64? {
        nodeIDs[node] == Self.noNodeID ? nil : nodeIDs[node]
    }

    /// The node with a given source id, by a linear search (for tests and tools).
    public func node(withSourceID id: Int64) -> Int? {
        nodeIDs.firstIndex(of: id)
    }

    /// The size of the strongly connected component (in nodes) a node belongs to.
    public func componentSize(ofNode node: Int) -> Int {
        Int(componentSizes[Int(nodeComponent[node])])
    }

    /// The cost of one directed edge under a metric.
    @inline(__always)
    func cost(ofEdge edge: Int32, _ metric: RoadMetric) -> Double {
        let segment = Int(edge >> 1)
        return metric == .time ? segmentDuration[segment] : segmentLength[segment]
    }

    /// The other measure of an edge (distance when minimising time, and the reverse),
    /// carried along so both totals of a path are known.
    @inline(__always)
    func secondaryCost(ofEdge edge: Int32, _ metric: RoadMetric) -> Double {
        let segment = Int(edge >> 1)
        return metric == .time ? segmentLength[segment] : segmentDuration[segment]
    }

    /// The node an edge starts from.
    @inline(__always)
    func tail(ofEdge edge: Int32) -> Int32 {
        let segment = Int(edge >> 1)
        return edge & 1 == 0 ? segmentFrom[segment] : segmentTo[segment]
    }

    /// The node an edge leads to.
    @inline(__always)
    func head(ofEdge edge: Int32) -> Int32 {
        let segment = Int(edge >> 1)
        return edge & 1 == 0 ? segmentTo[segment] : segmentFrom[segment]
    }

    /// The positions of a segment in drawing order.
    public func shape(ofSegment segment: Int) -> [Position] {
        (Int(segmentShapeStart[segment])..<Int(segmentShapeStart[segment + 1])).map {
            Position(uncheckedLongitude: shapeLongitudes[$0], latitude: shapeLatitudes[$0])
        }
    }

    /// The street name of a segment (OSM `name`), nil when it has none.
    public func name(ofSegment segment: Int) -> String? {
        segmentName[segment] == 0 ? nil : labels[Int(segmentName[segment])]
    }

    /// The road number of a segment (OSM `ref`), nil when it has none.
    public func ref(ofSegment segment: Int) -> String? {
        segmentRef[segment] == 0 ? nil : labels[Int(segmentRef[segment])]
    }

    /// The junction a segment belongs to (a roundabout), from its OSM `junction` tag.
    public func junction(ofSegment segment: Int) -> RoadJunction {
        RoadJunction(rawValue: segmentJunction[segment]) ?? .none
    }

    /// The directions a segment may be driven.
    func direction(ofSegment segment: Int) -> TravelDirection {
        TravelDirection(rawValue: segmentDirection[segment])
    }
}
