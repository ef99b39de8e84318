import MapGeometry

/// Distances and durations between the same places, in the same order.
public struct TravelMatrices: Hashable, Sendable {
    /// Travel distances in metres.
    public var distances: CostMatrix
    /// Travel durations in seconds.
    public var durations: CostMatrix

    /// Pairs two matrices of the same size.
    /// - Throws: ``CostMatrixError/wrongShape(expected:found:)`` when the sizes differ.
    public init(distances: CostMatrix, durations: CostMatrix) throws(CostMatrixError) {
        guard distances.count == durations.count else {
            throw .wrongShape(
                expected: "durations for \(distances.count) places", found: "\(durations.count) places")
        }
        self.distances = distances
        self.durations = durations
    }

    /// Two matrices known to be of the same size.
    init(unchecked distances: CostMatrix, durations: CostMatrix) {
        self.distances = distances
        self.durations = durations
    }
}

/// Something that knows how far and how long it is between places: straight-line
/// estimates (``GeodesicMatrixProvider``), a road network, or a routing service.
///
/// The ordering solver only sees the matrices, so any provider plugs in unchanged.
/// Costs may be asymmetric; `Double.infinity` marks a pair with no way between them.
public protocol TravelMatrixProvider: Sendable {
    /// The matrices between `positions`, row = from, column = to, in the given order.
    func matrices(for positions: [Position]) throws -> TravelMatrices
}
