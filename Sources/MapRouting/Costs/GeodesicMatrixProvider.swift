import MapGeometry

/// Travel estimates without a road network: the geodesic (WGS84) distance times a
/// detour factor, driven at a constant speed.
///
/// A detour factor of about 1.3 is typical for city streets; 1 gives the pure
/// geodesic distance. The matrices are symmetric. ``GeodesicCosts`` gives the same numbers
/// pair by pair without storing them.
public struct GeodesicMatrixProvider: TravelMatrixProvider, Hashable, Sendable {
    /// Road distance ÷ geodesic distance (1 or more).
    public var detourFactor: Double
    /// Travel speed in metres per second (default 30 km/h).
    public var metresPerSecond: Double

    /// Creates a provider.
    /// - Precondition: `detourFactor` ≥ 1 and `metresPerSecond` > 0, both finite.
    public init(detourFactor: Double = 1.3, metresPerSecond: Double = 30 / 3.6) {
        precondition(detourFactor.isFinite && detourFactor >= 1, "detour factor must be a finite number ≥ 1")
        precondition(metresPerSecond.isFinite && metresPerSecond > 0, "speed must be a finite number > 0")
        self.detourFactor = detourFactor
        self.metresPerSecond = metresPerSecond
    }

    /// The travel distance in metres for a geodesic of `metres`: the one place the detour
    /// factor is applied, so that stored and measured matrices hold the same numbers.
    @inline(__always)
    public func travelDistance(geodesic metres: Double) -> Double {
        detourFactor == 1 ? metres : metres * detourFactor
    }

    /// The travel time in seconds over a travel distance of `metres`.
    @inline(__always)
    public func travelDuration(distance metres: Double) -> Double { metres / metresPerSecond }

    /// The same matrices as ``matrices(for:)``, measured pair by pair when read: memory for
    /// the places, not their square (5,000 places: 400 MB stored), and no time to fill them.
    /// Nil when the places lie more than 300 km apart: the fast measure covers shorter lines,
    /// and the longer ones PROJ measures are too slow to read by the million.
    public func measuredMatrices(for positions: [Position]) -> TravelMatrices? {
        let costs = GeodesicCosts(positions, provider: self)
        guard costs.distances.isWithinRulerLimit else { return nil }
        return TravelMatrices(
            unchecked: CostMatrix(measuring: costs, .distance), durations: CostMatrix(measuring: costs, .duration))
    }

    /// The matrices between `positions`. The durations share the distances' memory, each
    /// divided by the speed when read (the numbers ``travelDuration(distance:)`` gives): one
    /// stored matrix, 8 bytes per pair (5,000 places: 200 MB).
    public func matrices(for positions: [Position]) throws -> TravelMatrices {
        var distances = Geodesic.distanceMatrix(positions)
        // In place: a mapped copy would hold a second matrix for a moment.
        if detourFactor != 1 { for index in distances.indices { distances[index] = travelDistance(geodesic: distances[index]) } }
        let matrix = CostMatrix(unchecked: positions.count, values: distances)
        return TravelMatrices(unchecked: matrix, durations: CostMatrix(dividing: matrix, by: metresPerSecond))
    }
}
