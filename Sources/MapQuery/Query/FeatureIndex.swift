import MapGeometry
import MapGeoJSON

/// The queries of a map screen over one set of features, built once and shared (an
/// immutable value): near me, nearest, text search, layers, all honouring a ``FeatureFilter``.
///
/// ```swift
/// let index = FeatureIndex(collection.features)
/// let near = try index.near(me, radius: 500, filter: .oneOf("type", ["restaurant"]))
/// let found = try index.search("sao p", near: me)
/// ```
public struct FeatureIndex: Sendable {
    /// The indexed features, each with its top-level id (``Feature/carryingObjectID``): the
    /// form answers show them in.
    public let features: [Feature]
    /// The geometry index; item numbers are feature numbers.
    public let spatial: SpatialIndex
    /// The text index over ``searchKeys``.
    public let text: TextSearchIndex
    /// The properties whose string values are searched.
    public let searchKeys: [String]

    /// Indexes geometries and the folded texts of `searchKeys` (name by default).
    public init(_ features: [Feature], searchKeys: [String] = ["name"]) {
        // Answers show the objects with the top-level id a client keys them by.
        self.features = features.carryingObjectIDs
        self.searchKeys = searchKeys
        spatial = SpatialIndex(features.map(\.geometry))
        text = TextSearchIndex(texts: features.map { feature in
            searchKeys.compactMap { feature.properties.string($0) }
        })
    }

    /// Layers by `key` (`type` by default).
    public func layers(by key: String = "type") -> FeatureLayers { FeatureLayers(features, by: key) }

    /// Feature numbers passing `filter`, ascending.
    public func items(matching filter: FeatureFilter) throws(GeometryOperationError) -> [Int] {
        if case let .inside(area) = filter {
            return try spatial.items(inside: area)  // the tree finds the candidates
        }
        let matcher = try filter.matcher()
        return features.indices.filter { matcher.matches(features[$0]) }
    }

    /// Features within `radius` metres of `position`, nearest first (see
    /// ``SpatialIndex/items(within:of:where:)``), passing `filter`.
    public func near(_ position: Position, radius: Double, filter: FeatureFilter = .everything) throws -> [DistanceHit] {
        let include = try inclusion(filter)
        return try spatial.items(within: radius, of: position, where: include)
    }

    /// The `k` features nearest to `position` that pass `filter`.
    public func nearest(
        _ k: Int, to position: Position, maxDistance: Double = .infinity, filter: FeatureFilter = .everything
    ) throws -> [DistanceHit] {
        let include = try inclusion(filter)
        return spatial.nearest(k, to: position, maxDistance: maxDistance, where: include)
    }

    /// Ranked, paged text search over ``searchKeys``; nearer first within a match kind when
    /// `position` is given.
    public func search(
        _ query: String, near position: Position? = nil, page: Int = 1, pageSize: Int = 20,
        filter: FeatureFilter = .everything
    ) throws -> SearchPage {
        let include = try inclusion(filter)
        let distance: ((Int) -> Double?)? = position.map { position in
            { item in spatial.distance(from: position, toItem: item) }
        }
        return text.search(query, page: page, pageSize: pageSize, where: include, distance: distance)
    }

    /// A test on feature numbers for `filter`, nil when it lets everything through.
    private func inclusion(_ filter: FeatureFilter) throws(GeometryOperationError) -> ((Int) -> Bool)? {
        if filter == .everything { return nil }
        let matcher = try filter.matcher()
        let features = features
        return { matcher.matches(features[$0]) }
    }
}
