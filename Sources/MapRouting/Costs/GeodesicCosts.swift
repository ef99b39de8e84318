import MapGeometry

/// Travel estimates from geodesic distances, measured pair by pair when needed instead of
/// stored as matrices: the same numbers as ``GeodesicMatrixProvider``'s matrices, in memory
/// that grows with the number of places, not its square.
public struct GeodesicCosts: Hashable, Sendable {
    /// The places, in the order their indices name them.
    public let distances: GeodesicDistances
    /// The detour factor and speed of the estimates.
    public let provider: GeodesicMatrixProvider

    /// Estimates between `positions` with the factor and speed of `provider`.
    public init(_ positions: [Position], provider: GeodesicMatrixProvider = GeodesicMatrixProvider()) {
        distances = GeodesicDistances(positions)
        self.provider = provider
    }

    /// The number of places.
    public var count: Int { distances.count }

    /// The estimated travel distance in metres (the geodesic times the detour factor).
    @inline(__always)
    public func distance(_ from: Int, _ to: Int) -> Double {
        provider.travelDistance(geodesic: distances.distance(from, to))
    }

    /// The estimated travel duration in seconds.
    @inline(__always)
    public func duration(_ from: Int, _ to: Int) -> Double {
        provider.travelDuration(distance: distance(from, to))
    }

    /// The cost `objective` minimises.
    @inline(__always)
    public func cost(_ from: Int, _ to: Int, objective: RouteObjective) -> Double {
        objective == .distance ? distance(from, to) : duration(from, to)
    }
}
