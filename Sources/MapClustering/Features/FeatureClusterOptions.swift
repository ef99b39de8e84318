import MapQuery

/// Options for clustering GeoJSON features.
public struct FeatureClusterOptions: Sendable {
    /// Which objects may share a cluster.
    public enum Grouping: Hashable, Sendable {
        /// Any objects (supercluster's behaviour).
        case none
        /// Only objects with the same value of this property key (missing = its own value).
        case property(String)
    }

    /// Radius, extent, zooms, min points (supercluster's options).
    public var cluster: ClusterOptions
    public var grouping: Grouping
    /// Numeric properties whose sum, min, max and mean each cluster carries
    /// (as `<name>_sum`, `<name>_min`, `<name>_max`, `<name>_mean`).
    public var measures: [String]
    /// When true, lines and polygons join the clustering at their point on surface
    /// (and show as the full shape when alone); when false they pass through every viewport
    /// result unchanged, with their type colour.
    public var clusterShapes: Bool
    /// Colours, titles, symbols.
    public var style: ClusterStyle
    /// Only the features that pass take part: in clusters, counts, type breakdowns, members,
    /// passed-through shapes and the legend (so clusters count only what the map shows).
    /// Features left out keep their index, so ids of single objects do not change.
    public var filter: FeatureFilter

    public init(
        cluster: ClusterOptions = ClusterOptions(), grouping: Grouping = .none, measures: [String] = [],
        clusterShapes: Bool = false, style: ClusterStyle = ClusterStyle(), filter: FeatureFilter = .everything
    ) {
        self.filter = filter
        self.cluster = cluster
        self.grouping = grouping
        self.measures = measures
        self.clusterShapes = clusterShapes
        self.style = style
    }
}
