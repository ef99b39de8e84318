import MapClustering
import MapGeoJSON
import MapViewport
import Synchronization

/// The options a `/clusters` request may change, which need a cluster index of their own.
struct ClusterVariant: Hashable, Sendable {
    var groupBy: String?
    var tileSize: Int = MapTileSize.standard
    var radius: Double = 40
    /// Only these values of `type` take part (nil: all).
    var types: [String]?

    /// The options `mapctl cluster` uses for the same flags.
    func options(style: ClusterStyle) -> FeatureClusterOptions {
        FeatureClusterOptions(
            cluster: ClusterOptions(radius: radius, extent: Double(tileSize)),
            grouping: groupBy.map { .property($0) } ?? .none,
            style: style,
            filter: types.map { .oneOf("type", Set($0)) } ?? .everything)
    }
}

/// Cluster indexes of one snapshot by variant: the default built up front, others on first
/// use and kept while recently used (a few, each the size of the data).
final class ClusterIndexCache: Sendable {
    static let capacity = 6
    let defaultIndex: FeatureClusterIndex
    private let collection: FeatureCollection
    private let style: ClusterStyle
    private let built = Mutex<[(ClusterVariant, FeatureClusterIndex)]>([])

    init(_ collection: FeatureCollection, style: ClusterStyle) throws(ClusterError) {
        self.collection = collection
        self.style = style
        defaultIndex = try FeatureClusterIndex(collection, options: ClusterVariant().options(style: style), parallel: true)
    }

    /// The index for `variant`, built now when it is not kept.
    func index(for variant: ClusterVariant) throws(ClusterError) -> FeatureClusterIndex {
        if variant == ClusterVariant() { return defaultIndex }
        if let kept = built.withLock({ list -> FeatureClusterIndex? in
            guard let at = list.firstIndex(where: { $0.0 == variant }) else { return nil }
            let entry = list.remove(at: at)
            list.append(entry)  // most recently used last
            return entry.1
        }) {
            return kept
        }
        let index = try FeatureClusterIndex(collection, options: variant.options(style: style), parallel: true)
        built.withLock { list in
            list.append((variant, index))
            if list.count > Self.capacity { list.removeFirst() }
        }
        return index
    }
}
