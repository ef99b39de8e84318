/// How a ``RoadNetwork`` reads its roads and answers queries.
public struct RoadNetworkOptions: Hashable, Sendable {
    /// `access` values whose roads are left out (default `no` and `private`).
    public var excludedAccess: Set<String>
    /// Default speed in km/h per `highway` class, for roads without a readable `maxspeed`
    /// (default ``RoadSpeed/defaultSpeeds``; unknown classes get ``RoadSpeed/fallbackSpeed``).
    public var defaultSpeeds: [String: Double]
    /// The farthest, in metres, a query position may be from the road it snaps to
    /// (default 1,000 m; nil for no limit).
    public var maximumSnapDistance: Double?
    /// The metrics prepared (contraction hierarchies) when the network is built.
    public var metrics: Set<RoadMetric>
    /// Snap only to roads of the main network (the largest strongly connected component),
    /// as OSRM does (default true). Roads outside it (one-way streets leading out of the
    /// extract, pieces cut off by private roads) can be left but not re-entered, or the
    /// reverse, so a point snapped there has no path to most places. With false, a point
    /// snaps to the nearest road whatever its piece, and unreachable pairs are errors.
    public var snapToMainNetwork: Bool

    /// Creates options; every argument has the default described on its property.
    public init(
        excludedAccess: Set<String> = ["no", "private"],
        defaultSpeeds: [String: Double] = RoadSpeed.defaultSpeeds,
        maximumSnapDistance: Double? = 1_000,
        metrics: Set<RoadMetric> = [.time, .distance],
        snapToMainNetwork: Bool = true
    ) {
        self.excludedAccess = excludedAccess
        self.defaultSpeeds = defaultSpeeds
        self.maximumSnapDistance = maximumSnapDistance
        self.metrics = metrics
        self.snapToMainNetwork = snapToMainNetwork
    }
}

/// What a shortest-path query minimises.
public enum RoadMetric: String, Hashable, Sendable, CaseIterable {
    /// Travel time in seconds, from each road's speed.
    case time
    /// Travel distance in metres (geodesic on WGS84).
    case distance

    /// A stable index for arrays kept per metric.
    var index: Int { self == .time ? 0 : 1 }
}
