/// Finds proper crossings among the rings of one polygon: a hole crossing its
/// exterior (or another hole) makes the polygon invalid, a ring crossing itself
/// (a bowtie) is OGC-invalid but still well-formed GeoJSON.
///
/// Segments are sorted by their west end and swept from west to east, so only
/// segments whose longitude intervals overlap are compared: about n log n for
/// real shapes. Touching at a vertex and sharing a vertex are not crossings.
struct RingCrossings {
    /// The first pair of different rings that cross: (ring, other ring, near which point).
    private(set) var crossingBetweenRings: (Int, Int, String)?
    /// The first ring that crosses itself: (ring, near which point).
    private(set) var selfCrossing: (Int, String)?

    private struct Segment {
        var ring: Int32
        var index: Int32
        var minX: Double
        var maxX: Double
    }

    init(rings: [LinearRing]) {
        var segments: [Segment] = []
        segments.reserveCapacity(rings.reduce(0) { $0 + $1.positions.count })
        for (ringIndex, ring) in rings.enumerated() {
            let positions = ring.positions
            for index in 0..<(positions.count - 1) {
                let a = positions[index].longitude, b = positions[index + 1].longitude
                segments.append(Segment(ring: Int32(ringIndex), index: Int32(index), minX: min(a, b), maxX: max(a, b)))
            }
        }
        segments.sort { $0.minX < $1.minX }
        var active: [Segment] = []
        for segment in segments {
            active.removeAll { $0.maxX < segment.minX }
            for other in active {
                guard crossingBetweenRings == nil || (other.ring == segment.ring && selfCrossing == nil) else { continue }
                let first = rings[Int(other.ring)].positions, second = rings[Int(segment.ring)].positions
                let p1 = first[Int(other.index)], p2 = first[Int(other.index) + 1]
                let q1 = second[Int(segment.index)], q2 = second[Int(segment.index) + 1]
                if other.ring == segment.ring {
                    // Neighbouring segments share a vertex, and so do the first and last.
                    let count = first.count - 1
                    let distance = abs(Int(other.index) - Int(segment.index))
                    if distance <= 1 || distance == count - 1 { continue }
                    if selfCrossing == nil, Self.properlyCross(p1, p2, q1, q2) || Self.overlap(p1, p2, q1, q2) {
                        selfCrossing = (Int(segment.ring), Self.describe(p1, p2, q1, q2))
                    }
                } else if crossingBetweenRings == nil, Self.properlyCross(p1, p2, q1, q2) {
                    let (low, high) = (min(other.ring, segment.ring), max(other.ring, segment.ring))
                    crossingBetweenRings = (Int(low), Int(high), Self.describe(p1, p2, q1, q2))
                }
            }
            if crossingBetweenRings != nil, selfCrossing != nil { return }
            active.append(segment)
        }
    }

    private static func orientation(_ a: Position, _ b: Position, _ c: Position) -> Double {
        (b.longitude - a.longitude) * (c.latitude - a.latitude) - (b.latitude - a.latitude) * (c.longitude - a.longitude)
    }

    /// True when the segments cross at a point interior to both.
    private static func properlyCross(_ p1: Position, _ p2: Position, _ q1: Position, _ q2: Position) -> Bool {
        let d1 = orientation(p1, p2, q1), d2 = orientation(p1, p2, q2)
        let d3 = orientation(q1, q2, p1), d4 = orientation(q1, q2, p2)
        return ((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0))
    }

    /// True when collinear segments share more than a point.
    private static func overlap(_ p1: Position, _ p2: Position, _ q1: Position, _ q2: Position) -> Bool {
        guard orientation(p1, p2, q1) == 0, orientation(p1, p2, q2) == 0 else { return false }
        let useX = p1.longitude != p2.longitude
        func key(_ p: Position) -> Double { useX ? p.longitude : p.latitude }
        let (a0, a1) = (min(key(p1), key(p2)), max(key(p1), key(p2)))
        let (b0, b1) = (min(key(q1), key(q2)), max(key(q1), key(q2)))
        return min(a1, b1) > max(a0, b0)
    }

    /// The crossing point of two segments, for the message.
    private static func describe(_ p1: Position, _ p2: Position, _ q1: Position, _ q2: Position) -> String {
        let rx = p2.longitude - p1.longitude, ry = p2.latitude - p1.latitude
        let sx = q2.longitude - q1.longitude, sy = q2.latitude - q1.latitude
        let denominator = rx * sy - ry * sx
        guard denominator != 0 else { return "\(q1)" }
        let t = ((q1.longitude - p1.longitude) * sy - (q1.latitude - p1.latitude) * sx) / denominator
        let x = p1.longitude + t * rx, y = p1.latitude + t * ry
        func rounded(_ value: Double) -> Double { (value * 1e7).rounded() / 1e7 }
        return "[\(rounded(x)),\(rounded(y))]"
    }
}
