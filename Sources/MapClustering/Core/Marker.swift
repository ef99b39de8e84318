/// One marker of a clustering at one zoom: a cluster, a colocated group or a single point.
public struct Marker: Hashable, Sendable {
    /// What the marker stands for.
    public enum Kind: Hashable, Sendable {
        /// One object.
        case point
        /// Objects close together at this zoom; splits when zooming in.
        case cluster
        /// Objects at one identical position: one marker at every zoom, never splits.
        case colocated
    }

    public let kind: Kind
    /// For a cluster or colocated group: its ``ClusterID``. For a point: its original index.
    public let id: Int
    /// Number of objects the marker stands for (1 for a point).
    public let count: Int
    public let longitude: Double
    public let latitude: Double
    /// Node number in the index (internal handle).
    let node: Int

    /// True for clusters and colocated groups (supercluster's `cluster: true`).
    public var isCluster: Bool { kind != .point }
}

/// A marker placed on a tile, in tile pixels (supercluster's `getTile` geometry).
public struct TileMarker: Hashable, Sendable {
    public let marker: Marker
    /// Pixel x from the tile's left edge, rounded; negative or beyond `extent` in the buffer.
    public let x: Int
    /// Pixel y from the tile's top edge, rounded.
    public let y: Int
}

/// Number of objects of one type.
public struct TypeCount: Hashable, Sendable {
    public let type: String
    public let count: Int
}

/// Sum, minimum, maximum and mean of one numeric property over the objects that have it.
public struct MeasureSummary: Hashable, Sendable {
    public let name: String
    public let sum: Double
    public let minimum: Double
    public let maximum: Double
    /// Number of objects with a value (the mean divides by it).
    public let valueCount: Int
    public var mean: Double { valueCount > 0 ? sum / Double(valueCount) : .nan }
}
