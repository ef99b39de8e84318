import MapGeometry

/// A fleet model's costs when its matrices are measured geodesic estimates: the numbers the
/// stored matrices would hold (the same arithmetic, the same order), computed when read, and
/// every stop's nearest stops from a k-d tree instead of a scan of all pairs.
///
/// Plain values only (pointers and numbers): the search copies the model into its closures,
/// and a copy must retain nothing more than before. The memory the pointers read lives in
/// ``storage``, which the model keeps in its shared ``FleetExtraData``.
struct MeasuredFleetCosts {
    private let reader: GeodesicDistances.Reader
    private let detourFactor: Double
    private let metresPerSecond: Double
    private let objective: RouteObjective
    /// The fleet's average money per metre and per second, when vehicles have costs.
    private let rates: (perMetre: Double, perSecond: Double)?

    /// The costs of `estimates`, and the storage their reader needs kept alive.
    static func reading(
        _ estimates: GeodesicCosts, objective: RouteObjective, rates: (perMetre: Double, perSecond: Double)?
    ) -> (costs: MeasuredFleetCosts, storage: GeodesicDistances.Storage) {
        let storage = GeodesicDistances.Storage(estimates.distances)
        let costs = MeasuredFleetCosts(
            reader: GeodesicDistances.Reader(storage), detourFactor: estimates.provider.detourFactor,
            metresPerSecond: estimates.provider.metresPerSecond, objective: objective, rates: rates)
        return (costs, storage)
    }

    /// No places: the costs of a model whose matrices are stored (never read).
    static let unused = reading(GeodesicCosts([]), objective: .distance, rates: nil)

    /// ``GeodesicCosts/distance(_:_:)``: the same arithmetic.
    @inline(__always) func distance(_ from: Int, _ to: Int) -> Double {
        let metres = reader.distance(from, to)
        return detourFactor == 1 ? metres : metres * detourFactor
    }

    /// ``GeodesicCosts/duration(_:_:)``: the same arithmetic.
    @inline(__always) func duration(_ from: Int, _ to: Int) -> Double { distance(from, to) / metresPerSecond }

    /// The candidates' cost between places, as ``FleetModel``'s stored costs would hold it.
    @inline(__always) func cost(_ from: Int, _ to: Int) -> Double {
        guard let rates else { return objective == .distance ? distance(from, to) : duration(from, to) }
        return rates.perMetre * distance(from, to) + rates.perSecond * duration(from, to)
    }

    /// For every stop, its nearest other stops, nearest first (ties by index): all of them up to
    /// ``FleetModel/fullNeighbourLimit`` stops, else the nearest ``FleetModel/listedNeighbours``.
    /// Every cost here grows with the geodesic distance, so the geodesic order is the costs' order.
    static func nearestStops(places: [Int], of estimates: GeodesicCosts) -> [[Int]] {
        let stops = GeodesicDistances(places.map { estimates.distances.positions[$0] })
        let kept = places.count <= FleetModel.fullNeighbourLimit ? places.count - 1 : FleetModel.listedNeighbours
        let (k, lists) = stops.nearestNeighbours(kept)
        return (0..<places.count).map { stop in lists[stop * k ..< stop * k + k].map(Int.init) }
    }
}
