import MapGeometry

/// Turns business objects into stop sites: objects at the same location, or within
/// `snappingDistance` metres (geodesic) of each other directly or through a chain of
/// neighbours, become one site. Sites come in the order of their first object.
public enum StopGrouping {
    /// Groups `objects` into stop sites.
    /// - Parameter snappingDistance: metres; 0 (the default) joins only identical locations.
    /// - Precondition: `snappingDistance` is finite and not negative.
    public static func sites(from objects: [StopObject], snappingDistance: Double = 0) -> [StopSite] {
        precondition(snappingDistance.isFinite && snappingDistance >= 0, "snapping distance must be ≥ 0 metres")
        // The earlier object stays the root, so a site keeps its first object's position.
        var groups = UnionFind(count: objects.count)

        // Identical locations first, by hashing; then pairs within the snapping distance.
        var firstAt: [Coordinate2D: Int] = [:]
        for (index, object) in objects.enumerated() {
            let key = Coordinate2D(object.position)
            if let first = firstAt[key] { groups.join(first, index) } else { firstAt[key] = index }
        }
        if snappingDistance > 0 {
            let representatives = firstAt.values.sorted()
            for (offset, a) in representatives.enumerated() {
                for b in representatives[(offset + 1)...]
                where Geodesic.distance(from: objects[a].position, to: objects[b].position) <= snappingDistance {
                    groups.join(a, b)
                }
            }
        }

        var siteOfRoot: [Int: Int] = [:]
        var sites: [StopSite] = []
        for (index, object) in objects.enumerated() {
            let owner = groups.root(index)
            if let site = siteOfRoot[owner] {
                sites[site].items += object.items ?? 1
                sites[site].objectIds.append(object.id)
            } else {
                siteOfRoot[owner] = sites.count
                sites.append(StopSite(position: object.position, items: object.items ?? 1, objectIds: [object.id]))
            }
        }
        return sites
    }

    /// A hashable longitude/latitude pair (altitude ignored, like ``Position/sameLocation(as:)``).
    private struct Coordinate2D: Hashable {
        let longitude: Double, latitude: Double
        init(_ position: Position) {
            // +0 folds -0.0 into 0.0 so both hash alike.
            longitude = position.longitude + 0
            latitude = position.latitude + 0
        }
    }
}
