/// The costs an ordering problem minimises: a full matrix, or geodesic estimates measured
/// pair by pair (for thousands of places, where a matrix would need n² memory and time).
public enum TourCosts: Hashable, Sendable {
    /// Given costs, possibly asymmetric, with `infinity` for unreachable pairs.
    case matrix(CostMatrix)
    /// Geodesic estimates of the objective, symmetric and finite, computed when the search asks.
    case geodesic(GeodesicCosts, objective: RouteObjective)

    /// The number of places.
    public var count: Int {
        switch self {
        case .matrix(let matrix): matrix.count
        case .geodesic(let costs, _): costs.count
        }
    }

    /// The cost of travelling from `from` to `to`.
    public subscript(from: Int, to: Int) -> Double {
        switch self {
        case .matrix(let matrix): matrix[from, to]
        case .geodesic(let costs, let objective): costs.cost(from, to, objective: objective)
        }
    }
}
