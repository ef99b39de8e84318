/// Which ways a road segment may be driven, relative to its drawing direction.
public struct TravelDirection: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// From the first position to the last.
    public static let forward = TravelDirection(rawValue: 1)
    /// From the last position to the first.
    public static let backward = TravelDirection(rawValue: 2)
    /// Both ways.
    public static let both: TravelDirection = [.forward, .backward]

    /// The directions OSM's rules allow: `oneway=yes|true|1` forward only, `-1|reverse`
    /// backward only, `no|false|0` both; without a `oneway` tag, `junction=roundabout|circular`
    /// and `highway=motorway` imply forward only, anything else is two-way.
    /// Returns nil for values that have no fixed direction (`reversible`, `alternating`)
    /// or that cannot be read: such segments are left out and counted in the report.
    public static func fromTags(oneway: String?, junction: String?, highway: String?) -> TravelDirection? {
        if let oneway {
            switch oneway.lowercased() {
            case "yes", "true", "1": return .forward
            case "-1", "reverse": return .backward
            case "no", "false", "0": return .both
            default: return nil
            }
        }
        if junction == "roundabout" || junction == "circular" { return .forward }
        if highway == "motorway" { return .forward }
        return .both
    }
}
