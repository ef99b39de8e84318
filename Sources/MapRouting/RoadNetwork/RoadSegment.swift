import MapGeometry

/// One road piece as the graph builder reads it: its geometry and the OSM-style tags
/// that decide whether and how fast it can be driven.
///
/// This is the builder's own small input type, so a road layer from any source
/// (GeoJSON features, a database, a test) can be turned into a ``RoadNetwork``.
/// Tag values are the raw strings of the source (`"yes"`, `"-1"`, `"30 mph"`...).
public struct RoadSegment: Hashable, Sendable {
    /// The feature's id, used in reports and error messages (`way/123/0`).
    public var id: String?
    /// The line, in drawing order (at least two positions).
    public var positions: [Position]
    /// The OSM `highway` class (`primary`, `residential`...), which gives the default speed.
    public var highway: String?
    /// The OSM `oneway` tag: `yes`, `-1`, `no`, or absent.
    public var oneway: String?
    /// The OSM `maxspeed` tag: `"50"`, `"30 mph"`, `"walk"`, `"FR:urban"`...
    public var maxspeed: String?
    /// The OSM `access` tag: `no` and `private` are excluded by default.
    public var access: String?
    /// The OSM `junction` tag: `roundabout` and `circular` imply one way.
    public var junction: String?
    /// The id of the node at the first position, when the source has node ids.
    public var fromNode: Int64?
    /// The id of the node at the last position, when the source has node ids.
    public var toNode: Int64?
    /// The OSM `name` tag: the street name turn-by-turn steps say.
    public var name: String?
    /// The OSM `ref` tag (`CG-1`, `E 18`): said when the road has no name, and beside the name.
    public var ref: String?

    /// Creates a road segment; only the positions are required.
    public init(
        id: String? = nil, positions: [Position], highway: String? = nil, oneway: String? = nil,
        maxspeed: String? = nil, access: String? = nil, junction: String? = nil,
        fromNode: Int64? = nil, toNode: Int64? = nil, name: String? = nil, ref: String? = nil
    ) {
        self.id = id
        self.positions = positions
        self.highway = highway
        self.oneway = oneway
        self.maxspeed = maxspeed
        self.access = access
        self.junction = junction
        self.fromNode = fromNode
        self.toNode = toNode
        self.name = name
        self.ref = ref
    }
}
