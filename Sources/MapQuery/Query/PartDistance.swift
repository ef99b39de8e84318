import MapGeometry

/// The geodesic distance from a position to one part (point, line or polygon) of an index.
extension FlatParts {
    /// The distance in metres from `target` to the nearest point of `part`, or nil when it is
    /// more than `limit` away. A position inside a polygon (or on its edge) is at distance 0.
    ///
    /// Segments whose box is provably farther than the best distance so far are skipped
    /// (``GeodesicLowerBound``), so only the few segments that can be nearest are measured.
    func distance(
        from target: Position, to part: Int, bound: GeodesicLowerBound, ruler: GeodesicRuler, limit: Double
    ) -> Double? {
        let kind = kinds[part]
        if kind == .point {
            let vertex = firstVertex(part: part)
            let frame = frame(vertex)
            // The chord never exceeds the geodesic: a far point costs one square root.
            if ruler.chord(to: frame) > limit { return nil }
            let distance = ruler.distance(to: frame, longitude: longitude(vertex), latitude: latitude(vertex))
            return distance <= limit ? distance : nil
        }
        if kind == .polygon && polygonCovers(part: part, target) { return 0 }
        var best = limit
        var found = false
        for ring in ringRange(part: part) {
            let vertices = vertexRange(ring: ring)
            if vertices.count == 1 {
                let vertex = vertices.lowerBound
                let d = ruler.distance(to: frame(vertex), longitude: longitude(vertex), latitude: latitude(vertex))
                if d <= best { best = d; found = true }
                continue
            }
            for vertex in vertices.dropLast() {
                let lon1 = longitude(vertex), lat1 = latitude(vertex)
                let lon2 = longitude(vertex + 1), lat2 = latitude(vertex + 1)
                let lowerBound = bound.distance(
                    minX: min(lon1, lon2), minY: min(lat1, lat2), maxX: max(lon1, lon2), maxY: max(lat1, lat2))
                if lowerBound > best { continue }
                let d = SegmentDistance.distance(from: target, lon1, lat1, lon2, lat2)
                if d <= best { best = d; found = true }
            }
        }
        return found ? best : nil
    }

    /// Even-odd crossing test in lon/lat over all rings (holes included), counting the
    /// boundary as inside; the same planar interior GEOS uses for lon/lat polygons.
    func polygonCovers(part: Int, _ position: Position) -> Bool {
        let x = position.longitude, y = position.latitude
        var inside = false
        for ring in ringRange(part: part) {
            let vertices = vertexRange(ring: ring)
            guard vertices.count >= 4 else { continue }
            var previous = vertices.upperBound - 1
            for current in vertices {
                let x1 = longitude(previous), y1 = latitude(previous)
                let x2 = longitude(current), y2 = latitude(current)
                previous = current
                // On the edge: inside by definition (distance 0 either way).
                let cross = (x2 - x1) * (y - y1) - (y2 - y1) * (x - x1)
                if cross == 0 && x >= min(x1, x2) && x <= max(x1, x2) && y >= min(y1, y2) && y <= max(y1, y2) {
                    return true
                }
                if (y1 > y) != (y2 > y) {
                    let crossingX = x1 + (y - y1) / (y2 - y1) * (x2 - x1)
                    if x < crossingX { inside.toggle() }
                }
            }
        }
        return inside
    }
}
