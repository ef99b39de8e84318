import MapGeometry

/// A path along the roads between two snapped positions.
public struct RoadPath: Hashable, Sendable {
    /// The path's line: from the snapped start along every road vertex to the snapped end.
    public let positions: [Position]
    /// Length in metres (geodesic along the road vertices).
    public let distance: Double
    /// Travel time in seconds at each road's speed (no turn costs).
    public let duration: Double
    /// Where the start met the road.
    public let start: RoadSnap
    /// Where the end met the road.
    public let end: RoadSnap
    /// The metric the path minimises.
    public let metric: RoadMetric
    /// The ids of the road segments driven, in order (the first and last partly).
    public let segmentIDs: [String]
    /// Turn-by-turn instructions: depart, the manoeuvres on the way, arrive. The steps'
    /// distances and durations add up to the path's.
    public let steps: [RoadStep]
}
