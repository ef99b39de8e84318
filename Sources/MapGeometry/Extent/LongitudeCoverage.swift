/// The longitudes a set of data covers, reduced to the smallest interval on the circle
/// that contains them all ("largest gap" method).
///
/// Each point adds a zero-length interval; each polyline or ring adds the interval from its
/// smallest to its largest longitude, exactly as its coordinates are written. A path is
/// continuous, so the union of its segments is that one interval: a ring written from 170°
/// to 190° (data unwrapped across ±180) covers 170…180 and −180…−170, while a segment written
/// from 170° to −170° runs the long way, through 0°, as RFC 7946 §3.1.9 draws straight lines.
/// The smallest containing interval is the complement of the widest uncovered gap, so data
/// around Fiji gives a box that crosses the antimeridian instead of a world-wide one.
public struct LongitudeCoverage: Sendable {
    /// A normalised piece of a path: start in −180..<180, end ≤ 180, start ≤ end.
    private struct Interval {
        var start: Double
        var end: Double
    }

    /// Points, normalised to −180..<180: kept apart from paths to halve the memory the usual
    /// case (markers) touches.
    private var points: [Double] = []
    private var intervals: [Interval] = []
    /// Westernmost start and easternmost end so far, kept while adding (saves a pass).
    private var minStart = Double.infinity
    private var maxEnd = -Double.infinity
    /// Set once an interval spans 360° or more: every longitude is covered.
    public private(set) var coversAllLongitudes = false

    public init() {}

    /// True when nothing has been added.
    public var isEmpty: Bool { points.isEmpty && intervals.isEmpty && !coversAllLongitudes }

    /// Reserves room for `count` points (avoids regrowth for large marker sets).
    public mutating func reserveCapacity(_ count: Int) {
        points.reserveCapacity(count)
    }

    /// Adds the longitude of a point (any finite value; 190 is the same as −170).
    public mutating func add(longitude: Double) {
        let value = Self.normalized(longitude)
        points.append(value)
        minStart = Swift.min(minStart, value)
        maxEnd = Swift.max(maxEnd, value)
    }

    /// Adds every longitude between `from` and `to`, as written (not the shorter way round).
    public mutating func add(from: Double, to: Double) {
        let low = Swift.min(from, to), span = Swift.max(from, to) - low
        guard span < 360 else {
            coversAllLongitudes = true
            return
        }
        let start = Self.normalized(low)
        let end = start + span
        if end <= 180 {
            append(start, end)
        } else {
            // Runs past +180: continue from −180.
            append(start, 180)
            append(-180, end - 360)
        }
    }

    /// Adds the longitude extent of a continuous path (polyline or ring).
    public mutating func add(path positions: [Position]) {
        guard let first = positions.first else { return }
        var low = first.longitude, high = first.longitude
        for position in positions {
            low = Swift.min(low, position.longitude)
            high = Swift.max(high, position.longitude)
        }
        add(from: low, to: high)
    }

    /// The smallest interval containing everything added, as (west, east) in −180...180.
    /// `west > east` when it crosses the antimeridian; (−180, 180) when all is covered;
    /// nil when nothing was added. Among equally small answers the one not crossing ±180,
    /// then the westernmost, wins, so the result is deterministic.
    public func smallestInterval() -> (west: Double, east: Double)? {
        if coversAllLongitudes { return (-180, 180) }
        guard !isEmpty else { return nil }
        let span = maxEnd - minStart
        if span == 0 { return (minStart, maxEnd) }
        // Bucket pass, O(n): a gap found between buckets is real; a gap inside one bucket is
        // narrower than a bucket. So when the widest gap found is at least a bucket wide it is
        // the answer (always so for points: n points leave a gap wider than span / n).
        let bucketWidth = span / Double(points.count + intervals.count)
        let bucketed = widestGapUsingBuckets(bucketWidth: bucketWidth)
        let gap = bucketed.width >= bucketWidth ? bucketed : widestGapUsingSort()
        if gap.width <= 0 { return (-180, 180) }
        return (gap.west, gap.east)
    }

    /// The widest uncovered gap, as the data interval it leaves (west, east) and its width.
    private typealias Gap = (west: Double, east: Double, width: Double)

    private func widestGapUsingBuckets(bucketWidth: Double) -> Gap {
        let count = points.count + intervals.count
        // Per bucket: the smallest start and the largest end of what starts in it.
        var bucketStart = [Double](repeating: .infinity, count: count)
        var bucketEnd = [Double](repeating: -.infinity, count: count)
        let scale = 1 / bucketWidth, origin = minStart
        bucketStart.withUnsafeMutableBufferPointer { starts in
            bucketEnd.withUnsafeMutableBufferPointer { ends in
                func put(_ start: Double, _ end: Double) {
                    let bucket = Swift.min(count - 1, Int((start - origin) * scale))
                    starts[bucket] = Swift.min(starts[bucket], start)
                    ends[bucket] = Swift.max(ends[bucket], end)
                }
                for point in points { put(point, point) }
                for interval in intervals { put(interval.start, interval.end) }
            }
        }
        var best: Gap = (minStart, maxEnd, minStart + 360 - maxEnd)  // the gap across ±180
        var reach = -Double.infinity
        for bucket in 0..<count where bucketStart[bucket] != .infinity {
            if reach > -.infinity, bucketStart[bucket] - reach > best.width {
                best = (bucketStart[bucket], reach, bucketStart[bucket] - reach)
            }
            reach = Swift.max(reach, bucketEnd[bucket])
        }
        return best
    }

    /// Exact fallback for overlapping paths whose gaps are all narrower than a bucket.
    private func widestGapUsingSort() -> Gap {
        let all = points.map { Interval(start: $0, end: $0) } + intervals
        var best: Gap = (minStart, maxEnd, minStart + 360 - maxEnd)
        var reach = -Double.infinity
        for interval in all.sorted(by: { $0.start < $1.start }) {
            if reach > -.infinity, interval.start - reach > best.width {
                best = (interval.start, reach, interval.start - reach)
            }
            reach = Swift.max(reach, interval.end)
        }
        return best
    }

    private mutating func append(_ start: Double, _ end: Double) {
        intervals.append(Interval(start: start, end: end))
        minStart = Swift.min(minStart, start)
        maxEnd = Swift.max(maxEnd, end)
    }

    /// A longitude moved into −180..<180.
    private static func normalized(_ longitude: Double) -> Double {
        guard longitude < -180 || longitude >= 180 else { return longitude }
        return longitude - 360 * (((longitude + 180) / 360).rounded(.down))
    }
}
