import MapGeometry

/// "Near me": every item within a geodesic radius of a position.
extension SpatialIndex {
    /// Every item within `radius` metres of `center`, measured along the WGS84 geodesic to the
    /// item's nearest point (a polygon containing `center` is at 0 m), nearest first.
    ///
    /// The tree is searched with the lon/lat boxes that surely hold the circle (two across
    /// ±180, a full band round a pole); candidates are pruned with a sphere lower bound and
    /// only the rest measured exactly.
    ///
    /// - Parameters:
    ///   - include: a test on item numbers (layers, filters); items it rejects are not measured.
    /// - Throws: ``QueryError`` for a negative or non-finite radius.
    public func items(
        within radius: Double, of center: Position, where include: ((Int) -> Bool)? = nil
    ) throws(QueryError) -> [DistanceHit] {
        guard radius.isFinite, radius >= 0 else { throw QueryError.radius(radius) }
        let bound = GeodesicLowerBound(from: center), ruler = GeodesicRuler(from: center)
        let searchBoxes = GeodesicSearchArea.boxes(around: center, radius: radius)
        var hits: [DistanceHit] = []
        for searchBox in searchBoxes {
            tree.forEachLeaf(intersecting: searchBox) { part, slot in
                let item = Int(leafItems[slot])
                if let include, !include(item) { return }
                let box = tree.box(slot)
                if bound.distance(to: box) > radius { return }
                let frameBase = 5 * slot
                if leafPointFrames[frameBase].isNaN {
                    if let distance = parts.distance(from: center, to: part, bound: bound, ruler: ruler, limit: radius) {
                        hits.append(DistanceHit(item: item, distance: distance))
                    }
                    return
                }
                // A point, read in the tree's order (see ``SpatialIndex/leafPointFrames``).
                let frame = VertexFrame(
                    x: leafPointFrames[frameBase], y: leafPointFrames[frameBase + 1], z: leafPointFrames[frameBase + 2],
                    sinLatitude: leafPointFrames[frameBase + 3], cosLatitude: leafPointFrames[frameBase + 4])
                if ruler.chord(to: frame) > radius { return }
                let distance = ruler.distance(to: frame, longitude: box.minX, latitude: box.minY)
                if distance <= radius { hits.append(DistanceHit(item: item, distance: distance)) }
            }
        }
        if !onePartPerItem || searchBoxes.count > 1 { hits = Self.nearestPartPerItem(hits) }
        hits.sort(by: DistanceHit.nearerFirst)
        return hits
    }

    /// Keeps, for each item, only its nearest part.
    static func nearestPartPerItem(_ hits: [DistanceHit]) -> [DistanceHit] {
        var best: [Int: Double] = [:]
        for hit in hits { best[hit.item] = min(best[hit.item] ?? .infinity, hit.distance) }
        return best.map { DistanceHit(item: $0.key, distance: $0.value) }
    }
}
