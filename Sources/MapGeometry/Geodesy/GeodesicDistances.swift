/// Geodesic (WGS84) distances between the pairs of a fixed list of positions, computed when
/// asked instead of stored: memory grows with the number of positions, not its square.
///
/// Every distance equals the corresponding entry of ``Geodesic/distanceMatrix(_:)`` bit for
/// bit (the same ruler, measured from the lower index). Lines up to 300 km cost three square
/// roots and no trigonometry (about 20 ns); longer lines go to PROJ's `geod_inverse`.
public struct GeodesicDistances: Hashable, Sendable {
    /// The positions, in the order their indices name them.
    public let positions: [Position]
    let frames: [VertexFrame]

    /// Prepares the distances between `positions`.
    public init(_ positions: [Position]) {
        self.positions = positions
        frames = positions.map { VertexFrame(longitude: $0.longitude, latitude: $0.latitude) }
    }

    public static func == (left: Self, right: Self) -> Bool { left.positions == right.positions }

    public func hash(into hasher: inout Hasher) { hasher.combine(positions) }

    /// The number of positions.
    public var count: Int { positions.count }

    /// The geodesic distance in metres between the positions at `first` and `second`
    /// (symmetric; 0 for an index with itself).
    @inline(__always)
    public func distance(_ first: Int, _ second: Int) -> Double {
        if first == second { return 0 }
        let (from, to) = first < second ? (first, second) : (second, first)
        let ruler = GeodesicRuler(origin: positions[from], frame: frames[from])
        let target = positions[to]
        return ruler.distance(
            to: frames[to], longitude: target.longitude, latitude: target.latitude, limit: Geodesic.matrixRulerLimit)
    }

    /// The positions' earth-centred coordinates on the WGS84 ellipsoid, in metres: the
    /// straight line between two of them is their chord.
    public var earthCentred: [SIMD3<Double>] { frames.map { SIMD3($0.x, $0.y, $0.z) } }
}

extension GeodesicDistances {
    /// True when every pair's chord is within the ruler's limit for matrices (300 km), so
    /// that every distance is the ruler's and none PROJ's: the box around the positions'
    /// earth-centred coordinates has a diagonal no longer than the limit.
    package var isWithinRulerLimit: Bool {
        guard let first = frames.first else { return true }
        var lower = SIMD3(first.x, first.y, first.z), upper = lower
        for frame in frames {
            let point = SIMD3(frame.x, frame.y, frame.z)
            lower = pointwiseMin(lower, point)
            upper = pointwiseMax(upper, point)
        }
        let diagonal = upper - lower
        return (diagonal * diagonal).sum().squareRoot() <= Geodesic.matrixRulerLimit
    }

    /// The same distances read through pointers into a ``Storage``, for a search that reads
    /// millions of them a second: two plain pointers copy and read without reference counting
    /// (copying ``GeodesicDistances`` retains its two arrays), and the whole reading inlines
    /// into the search's loops, calling nothing. Only for positions ``isWithinRulerLimit``
    /// (PROJ is never asked); valid while the storage lives.
    package struct Reader: @unchecked Sendable {
        // @unchecked: the memory is written once, in `Storage.init`, and only read after.
        @usableFromInline let positions: UnsafePointer<Position>
        @usableFromInline let frames: UnsafePointer<VertexFrame>

        package init(_ storage: Storage) {
            precondition(storage.isWithinRulerLimit, "a reader measures positions within the ruler's limit only")
            positions = UnsafePointer(storage.positions.baseAddress!)
            frames = UnsafePointer(storage.frames.baseAddress!)
        }

        /// ``GeodesicDistances/distance(_:_:)``, bit for bit.
        @inlinable @inline(__always)
        package func distance(_ first: Int, _ second: Int) -> Double {
            if first == second { return 0 }
            let (from, to) = first < second ? (first, second) : (second, first)
            let target = positions[to]
            let ruler = GeodesicRuler(origin: positions[from], frame: frames[from])
            return ruler.arc(over: ruler.chord(to: frames[to]), to: frames[to], longitude: target.longitude, latitude: target.latitude)
        }
    }

    /// The memory a ``Reader`` reads, freed with the last reference to it.
    package final class Storage: @unchecked Sendable {
        // @unchecked: written once here, read-only afterwards.
        let positions: UnsafeMutableBufferPointer<Position>
        let frames: UnsafeMutableBufferPointer<VertexFrame>
        let isWithinRulerLimit: Bool

        package init(_ distances: GeodesicDistances) {
            // One element at least, so that an empty table has addresses too.
            positions = .allocate(capacity: max(1, distances.count))
            frames = .allocate(capacity: max(1, distances.count))
            _ = positions.initialize(from: distances.positions)
            _ = frames.initialize(from: distances.frames)
            isWithinRulerLimit = distances.isWithinRulerLimit
        }

        deinit {
            positions.deallocate()
            frames.deallocate()
        }
    }
}
