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
