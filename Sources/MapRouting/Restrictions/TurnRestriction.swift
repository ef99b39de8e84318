import MapGeoJSON

/// A turn restriction at a node, as OSM's via-node `type=restriction` relations give it: from
/// one way, through a node, to another way; `no_*` forbids that turn, `only_*` forbids every
/// other turn from that way at that node.
public struct TurnRestriction: Hashable, Sendable {
    /// OSM's value: `no_left_turn`, `no_right_turn`, `no_straight_on`, `no_u_turn`,
    /// `only_left_turn`, `only_right_turn`, `only_straight_on`...
    public var restriction: String
    /// The way arrived on (`way/123`): road segments whose id is this or this followed by
    /// `/part` (the shared layers split ways into `way/123/0`, `way/123/1`...).
    public var fromWay: String
    /// The OSM id of the node where the turn is made (the segments' `from_node`/`to_node`).
    public var viaNode: Int64
    /// The way turned into.
    public var toWay: String

    /// Creates a restriction.
    public init(restriction: String, fromWay: String, viaNode: Int64, toWay: String) {
        self.restriction = restriction
        self.fromWay = fromWay
        self.viaNode = viaNode
        self.toWay = toWay
    }

    /// True for `only_*`: every turn but this one is forbidden.
    public var isMandatory: Bool { restriction.hasPrefix("only_") }

    /// The restrictions of GeoJSON features with the properties `restriction`, `from`, `via`
    /// (a node id, number or string) and `to`; the geometry (the via node's Point) is not read.
    /// - Throws: ``RoadNetworkError/invalidRestriction(feature:reason:)`` naming the feature
    ///   and what is missing.
    public static func restrictions(from features: [Feature]) throws(RoadNetworkError) -> [TurnRestriction] {
        try features.enumerated().map { (index, feature) throws(RoadNetworkError) -> TurnRestriction in
            let properties = feature.properties
            let name = "features[\(index)]" + (feature.id.map { " (\($0.description))" } ?? "")
            guard let value = properties.string("restriction"), value.hasPrefix("no_") || value.hasPrefix("only_") else {
                throw .invalidRestriction(feature: name, reason: "\"restriction\" must be an OSM value starting with no_ or only_")
            }
            guard let from = properties.string("from"), !from.isEmpty else {
                throw .invalidRestriction(feature: name, reason: "\"from\" must name the way arrived on")
            }
            guard let to = properties.string("to"), !to.isEmpty else {
                throw .invalidRestriction(feature: name, reason: "\"to\" must name the way turned into")
            }
            let via: Int64?
            switch properties.value("via") {
            case .number(let number)?: via = Int64(exactly: number)
            case .string(let text)?: via = Int64(text)
            default: via = nil
            }
            guard let via else { throw .invalidRestriction(feature: name, reason: "\"via\" must be the id of the node turned at") }
            return TurnRestriction(restriction: value, fromWay: from, viaNode: via, toWay: to)
        }
    }
}
