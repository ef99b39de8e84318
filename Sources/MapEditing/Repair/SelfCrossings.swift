import MapGeometry

/// Counts where a geometry's edges cross each other, up to a budget, before GEOS is asked to
/// rebuild it: GEOS's make-valid work grows with the crossings (a 2,000-vertex scribble has
/// about 300,000 and takes 20 s and 1 GB; 100,000 vertices ran for minutes at 20 GB), so a
/// repair past the budget is refused at once instead.
///
/// Segments go into a uniform grid of about one cell per segment; pairs sharing a cell are
/// compared, and a crossing counts in the one cell that holds its point, so none counts twice.
/// Touching at a vertex or sharing one is not a crossing. The count stops at `limit`; the
/// comparisons stop at `comparisonLimit` (segments overlapping everywhere without crossing).
struct SelfCrossings {
    /// Proper crossings found (at most `limit + 1`).
    private(set) var count = 0
    /// True when the budget ran out before every pair was seen.
    private(set) var exceeded = false

    private struct Segment {
        var x1: Double, y1: Double, x2: Double, y2: Double
        var part: Int32, index: Int32, ringLength: Int32
    }

    init(_ drawing: DrawnGeometry, limit: Int, comparisonLimit: Int = 40_000_000) {
        var segments: [Segment] = []
        var part: Int32 = 0
        drawing.forEachComponent { component in
            let positions = component.positions
            guard component.role != .point, positions.count > 1 else { return }
            for index in 0..<(positions.count - 1) {
                let a = positions[index], b = positions[index + 1]
                segments.append(Segment(x1: a.longitude, y1: a.latitude, x2: b.longitude, y2: b.latitude,
                                        part: part, index: Int32(index), ringLength: Int32(positions.count - 1)))
            }
            part += 1
        }
        count(segments, limit: limit, comparisonLimit: comparisonLimit)
    }

    private mutating func count(_ segments: [Segment], limit: Int, comparisonLimit: Int) {
        guard segments.count > 1 else { return }
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        for s in segments {
            minX = min(minX, s.x1, s.x2); maxX = max(maxX, s.x1, s.x2)
            minY = min(minY, s.y1, s.y2); maxY = max(maxY, s.y1, s.y2)
        }
        let side = max(1, Int(Double(segments.count).squareRoot()))
        let cellWidth = max((maxX - minX) / Double(side), .leastNormalMagnitude)
        let cellHeight = max((maxY - minY) / Double(side), .leastNormalMagnitude)
        func column(_ x: Double) -> Int { min(side - 1, max(0, Int((x - minX) / cellWidth))) }
        func row(_ y: Double) -> Int { min(side - 1, max(0, Int((y - minY) / cellHeight))) }

        var cells = [[Int32]](repeating: [], count: side * side)
        var incidences = 0
        for (index, s) in segments.enumerated() {
            for r in row(min(s.y1, s.y2))...row(max(s.y1, s.y2)) {
                for c in column(min(s.x1, s.x2))...column(max(s.x1, s.x2)) {
                    cells[r * side + c].append(Int32(index))
                    incidences += 1
                    if incidences > comparisonLimit { exceeded = true; return }
                }
            }
        }
        var comparisons = 0
        for r in 0..<side {
            for c in 0..<side {
                let members = cells[r * side + c]
                guard members.count > 1 else { continue }
                for i in 0..<(members.count - 1) {
                    let first = segments[Int(members[i])]
                    for j in (i + 1)..<members.count {
                        comparisons += 1
                        if comparisons > comparisonLimit { exceeded = true; return }
                        let second = segments[Int(members[j])]
                        guard !Self.adjacent(first, second), let point = Self.crossing(first, second),
                              row(point.y) == r, column(point.x) == c else { continue }
                        count += 1
                        if count > limit { exceeded = true; return }
                    }
                }
            }
        }
    }

    /// Consecutive segments of one ring or line (they share a vertex by construction).
    private static func adjacent(_ a: Segment, _ b: Segment) -> Bool {
        guard a.part == b.part else { return false }
        let gap = abs(a.index - b.index)
        return gap <= 1 || gap == a.ringLength - 1
    }

    /// The point where two segments cross properly (each one's ends strictly on both sides of the other).
    private static func crossing(_ a: Segment, _ b: Segment) -> (x: Double, y: Double)? {
        func side(_ ax: Double, _ ay: Double, _ bx: Double, _ by: Double, _ px: Double, _ py: Double) -> Double {
            (bx - ax) * (py - ay) - (by - ay) * (px - ax)
        }
        let d1 = side(a.x1, a.y1, a.x2, a.y2, b.x1, b.y1), d2 = side(a.x1, a.y1, a.x2, a.y2, b.x2, b.y2)
        let d3 = side(b.x1, b.y1, b.x2, b.y2, a.x1, a.y1), d4 = side(b.x1, b.y1, b.x2, b.y2, a.x2, a.y2)
        guard (d1 > 0 && d2 < 0 || d1 < 0 && d2 > 0), (d3 > 0 && d4 < 0 || d3 < 0 && d4 > 0) else { return nil }
        let t = d3 / (d3 - d4)
        return (a.x1 + t * (a.x2 - a.x1), a.y1 + t * (a.y2 - a.y1))
    }
}
