/// The cycle model (see ``CycleModel``) of a problem whose costs are geodesic estimates,
/// measured when the search asks instead of copied into an n² table: the same rules (a
/// terminal closing the cycle for free, rank penalties for groups) applied per pair.
///
/// The search compares arcs over chords: the straight line c between two places'
/// earth-centred coordinates, lengthened to the arc of a sphere of the mean radius R,
/// c (1 + c²/24R²). That is one square root per pair, and within 1.2·10⁻⁷ of the geodesic
/// at 100 km and 1.5·10⁻⁵ at 1,000 km (2,000 random lines per length at every latitude,
/// against pyproj), where the ellipsoid's curvature differs from the sphere's; the route's
/// legs and totals are then measured exactly (``GeodesicCosts``).
final class MeasuredCycleCosts {
    let costs: GeodesicCosts
    /// Model nodes: the problem's places, plus the extra terminal when there is one.
    let size: Int
    let start: Int
    let terminal: Int
    /// The place the extra terminal stands for (a round trip's copy of the start); nil when
    /// it is a free dummy end, or when the terminal is a place itself.
    let terminalCopy: Int?
    /// Each node's rank (see ``CycleModel``).
    let ranks: [Int]
    /// The per-pair rule over memory this object owns, for the hot loops.
    let arcs: CycleArcs

    init(
        costs: GeodesicCosts, objective: RouteObjective, size: Int, start: Int, terminal: Int,
        terminalCopy: Int?, ranks: [Int], rankPenalty: Double, endPotential: Double
    ) {
        self.costs = costs
        self.size = size
        self.start = start
        self.terminal = terminal
        self.terminalCopy = terminalCopy
        self.ranks = ranks
        let detour = costs.provider.detourFactor
        let points = UnsafeMutablePointer<SIMD3<Double>>.allocate(capacity: max(costs.count, 1))
        points.initialize(from: costs.distances.earthCentred, count: costs.count)
        let rankStorage = UnsafeMutablePointer<Int>.allocate(capacity: max(ranks.count, 1))
        rankStorage.initialize(from: ranks, count: ranks.count)
        arcs = CycleArcs(
            points: points, ranks: rankStorage, placeCount: costs.count, start: start, terminal: terminal,
            terminalCopy: terminalCopy ?? -1, rankPenalty: rankPenalty, endPotential: endPotential,
            scale: objective == .distance ? detour : detour / costs.provider.metresPerSecond)
    }

    deinit {
        arcs.points.deallocate()
        arcs.ranks.deallocate()
    }

    @inline(__always)
    func cost(_ from: Int, _ to: Int) -> Double { arcs.cost(from, to) }

    /// An upper bound of any cost between two places: twice the largest from place 0
    /// (the triangle inequality), with a margin for the arcs' approximation.
    ///
    /// The largest is measured only to the places whose chord from place 0 is within 5 % of
    /// the longest: the geodesic grows with the chord, to within the ellipsoid's flattening
    /// (0.3 %), so the farthest place is among them. Measuring every place took PROJ's
    /// `geod_inverse` for each line over 300 km: 46 M instructions on 5,000 German places.
    static func largestCostBound(_ costs: GeodesicCosts, objective: RouteObjective) -> Double {
        let points = costs.distances.earthCentred
        guard let origin = points.first else { return 0 }
        let squaredChords = points.map { point in
            let offset = point - origin
            return (offset * offset).sum()
        }
        let shortestKept = 0.95 * 0.95 * (squaredChords.max() ?? 0)
        var largest = 0.0
        for place in 1..<costs.count where squaredChords[place] >= shortestKept {
            largest = max(largest, costs.cost(0, place, objective: objective))
        }
        return 2.01 * largest
    }
}

/// The measured costs' rule as a plain value over raw memory (owned by a
/// ``MeasuredCycleCosts``), so reading a cost in the search retains nothing.
struct CycleArcs {
    let points: UnsafeMutablePointer<SIMD3<Double>>
    let ranks: UnsafeMutablePointer<Int>
    let placeCount: Int
    let start: Int
    let terminal: Int
    /// The place the extra terminal copies, or -1.
    let terminalCopy: Int
    let rankPenalty: Double
    /// Taken off every cost of the start and the terminal (see ``CycleModel``): one rank
    /// penalty on an open path, else 0.
    let endPotential: Double
    /// The objective per metre of arc: the detour factor, divided by the speed for durations.
    let scale: Double

    /// 1 / 24R² for the mean earth radius R = 6,371,008.8 m.
    private static let arcCorrection = 1 / (24 * 6_371_008.8 * 6_371_008.8)

    /// The search's cost of a place pair (see ``MeasuredCycleCosts``).
    @inline(__always)
    func placeCost(_ from: Int, _ to: Int) -> Double {
        let offset = points[from] - points[to]
        let squared = (offset * offset).sum()
        return scale * squared.squareRoot() * (1 + squared * Self.arcCorrection)
    }

    @inline(__always)
    func cost(_ from: Int, _ to: Int) -> Double {
        if from == to { return 0 }
        // The closing edge, free both ways (the costs are symmetric), less both potentials.
        if (from == terminal && to == start) || (from == start && to == terminal) { return -2 * endPotential }
        var base: Double
        if from >= placeCount || to >= placeCount {
            let other = from >= placeCount ? to : from
            base = terminalCopy < 0 ? 0 : other == terminalCopy ? 0 : placeCost(terminalCopy, other)
        } else {
            base = placeCost(from, to)
        }
        let jump = ranks[from] - ranks[to]
        // The start and the terminal are each alone in their rank, so only a jump meets them.
        if jump != 0 {
            base += rankPenalty * Double(abs(jump))
            if from == start || from == terminal { base -= endPotential }
            if to == start || to == terminal { base -= endPotential }
        }
        return base
    }
}
