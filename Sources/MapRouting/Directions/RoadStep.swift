import MapGeometry

/// One turn-by-turn instruction of a road path: the manoeuvre at its ``location``, then the
/// stretch driven until the next manoeuvre (``distance``, ``duration``) on the road it names.
///
/// Steps are told by ``RoadPath/steps``; see ``RoadTurn`` for the angles and the rules that
/// decide when a node is announced.
public struct RoadStep: Hashable, Sendable {
    /// What the driver does at the step's location.
    public enum Manoeuvre: String, Hashable, Sendable {
        /// Leave the start.
        case depart
        /// Turn onto another road, or make a U-turn.
        case turn
        /// Carry on where the road's name changes (straight on, or along the only way onward).
        case `continue`
        /// Enter a roundabout and leave it by ``RoadStep/exit``.
        case roundabout
        /// Leave the roundabout the start lies on, by ``RoadStep/exit``.
        case exitRoundabout = "exit roundabout"
        /// Reach the destination.
        case arrive
    }

    /// The manoeuvre.
    public let manoeuvre: Manoeuvre
    /// How sharply and which way the road turns (nil for depart and arrive).
    public let modifier: RoadTurn.Modifier?
    /// For a roundabout: the exit taken, counted from 1 along the ring (nil when the path ends
    /// on the ring).
    public let exit: Int?
    /// The street name (OSM `name`) of the road driven after the manoeuvre, nil when unnamed.
    public let name: String?
    /// The road number (OSM `ref`) of that road, nil when it has none.
    public let ref: String?
    /// Metres from this manoeuvre to the next (0 for arrive).
    public let distance: Double
    /// Seconds from this manoeuvre to the next (0 for arrive).
    public let duration: Double
    /// Where the manoeuvre is: the snapped start, a road node, or the snapped destination.
    public let location: Position
    /// Direction of travel arriving at the manoeuvre, degrees clockwise from north (0..<360);
    /// nil for depart.
    public let bearingBefore: Double?
    /// Direction of travel leaving the manoeuvre; nil for arrive.
    public let bearingAfter: Double?
    /// The instruction in English, without the distance ("Turn left onto Erottajankatu").
    public let instruction: String

    /// How the road is said: its name, its ref when unnamed, both as "name (ref)", or
    /// "an unnamed road".
    public var roadLabel: String { Self.label(name: name, ref: ref) }

    static func label(name: String?, ref: String?) -> String {
        switch (name, ref) {
        case let (name?, ref?): "\(name) (\(ref))"
        case let (name?, nil): name
        case let (nil, ref?): ref
        case (nil, nil): "an unnamed road"
        }
    }
}
