import MapGeometry

/// The distance from a position to one given item, as near me measures it.
extension SpatialIndex {
    /// Geodesic distance in metres from `position` to the nearest point of item `item`
    /// (0 inside a polygon), or nil when the item has no geometry.
    public func distance(from position: Position, toItem item: Int) -> Double? {
        let bound = GeodesicLowerBound(from: position), ruler = GeodesicRuler(from: position)
        var best: Double? = nil
        for part in parts.partRange(item: item) {
            if let distance = parts.distance(from: position, to: part, bound: bound, ruler: ruler, limit: best ?? .infinity) {
                best = distance
            }
        }
        return best
    }
}

extension FlatParts {
    /// The parts of an item: parts are stored in item order, so two binary searches find them.
    func partRange(item: Int) -> Range<Int> {
        func firstPart(atLeast item: Int) -> Int {
            var low = 0, high = items.count
            while low < high {
                let middle = (low + high) / 2
                if Int(items[middle]) < item { low = middle + 1 } else { high = middle }
            }
            return low
        }
        return firstPart(atLeast: item)..<firstPart(atLeast: item + 1)
    }
}
