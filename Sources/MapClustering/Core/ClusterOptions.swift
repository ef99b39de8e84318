/// The options of a clustering, with supercluster's names and defaults.
public struct ClusterOptions: Hashable, Sendable {
    /// Cluster radius in pixels of a tile `extent` pixels wide (supercluster `radius`).
    public var radius: Double
    /// Tile extent the radius is measured in (supercluster `extent`).
    public var extent: Double
    /// The lowest zoom that gets its own clustering.
    public var minZoom: Int
    /// The highest zoom that clusters; above it every object is its own marker
    /// (colocated objects stay one marker).
    public var maxZoom: Int
    /// The least number of objects that form a cluster.
    public var minPoints: Int
    /// Leaf size of the KD-trees (supercluster `nodeSize`); changes speed only, and the order
    /// in which equal-distance neighbours are met.
    public var nodeSize: Int
    /// How each zoom finds the markers within the radius of a marker: a grid (the default,
    /// several times faster) or supercluster's own KD-trees (bit-identical results).
    public var neighbourSearch: NeighbourSearch

    public init(
        radius: Double = 40, extent: Double = 512, minZoom: Int = 0, maxZoom: Int = 16,
        minPoints: Int = 2, nodeSize: Int = 64, neighbourSearch: NeighbourSearch = .grid
    ) {
        self.neighbourSearch = neighbourSearch
        self.radius = radius
        self.extent = extent
        self.minZoom = minZoom
        self.maxZoom = maxZoom
        self.minPoints = minPoints
        self.nodeSize = nodeSize
    }

    /// The highest `maxZoom` the id scheme can encode (see ``ClusterID``).
    public static let highestMaxZoom = 29

    /// Throws ``ClusterError/invalidOption(_:)`` with the option, its value and the allowed range.
    public func validate() throws(ClusterError) {
        guard radius.isFinite, radius > 0 else {
            throw .invalidOption("radius must be a positive number of pixels, got \(radius)")
        }
        guard extent.isFinite, extent > 0 else {
            throw .invalidOption("extent must be a positive number of pixels, got \(extent)")
        }
        guard (0...Self.highestMaxZoom).contains(maxZoom) else {
            throw .invalidOption("max zoom must be in 0...\(Self.highestMaxZoom), got \(maxZoom)")
        }
        guard (0...maxZoom).contains(minZoom) else {
            throw .invalidOption("min zoom must be in 0...max zoom (\(maxZoom)), got \(minZoom)")
        }
        guard minPoints >= 2 else {
            throw .invalidOption("min points must be at least 2, got \(minPoints)")
        }
        guard nodeSize >= 2 else {
            throw .invalidOption("node size must be at least 2, got \(nodeSize)")
        }
    }

    /// The radius in world units (the world is 1 wide) at `zoom`.
    func worldRadius(zoom: Int) -> Double {
        radius / (extent * pow2(zoom))
    }
}

/// How a clustering finds, at each zoom, the markers within the radius of a marker.
///
/// Both find the same neighbours (the same `Float`-rounded coordinates and the same distance
/// test as supercluster). They differ in the order the neighbours come in, which supercluster
/// takes from its KD-tree.
public enum NeighbourSearch: Hashable, Sendable {
    /// A grid per zoom level, neighbours in the order of the previous level's marker list.
    /// With `minPoints` 2 (the default) the greedy choices are supercluster's, so the clusters,
    /// their members, counts and ids are the same; a cluster's children come in list order
    /// (supercluster: tree order), and its centre is summed in that order, so it can differ from
    /// supercluster's in the last bits of the `Double` (on 234,908 real places no marker count at
    /// any zoom changes; see ``ClusterIndex``). With `minPoints` above 2 the markers left
    /// unclustered are listed in a different order, so later greedy choices and ids can differ
    /// from supercluster's (the result is still a valid, deterministic clustering).
    case grid
    /// KD-trees built and searched exactly as supercluster's KDBush: every result (centres to the
    /// last bit, ids, children and member order) equals supercluster 8's.
    case supercluster
}

/// 2^zoom as a `Double` (exact for the zooms used here).
@inline(__always)
func pow2(_ zoom: Int) -> Double {
    Double(sign: .plus, exponent: zoom, significand: 1)
}

/// What can go wrong when building or querying a clustering.
public enum ClusterError: Error, Hashable, Sendable, CustomStringConvertible {
    /// An option is out of range; the text names it and the allowed values.
    case invalidOption(String)
    /// A point cannot be clustered; the text says which and why.
    case invalidPoint(index: Int, reason: String)
    /// No cluster has this id in this index.
    case unknownCluster(Int)
    /// A query argument is out of range.
    case invalidQuery(String)

    public var description: String {
        switch self {
        case .invalidOption(let text): return "invalid option: \(text)"
        case .invalidPoint(let index, let reason): return "point \(index): \(reason)"
        case .unknownCluster(let id):
            return "no cluster with id \(id) (ids come from the markers of the same input and options)"
        case .invalidQuery(let text): return "invalid query: \(text)"
        }
    }
}
