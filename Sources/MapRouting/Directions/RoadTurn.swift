/// Turn angles and the thresholds that name them (OSRM's): the angle is the change of direction
/// at a node, from the road arrived on to the road taken, in degrees, positive to the right.
///
/// | angle | modifier |
/// | --- | --- |
/// | under 20° | straight |
/// | 20° to 60° | slight left / slight right |
/// | 60° to 120° | left / right |
/// | 120° to 170° | sharp left / sharp right |
/// | over 170° | U-turn |
///
/// The direction of a road at a node is measured over its first ``lookahead`` metres (or the
/// whole segment when shorter), so a kink in the drawing right at the node does not decide it.
///
/// A node is announced when the road's name changes, at a U-turn, and on the same road only
/// where it turns at a junction. The way taken is *obvious* when no other drivable road leaves
/// the node (the way back not counted), or when it is the straightest way on and bends less than
/// 60°. A new name on an obvious or straight way is a ``RoadStep/Manoeuvre/continue``, else a
/// ``RoadStep/Manoeuvre/turn``; on the same road, only a turn that is neither obvious nor
/// straight is announced ("Turn left to stay on …"). A bend with no other road to take is never
/// announced. Roundabouts are announced once, where the path enters them, with the exit taken.
public enum RoadTurn {
    /// Metres of road over which its direction at a node is measured.
    public static let lookahead = 20.0

    /// A turn's direction and sharpness.
    public enum Modifier: String, Hashable, Sendable {
        case uturn
        case sharpRight = "sharp right"
        case right
        case slightRight = "slight right"
        case straight
        case slightLeft = "slight left"
        case left
        case sharpLeft = "sharp left"
    }

    /// The change of direction from `before` to `after` (bearings in degrees), in -180...180,
    /// positive to the right.
    public static func angle(from before: Double, to after: Double) -> Double {
        var angle = (after - before).truncatingRemainder(dividingBy: 360)
        if angle > 180 { angle -= 360 }
        if angle <= -180 { angle += 360 }
        return angle
    }

    /// The modifier of a turn angle by the table above.
    public static func modifier(ofAngle angle: Double) -> Modifier {
        let size = abs(angle), right = angle > 0
        switch size {
        case ..<20: return .straight
        case ..<60: return right ? .slightRight : .slightLeft
        case ..<120: return right ? .right : .left
        case ...170: return right ? .sharpRight : .sharpLeft
        default: return .uturn
        }
    }
}
