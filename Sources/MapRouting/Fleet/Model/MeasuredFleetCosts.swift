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
    private let kept: MeasuredPairCache.Reader
    private let provider: GeodesicMatrixProvider
    private let objective: RouteObjective
    /// The fleet's average money per metre and per second, when vehicles have costs.
    private let rates: FleetCandidates.Rates?

    /// The costs of `estimates`, and the storage and table their readers need kept alive.
    static func reading(
        _ estimates: GeodesicCosts, objective: RouteObjective, rates: FleetCandidates.Rates?
    ) -> (costs: MeasuredFleetCosts, storage: GeodesicDistances.Storage, cache: MeasuredPairCache) {
        let storage = GeodesicDistances.Storage(estimates.distances)
        let cache = MeasuredPairCache(places: estimates.count)
        let costs = MeasuredFleetCosts(
            reader: GeodesicDistances.Reader(storage), kept: cache.reader, provider: estimates.provider, objective: objective,
            rates: rates)
        return (costs, storage, cache)
    }

    /// No places: the costs of a model whose matrices are stored (never read).
    static var unused: (costs: MeasuredFleetCosts, storage: GeodesicDistances.Storage, cache: MeasuredPairCache) {
        reading(GeodesicCosts([]), objective: .distance, rates: nil)
    }

    /// ``GeodesicCosts/distance(_:_:)``: the same arithmetic.
    @inline(__always) func distance(_ from: Int, _ to: Int) -> Double {
        provider.travelDistance(geodesic: kept.distance(from, to) { reader.distance(from, to) })
    }

    /// ``GeodesicCosts/duration(_:_:)``: the same arithmetic.
    @inline(__always) func duration(_ from: Int, _ to: Int) -> Double { provider.travelDuration(distance: distance(from, to)) }

    /// The candidates' cost between places, as ``FleetModel``'s stored costs would hold it.
    @inline(__always) func cost(_ from: Int, _ to: Int) -> Double {
        let metres = distance(from, to)
        let seconds = provider.travelDuration(distance: metres)
        return FleetCandidates.cost(metres: metres, seconds: seconds, objective: objective, rates: rates)
    }

    /// For every stop, its nearest other stops, nearest first (ties by index): all of them up to
    /// ``FleetCandidates/fullNeighbourLimit`` stops, else the nearest ``FleetCandidates/listedNeighbours``.
    /// Every cost here grows with the geodesic distance, so the geodesic order is the costs' order.
    static func nearestStops(places: [Int], of estimates: GeodesicCosts) -> [[Int]] {
        let stops = GeodesicDistances(places.map { estimates.distances.positions[$0] })
        let (k, lists) = stops.nearestNeighbours(FleetCandidates.neighboursListed(stopCount: places.count))
        return (0..<places.count).map { stop in lists[stop * k ..< stop * k + k].map(Int.init) }
    }
}
