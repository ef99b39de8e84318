import MapGeometry

/// Travel costs along a road network for the route planner: snapped positions, road
/// distances and durations from the contraction hierarchy, asymmetric where one-way
/// streets make them so.
///
/// Plugs into ``RoutePlanner`` like ``GeodesicMatrixProvider``:
/// ```swift
/// let provider = RoadMatrixProvider(network: network, metric: .time)
/// let route = try RoutePlanner.plan(request, provider: provider, options: options)
/// ```
/// A position too far from the roads, or a pair no road joins, is an error naming it
/// (``RoadNetworkError``), never an infinite cost passed on silently.
public struct RoadMatrixProvider: TravelMatrixProvider, Sendable {
    /// The prepared network.
    public let network: RoadNetwork
    /// What the paths between places minimise (their distances and durations are both given).
    public var metric: RoadMetric
    /// Names of the places for error messages, in the order of ``matrices(for:)``'s positions.
    public var placeNames: [String]?

    /// Creates a provider over a network.
    public init(network: RoadNetwork, metric: RoadMetric = .time, placeNames: [String]? = nil) {
        self.network = network
        self.metric = metric
        self.placeNames = placeNames
    }

    public func matrices(for positions: [Position]) throws -> TravelMatrices {
        let names = placeNames ?? positions.indices.map { "place \($0 + 1)" }
        let session = RoadQuerySession(network)
        let result = try session.matrices(
            from: positions, to: positions, by: metric, sourceNames: names, targetNames: names)
        return try TravelMatrices(
            distances: CostMatrix(count: positions.count, values: result.distances),
            durations: CostMatrix(count: positions.count, values: result.durations))
    }

    /// The route's line along the roads: the road paths between its consecutive positions
    /// (``PlannedRoute/path``), joined.
    public func roadLine(of route: PlannedRoute) throws -> [Position] {
        try RoadQuerySession(network).legs(through: route.path, by: metric).line
    }

    /// Each fleet route's line along the roads (``FleetFeatures/paths(of:problem:positions:)``
    /// joined by road paths), for ``FleetFeatures/features(of:problem:positions:roadLines:units:)``.
    public func roadLines(of solution: FleetSolution, problem: FleetProblem, positions: [Position]) throws -> [[Position]] {
        let session = RoadQuerySession(network)
        return try FleetFeatures.paths(of: solution, problem: problem, positions: positions).map { path in
            try session.legs(through: path, by: metric).line
        }
    }
}

extension RouteRequest {
    /// Names of ``places`` for messages: "the start", "stop 3 (node/123)", "the end".
    public var placeNames: [String] {
        var names = start == nil ? [] : ["the start"]
        for (index, site) in sites.enumerated() {
            names.append("stop \(index + 1)" + (site.objectIds.first.map { " (\($0))" } ?? ""))
        }
        if case .at = end { names.append("the end") }
        return names
    }
}
