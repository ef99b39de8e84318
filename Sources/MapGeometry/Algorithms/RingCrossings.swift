/// Finds proper crossings among the rings of one polygon: a hole crossing its
/// exterior (or another hole) makes the polygon invalid, a ring crossing itself
/// (a bowtie) is OGC-invalid but still well-formed GeoJSON.
///
/// Segments are sorted by their west end and swept from west to east, so only
/// segments whose longitude intervals overlap are compared: about n log n for
/// real shapes. Touching at a vertex and sharing a vertex are not crossings.
package struct RingCrossings {
    /// The first pair of different rings that cross: (ring, other ring, near which point).
    package private(set) var crossingBetweenRings: (Int, Int, String)?
    /// The first ring that crosses itself: (ring, near which point).
    package private(set) var selfCrossing: (Int, String)?
    /// True when the check gave up: hostile input (say 100,000 zigzag segments all
    /// overlapping) would otherwise need n² comparisons and hang the reader.
    package private(set) var gaveUp = false

    /// Comparisons allowed per segment before giving up (real shapes need a few dozen).
    static let comparisonBudgetPerSegment = 200

    private struct Segment {
        var ring: Int32
        var index: Int32
        var minX: Double
        var maxX: Double
        var minY: Double
        var maxY: Double
    }

    package init(rings: [LinearRing]) {
        let segmentCount = rings.reduce(0) { $0 + max(0, $1.positions.count - 1) }
        if segmentCount <= 32 {
            checkAllPairs(rings)
        } else {
            sweep(rings)
        }
    }

    /// Small polygons (a 14-vertex building): every pair, no allocation, no sort.
    private mutating func checkAllPairs(_ rings: [LinearRing]) {
        for first in rings.indices {
            let a = rings[first].positions
            for i in 0..<(a.count - 1) {
                for second in first..<rings.count {
                    let b = rings[second].positions
                    for j in (second == first ? i + 1 : 0)..<(b.count - 1) {
                        compare(rings, ring: first, segment: i, with: second, segment: j)
                    }
                }
            }
        }
    }

    /// Records a crossing between segment `i` of ring `first` and segment `j` of ring `second`.
    @inline(__always)
    private mutating func compare(_ rings: [LinearRing], ring first: Int, segment i: Int, with second: Int, segment j: Int) {
        let a = rings[first].positions, b = rings[second].positions
        let p1 = a[i], p2 = a[i + 1], q1 = b[j], q2 = b[j + 1]
        // Quick rejection on the bounding boxes.
        if max(p1.longitude, p2.longitude) < min(q1.longitude, q2.longitude)
            || max(q1.longitude, q2.longitude) < min(p1.longitude, p2.longitude)
            || max(p1.latitude, p2.latitude) < min(q1.latitude, q2.latitude)
            || max(q1.latitude, q2.latitude) < min(p1.latitude, p2.latitude) {
            return
        }
        if first == second {
            // Neighbouring segments share a vertex, and so do the first and last.
            let distance = abs(i - j)
            if distance <= 1 || distance == a.count - 2 { return }
            if selfCrossing == nil, Self.properlyCross(p1, p2, q1, q2) || Self.overlap(p1, p2, q1, q2) {
                selfCrossing = (first, Self.describe(p1, p2, q1, q2))
            }
        } else if crossingBetweenRings == nil, Self.properlyCross(p1, p2, q1, q2) {
            crossingBetweenRings = (first, second, Self.describe(p1, p2, q1, q2))
        }
    }

    /// Larger polygons: a sweep from west to east over segments sorted by their west end.
    /// The active list holds the segments still reaching the sweep line; expired ones are
    /// dropped during the same pass that compares against the rest.
    private mutating func sweep(_ rings: [LinearRing]) {
        var segments: [Segment] = []
        segments.reserveCapacity(rings.reduce(0) { $0 + $1.positions.count })
        for (ringIndex, ring) in rings.enumerated() {
            let positions = ring.positions
            for index in 0..<(positions.count - 1) {
                let a = positions[index], b = positions[index + 1]
                segments.append(Segment(ring: Int32(ringIndex), index: Int32(index),
                                        minX: min(a.longitude, b.longitude), maxX: max(a.longitude, b.longitude),
                                        minY: min(a.latitude, b.latitude), maxY: max(a.latitude, b.latitude)))
            }
        }
        segments.sort { $0.minX < $1.minX }
        var active: [Segment] = []
        var budget = segments.count * Self.comparisonBudgetPerSegment
        for segment in segments {
            budget -= active.count
            if budget < 0 {
                gaveUp = true
                return
            }
            var kept = 0
            for position in active.indices {
                let other = active[position]
                guard other.maxX >= segment.minX else { continue }  // left behind by the sweep
                active[kept] = other
                kept += 1
                guard other.maxY >= segment.minY, other.minY <= segment.maxY else { continue }
                let first = Int(other.ring), second = Int(segment.ring)
                guard crossingBetweenRings == nil || (first == second && selfCrossing == nil) else { continue }
                if first <= second {
                    compare(rings, ring: first, segment: Int(other.index), with: second, segment: Int(segment.index))
                } else {
                    compare(rings, ring: second, segment: Int(segment.index), with: first, segment: Int(other.index))
                }
            }
            active.removeLast(active.count - kept)
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
