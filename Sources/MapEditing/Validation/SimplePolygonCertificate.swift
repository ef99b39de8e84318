/// A quick proof that a drawing is OGC-valid without asking GEOS, for the common case: a
/// polygon of one ring whose edges certainly neither cross nor touch (and multipolygons of
/// such parts whose envelopes are apart), and lines and points, which GEOS only checks for
/// finite coordinates and enough distinct positions (the structure layer already did).
///
/// It only ever answers "certainly valid" or "ask GEOS": every orientation test uses
/// Shewchuk's error bound, and a result too close to zero to be sure of (a vertex on an
/// edge, a touch, collinear edges) goes to GEOS, as does every ring that does cross, every
/// polygon with holes and every ring of more than ``maximumCorners`` corners. So GEOS still
/// decides every invalid verdict, and a valid verdict from here is the one GEOS's exact
/// predicates would give. This halves the cost of validating typical drawn polygons.
enum SimplePolygonCertificate {
    /// Above this, the pairwise edge test costs more than GEOS's indexed noding.
    static let maximumCorners = 64

    /// True when the drawing is certainly valid; false means "not known: ask GEOS".
    /// Assumes the structure layer passed it (finite coordinates, closed rings, enough corners).
    static func certifies(_ drawing: DrawnGeometry) -> Bool {
        switch drawing {
        case .point, .multiPoint, .lineString, .multiLineString:
            return true
        case let .polygon(rings):
            return rings.isEmpty || (rings.count == 1 && isSimpleRing(rings[0]))
        case let .multiPolygon(polygons):
            var envelopes: [(minX: Double, minY: Double, maxX: Double, maxY: Double)] = []
            for rings in polygons where !rings.isEmpty {
                guard rings.count == 1, isSimpleRing(rings[0]) else { return false }
                let ring = rings[0]
                var box = (minX: ring[0].longitude, minY: ring[0].latitude, maxX: ring[0].longitude, maxY: ring[0].latitude)
                for position in ring {
                    box.minX = min(box.minX, position.longitude); box.maxX = max(box.maxX, position.longitude)
                    box.minY = min(box.minY, position.latitude); box.maxY = max(box.maxY, position.latitude)
                }
                // Parts whose envelopes meet or touch may overlap, nest or share an edge: GEOS decides.
                for other in envelopes
                where box.minX <= other.maxX && other.minX <= box.maxX && box.minY <= other.maxY && other.minY <= box.maxY {
                    return false
                }
                envelopes.append(box)
            }
            return true
        case let .geometryCollection(members):
            // GEOS checks a collection's members one by one.
            return members.allSatisfy(certifies)
        }
    }

    /// True when the closed ring's edges certainly meet only at their shared corners.
    static func isSimpleRing(_ ring: [DrawnPosition]) -> Bool {
        guard ring.count >= 4, ring.count <= maximumCorners + 1 else { return false }
        // Corners (consecutive repeats and the closing position dropped) in a stack buffer:
        // this runs for every drawn polygon, so it allocates nothing.
        return withUnsafeTemporaryAllocation(of: Double.self, capacity: 2 * ring.count) { buffer in
            var count = 0
            for position in ring {
                if count > 0, buffer[2 * count - 2] == position.longitude, buffer[2 * count - 1] == position.latitude { continue }
                buffer[2 * count] = position.longitude
                buffer[2 * count + 1] = position.latitude
                count += 1
            }
            if count > 1, buffer[0] == buffer[2 * count - 2], buffer[1] == buffer[2 * count - 1] { count -= 1 }
            guard count >= 3 else { return false }
            return isSimple(UnsafeBufferPointer(rebasing: buffer[0..<(2 * count)]), count: count)
        }
    }

    /// The test on `count` corners stored as x0 y0 x1 y1 ...
    private static func isSimple(_ c: UnsafeBufferPointer<Double>, count: Int) -> Bool {
        @inline(__always) func x(_ index: Int) -> Double { c[2 * index] }
        @inline(__always) func y(_ index: Int) -> Double { c[2 * index + 1] }
        // Adjacent edges a→b→c only meet beyond b when the turn at b is certainly not straight.
        for b in 0..<count {
            let a = b == 0 ? count - 1 : b - 1, n = b == count - 1 ? 0 : b + 1
            if orientation(x(a), y(a), x(b), y(b), x(n), y(n)) == 0 { return false }
        }
        // Edge i runs from corner i to corner i+1; edges i and j > i+1 are not adjacent
        // (except the last with the first, which share corner 0). Edge envelopes first, so the
        // pairwise loop mostly compares four numbers.
        return withUnsafeTemporaryAllocation(of: Double.self, capacity: 4 * count) { boxes in
            for edge in 0..<count {
                let next = edge == count - 1 ? 0 : edge + 1
                boxes[4 * edge] = min(x(edge), x(next))
                boxes[4 * edge + 1] = max(x(edge), x(next))
                boxes[4 * edge + 2] = min(y(edge), y(next))
                boxes[4 * edge + 3] = max(y(edge), y(next))
            }
            for i in 0..<(count - 2) {
                let i2 = i + 1
                let pMinX = boxes[4 * i], pMaxX = boxes[4 * i + 1], pMinY = boxes[4 * i + 2], pMaxY = boxes[4 * i + 3]
                for j in (i + 2)..<(i == 0 ? count - 1 : count) {
                    // Envelopes apart (exact comparisons): these edges cannot meet.
                    if boxes[4 * j + 1] < pMinX || boxes[4 * j] > pMaxX || boxes[4 * j + 3] < pMinY || boxes[4 * j + 2] > pMaxY {
                        continue
                    }
                    let j2 = j == count - 1 ? 0 : j + 1
                    let o1 = orientation(x(i), y(i), x(i2), y(i2), x(j), y(j))
                    let o2 = orientation(x(i), y(i), x(i2), y(i2), x(j2), y(j2))
                    let o3 = orientation(x(j), y(j), x(j2), y(j2), x(i), y(i))
                    let o4 = orientation(x(j), y(j), x(j2), y(j2), x(i2), y(i2))
                    // Unsure (0), or a crossing: not certainly simple.
                    if o1 == 0 || o2 == 0 || o3 == 0 || o4 == 0 { return false }
                    if o1 != o2 && o3 != o4 { return false }
                }
            }
            return true
        }
    }

    /// The sign of the turn a→b→c (1 left, -1 right), or 0 when the floating-point result is
    /// within Shewchuk's error bound of zero (orient2d's first filter, ccwerrboundA).
    @inline(__always)
    static func orientation(_ ax: Double, _ ay: Double, _ bx: Double, _ by: Double, _ cx: Double, _ cy: Double) -> Int {
        let left = (bx - ax) * (cy - ay)
        let right = (by - ay) * (cx - ax)
        let determinant = left - right
        let bound = 3.3306690738754716e-16 * (abs(left) + abs(right))
        if determinant > bound { return 1 }
        if determinant < -bound { return -1 }
        return 0
    }
}
