/// What kind of junction a road segment is part of, from its OSM `junction` tag: turn-by-turn
/// steps count the exits of a roundabout instead of announcing each of its nodes.
public enum RoadJunction: UInt8, Hashable, Sendable {
    /// An ordinary road (no `junction` tag, or one that changes nothing for directions).
    case none = 0
    /// `junction=roundabout`: a one-way ring where entering traffic yields.
    case roundabout = 1
    /// `junction=circular`: a one-way ring without the roundabout's right of way rules,
    /// driven and announced like a roundabout.
    case circular = 2

    /// The kind an OSM `junction` value names.
    public init(tag: String?) {
        switch tag {
        case "roundabout": self = .roundabout
        case "circular": self = .circular
        default: self = .none
        }
    }

    /// True for a ring driven one way round with exits: a roundabout or a circular junction.
    public var isRing: Bool { self != .none }
}
