import MapGeoJSON

/// A road network ready for routing: the directed graph built from road segments, a
/// spatial index for snapping positions to roads, and a contraction hierarchy per
/// prepared metric for fast shortest paths and matrices.
///
/// ```swift
/// let network = try RoadNetwork(segments: roads)
/// let session = RoadQuerySession(network)
/// let path = try session.directions(from: here, to: there, by: .time)
/// print(path.distance, path.duration)
/// ```
public struct RoadNetwork: Sendable {
    /// The directed road graph.
    public let graph: RoadGraph
    /// What the builder kept, left out and found disconnected.
    public let report: RoadNetworkReport
    /// The options the network was built with. Changing ``RoadNetworkOptions/maximumSnapDistance``
    /// or ``RoadNetworkOptions/snapToMainNetwork`` affects later queries; the other options
    /// only take effect when a network is built.
    public var options: RoadNetworkOptions
    /// The road layer's foreign members (its `attribution`, licence), kept with the prepared
    /// network and on every answer drawn from it (directions).
    public var sourceMembers: [ForeignMember] = []
    /// Turn restrictions resolved on this network's graph: when set, every path a
    /// ``RoadQuerySession`` finds honours them (directions, legs, matrices, and so the route
    /// and fleet planners' costs and lines), by searches over directed edges instead of the
    /// contraction hierarchy. Not kept in a prepared network's file.
    public var turnRules: TurnRules?
    let index: SegmentGridIndex
    /// Segments whose both ends lie in the largest strongly connected component.
    let segmentInMainNetwork: [Bool]
    /// Hierarchies indexed by ``RoadMetric/index``; nil for a metric not prepared.
    let hierarchies: [ContractionHierarchy?]

    /// Builds the graph from road segments and prepares the options' metrics.
    /// - Throws: ``RoadNetworkError/noUsableRoads(_:)`` when no segment can be used.
    /// - Throws: ``RoadNetworkError/invalidOption(_:)`` for a default speed that is not a
    ///   positive number or a negative maximum snap distance.
    public init(segments: [RoadSegment], options: RoadNetworkOptions = .init()) throws(RoadNetworkError) {
        for (highway, speed) in options.defaultSpeeds.sorted(by: { $0.key < $1.key }) where !(speed.isFinite && speed > 0) {
            throw .invalidOption("the default speed of highway=\(highway) is \(speed) km/h; speeds must be more than 0")
        }
        if let maximum = options.maximumSnapDistance, !(maximum >= 0) {
            throw .invalidOption("the maximum snap distance is \(maximum) m; give 0 or more, or nil for no limit")
        }
        let (graph, report) = RoadGraphBuilder.build(segments, options: options)
        guard graph.segmentCount > 0 else { throw .noUsableRoads(report) }
        let hierarchies = RoadMetric.allCases.map { metric in
            options.metrics.contains(metric) ? ContractionHierarchyBuilder.build(graph, metric: metric) : nil
        }
        self.init(graph: graph, report: report, options: options, hierarchies: hierarchies)
    }

    init(graph: RoadGraph, report: RoadNetworkReport, options: RoadNetworkOptions, hierarchies: [ContractionHierarchy?]) {
        self.graph = graph
        self.report = report
        self.options = options
        self.hierarchies = hierarchies
        self.index = SegmentGridIndex(graph)
        let main = graph.componentSizes.indices.max { graph.componentSizes[$0] < graph.componentSizes[$1] } ?? 0
        let inMain = graph.segmentFrom.indices.map {
            graph.nodeComponent[Int(graph.segmentFrom[$0])] == main && graph.nodeComponent[Int(graph.segmentTo[$0])] == main
        }
        // A network without any cycle (a lone one-way street) has no main piece to prefer.
        self.segmentInMainNetwork = inMain.contains(true) ? inMain : inMain.map { _ in true }
    }

    /// The metrics prepared for queries.
    public var preparedMetrics: [RoadMetric] {
        RoadMetric.allCases.filter { hierarchies[$0.index] != nil }
    }

    func hierarchy(_ metric: RoadMetric) throws(RoadNetworkError) -> ContractionHierarchy {
        guard let hierarchy = hierarchies[metric.index] else { throw .metricNotPrepared(metric) }
        return hierarchy
    }

    /// Explains why no path joins two snapped points, from the strongly connected
    /// components their roads lie in.
    func noPathReason(from start: RoadSnap, to end: RoadSnap) -> String {
        func describe(_ snap: RoadSnap) -> String {
            if segmentInMainNetwork[snap.segment] { return "road \(snap.segmentID) (main network)" }
            let nodes = [graph.segmentFrom[snap.segment], graph.segmentTo[snap.segment]]
            let size = nodes.map { graph.componentSize(ofNode: Int($0)) }.min() ?? 0
            let largest = report.stronglyConnectedSizes.first ?? 0
            return "road \(snap.segmentID) (leading to or from a piece of \(size) node\(size == 1 ? "" : "s") "
                + "cut off from the main network of \(largest))"
        }
        return "the start snaps to \(describe(start)) and the end to \(describe(end)); "
            + "they are in different pieces of the network or one-way streets lead only one way between them"
    }
}
