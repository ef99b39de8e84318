/// Planar shape tests on raw lon/lat positions, as GEOS sees them (no geodesy).
///
/// The tolerance is relative to the segment lengths involved and at the level of rounding
/// error, so the tests mean the same at a building's scale and a country's and catch only
/// exact degeneracy, which GEOS (exact predicates) rejects too: a merely thin shape, such as
/// GEOS's test triangle 10 units high and 10^15 long, stays valid.
enum PlanarShape {
    /// Relative tolerance for "on one line": sine of the angle, or distance over length.
    static let collinearTolerance = 1e-15

    /// Indices of `positions` with consecutive repeats removed (the first of each run kept).
    /// For a ring, the closing position is dropped too, so the result lists each corner once.
    static func cornerIndices(_ positions: [DrawnPosition], isRing: Bool) -> [Int] {
        var corners: [Int] = []
        corners.reserveCapacity(positions.count)
        for index in positions.indices {
            if let last = corners.last, positions[last].sameLocation(as: positions[index]) { continue }
            corners.append(index)
        }
        if isRing, corners.count > 1, positions[corners[0]].sameLocation(as: positions[corners[corners.count - 1]]) {
            corners.removeLast()
        }
        return corners
    }

    /// True when every corner lies on the line through the first corner and the corner farthest from it.
    static func allOnOneLine(_ positions: [DrawnPosition], corners: [Int]) -> Bool {
        guard corners.count >= 3 else { return true }
        let origin = positions[corners[0]]
        var farthest = origin, farthestSquared = 0.0
        for index in corners {
            let dx = positions[index].longitude - origin.longitude, dy = positions[index].latitude - origin.latitude
            let squared = dx * dx + dy * dy
            if squared > farthestSquared { farthestSquared = squared; farthest = positions[index] }
        }
        let ux = farthest.longitude - origin.longitude, uy = farthest.latitude - origin.latitude
        for index in corners {
            let vx = positions[index].longitude - origin.longitude, vy = positions[index].latitude - origin.latitude
            // |cross| / |u| is the distance from the line; compare it with |u|.
            if abs(ux * vy - uy * vx) > collinearTolerance * farthestSquared { return false }
        }
        return true
    }

    /// True when the path arriving at `vertex` from `previous` leaves it straight back towards
    /// where it came from: both neighbours lie in the same direction on one line.
    static func isSpike(previous: DrawnPosition, vertex: DrawnPosition, next: DrawnPosition) -> Bool {
        let ux = previous.longitude - vertex.longitude, uy = previous.latitude - vertex.latitude
        let vx = next.longitude - vertex.longitude, vy = next.latitude - vertex.latitude
        let dot = ux * vx + uy * vy
        guard dot > 0 else { return false }
        let cross = ux * vy - uy * vx
        // |cross| <= tolerance × |u| × |v|, squared to avoid the square root.
        return cross * cross <= collinearTolerance * collinearTolerance * (ux * ux + uy * uy) * (vx * vx + vy * vy)
    }

    /// Corner positions (indices into `positions`) that are spikes; for a ring the corners wrap around.
    static func spikeCorners(_ positions: [DrawnPosition], corners: [Int], isRing: Bool) -> [Int] {
        let count = corners.count
        guard count >= 3 else { return [] }
        var spikes: [Int] = []
        let range = isRing ? 0..<count : 1..<(count - 1)
        for corner in range {
            let previous = positions[corners[(corner + count - 1) % count]]
            let next = positions[corners[(corner + 1) % count]]
            if isSpike(previous: previous, vertex: positions[corners[corner]], next: next) {
                spikes.append(corners[corner])
            }
        }
        return spikes
    }

    /// Twice the signed area (shoelace), positive when counterclockwise. Works on an open or closed list.
    static func signedDoubleArea(_ positions: [DrawnPosition]) -> Double {
        guard positions.count >= 3 else { return 0 }
        // Relative to the first position, so large longitudes do not swamp small rings.
        let originX = positions[0].longitude, originY = positions[0].latitude
        var sum = 0.0
        var previousX = 0.0, previousY = 0.0
        for position in positions.dropFirst() {
            let x = position.longitude - originX, y = position.latitude - originY
            sum += previousX * y - x * previousY
            previousX = x
            previousY = y
        }
        return sum
    }
}
