import MapGeometry
import MapGeoJSON

/// The answers of `mapctl query` and of the map service's near, nearest and search: the hits as
/// a FeatureCollection of the features as read, with `distance_m` (metres to the feature's
/// nearest point, rounded to millimetres) when a position is given, `match` for a search, and
/// the foreign members of the source collection (attribution) kept.
extension FeatureIndex {
    /// Features within `radius` metres of `position`, nearest first; at most `limit` of them;
    /// with `circle`, the search circle itself as the last feature (`"query": "circle"`).
    public func nearAnswer(
        _ position: Position, radius: Double, limit: Int? = nil, filter: FeatureFilter = .everything,
        circle: Bool = false, inheriting sourceMembers: [ForeignMember] = []
    ) throws -> FeatureCollection {
        var hits = try near(position, radius: radius, filter: filter)
        if let limit, hits.count > limit { hits.removeLast(hits.count - max(0, limit)) }
        var answer = hits.map { annotated(features[$0.item], distance: $0.distance) }
        if circle {
            let polygon = try GeodesicCircle.geometry(center: position, radius: radius)
            answer.append(Feature(geometry: polygon, properties: ["query": .string("circle"), "radius_m": .number(radius)]))
        }
        return FeatureCollection(features: answer).inheriting(sourceMembers)
    }

    /// The `k` features nearest to `position`, nearest first.
    public func nearestAnswer(
        _ k: Int, to position: Position, filter: FeatureFilter = .everything, inheriting sourceMembers: [ForeignMember] = []
    ) throws -> FeatureCollection {
        let hits = try nearest(k, to: position, filter: filter)
        return FeatureCollection(features: hits.map { annotated(features[$0.item], distance: $0.distance) }).inheriting(sourceMembers)
    }

    /// One page (from 1) of a text search with `total`, `page` and `pages` as foreign members,
    /// and the page itself (for a message such as "312 matches, page 2 of 16").
    public func searchAnswer(
        _ text: String, near position: Position? = nil, page: Int = 1, pageSize: Int = 20,
        filter: FeatureFilter = .everything, inheriting sourceMembers: [ForeignMember] = []
    ) throws -> (collection: FeatureCollection, page: SearchPage) {
        let result = try search(text, near: position, page: page, pageSize: pageSize, filter: filter)
        let hits = result.hits.map { hit in
            var feature = annotated(features[hit.item], distance: hit.distance)
            feature.properties = feature.properties.setting("match", .string(hit.match.description))
            return feature
        }
        let collection = FeatureCollection(features: hits, foreignMembers: result.pagingMembers).inheriting(sourceMembers)
        return (collection, result)
    }

    /// The feature with `distance_m` rounded to millimetres, so output diffs stay quiet.
    private func annotated(_ feature: Feature, distance: Double?) -> Feature {
        guard let distance else { return feature }
        var feature = feature
        feature.properties = feature.properties.setting("distance_m", .number((distance * 1000).rounded() / 1000))
        return feature
    }
}
