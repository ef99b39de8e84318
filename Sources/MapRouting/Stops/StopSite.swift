import MapGeometry

/// A business object to visit: where it is, its id, and how many items (work orders)
/// it stands for.
public struct StopObject: Hashable, Sendable {
    /// The object's id, kept on the stop it joins.
    public var id: String
    /// The object's location.
    public var position: Position
    /// Items at this object; nil counts as one.
    public var items: Int?

    /// Creates a stop object.
    public init(id: String, position: Position, items: Int? = nil) {
        self.id = id
        self.position = position
        self.items = items
    }
}

/// A place the route stops at: one or more objects at the same location (or within
/// the snapping distance).
public struct StopSite: Hashable, Sendable {
    /// Where the route stops: the position of the site's first object (input order).
    public var position: Position
    /// The sum of the objects' items (one per object without an `items` count).
    public var items: Int
    /// The ids of the objects at this site, in input order.
    public var objectIds: [String]

    /// Creates a stop site.
    public init(position: Position, items: Int, objectIds: [String]) {
        self.position = position
        self.items = items
        self.objectIds = objectIds
    }
}
