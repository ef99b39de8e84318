/// One stretch of a road segment a path drives: the whole segment, or the part between a
/// snapped start or end and one of its nodes. Steps are told from these.
struct RoadPathPiece: Hashable, Sendable {
    /// The segment's index in the graph.
    let segment: Int32
    /// True when driven in the segment's drawing direction.
    let forward: Bool
    /// Metres along the segment (from its first position) where the stretch begins.
    let from: Double
    /// Metres along the segment where the stretch ends.
    let to: Double

    /// The length driven.
    var length: Double { abs(to - from) }

    /// The directed edge driven (`segment << 1`, `| 1` against the drawing direction).
    var edge: Int32 { segment << 1 | (forward ? 0 : 1) }
}
