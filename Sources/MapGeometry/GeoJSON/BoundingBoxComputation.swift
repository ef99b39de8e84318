/// The smallest box around a set of positions, crossing the antimeridian when
/// that is narrower (RFC 7946 §5.2): the longitudes are sorted and the largest gap
/// between neighbours (going round the globe) is left outside the box.
struct BoundingBoxAccumulator {
    private var longitudes: [Double] = []
    private var south = Double.infinity
    private var north = -Double.infinity

    mutating func add(_ position: Position) {
        longitudes.append(position.longitude)
        south = min(south, position.latitude)
        north = max(north, position.latitude)
    }

    mutating func add(_ geometry: Geometry) {
        geometry.forEachPosition { add($0) }
    }

    /// nil when no position was added.
    var box: BoundingBox? {
        guard !longitudes.isEmpty else { return nil }
        let sorted = longitudes.sorted()
        let lowest = sorted[0], highest = sorted[sorted.count - 1]
        // Data beyond ±180 is unwrapped on purpose: keep the plain extent.
        guard lowest >= -180, highest <= 180 else { return BoundingBox(unchecked: lowest, south, highest, north) }
        var widestGap = lowest + 360 - highest  // the gap across the antimeridian
        var west = lowest, east = highest
        for index in 1..<sorted.count {
            let gap = sorted[index] - sorted[index - 1]
            if gap > widestGap {
                widestGap = gap
                west = sorted[index]
                east = sorted[index - 1]
            }
        }
        return BoundingBox(unchecked: west, south, east, north)
    }
}

extension Geometry {
    /// The geometry's bounding box (crossing ±180 when narrower), nil when empty.
    public var boundingBox: BoundingBox? {
        var accumulator = BoundingBoxAccumulator()
        accumulator.add(self)
        return accumulator.box
    }
}
