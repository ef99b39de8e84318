import Dispatch
import Foundation
import MapGeometry

/// Where the search reads travel, known when the search is compiled: stored matrices, or
/// pairs measured when read (``MeasuredFleetCosts``). Each kind gets its own specialized
/// search, so reading stored costs pays no check for measured ones.
protocol FleetTravel {
    static var isMeasured: Bool { get }
}

/// Travel read from the problem's stored matrices.
enum StoredTravel: FleetTravel {
    static var isMeasured: Bool { false }
}

/// Travel measured pair by pair (``GeodesicMatrixProvider/measuredMatrices(for:)``).
enum MeasuredTravel: FleetTravel {
    static var isMeasured: Bool { true }
}

/// The problem in flat arrays for the search: costs and times by place, stops and
/// vehicles by index, who may serve whom, and every stop's other stops by nearness.
struct FleetModel<Travel: FleetTravel> {
    let problem: FleetProblem
    let stopCount: Int
    let vehicleCount: Int
    private let placeCount: Int
    /// Objective cost and travel time, row-major over places; empty when measured. Times are
    /// `times[i] / timeDivisor`: geodesic durations are the distances' own memory divided by
    /// the speed (``CostMatrix/Storage/divided(_:by:)``); stored durations are divided by 1.
    private let costs: [Double]
    private let times: [Double]
    private let timeDivisor: Double
    /// The geodesic estimates that give costs, times and metres pair by pair for measured
    /// travel; unused for stored.
    private let measured: MeasuredFleetCosts
    let stopPlace: [Int]
    let items: [Int]
    let service: [Double]
    let windows: [[TimeWindow]]
    /// When each stop's first window opens and its last closes (-infinity and infinity: any time).
    let firstOpening: [Double]
    let lastClosing: [Double]
    let priority: [Int]
    let startPlace: [Int]
    /// The end place, or -1 when the route ends at its last stop (legs to it cost nothing).
    let endPlace: [Int]
    let capacity: [Int]
    let shiftStart: [Double]
    let shiftEnd: [Double]
    /// `canServe[vehicle * stopCount + stop]`: the vehicle has every skill the stop needs.
    let canServe: [Bool]
    /// True when no stop needs a skill some vehicle lacks (``serves(_:_:)`` reads no table then).
    let servesAll: Bool
    /// Vehicles with equal start, end, capacities, shift, skills, limits and costs share a class: trying
    /// one empty vehicle of a class is enough.
    let vehicleClass: [Int]
    let vehicleClassCount: Int
    /// For every stop, all other stops from nearest to farthest (cost both ways).
    let neighbours: [[Int]]
    /// True when some stop has a time window, or some vehicle a shift or breaks.
    let hasTimeLimits: Bool
    /// True when some vehicle has costs: routes cost money (fixed + per metre + per second).
    let isMoney: Bool
    /// True when some vehicle has other dimensions, a route limit or costs: the routes then
    /// keep loads by dimension, distance and waits too, and route costs are checked in full.
    let hasExtras: Bool
    /// True when some vehicle has breaks.
    let hasBreaks: Bool
    /// True when some stop has a time window.
    let hasWindows: Bool
    /// True when no stop has more than one window: a stop's window is then its first opening
    /// and last closing, and no window list is read.
    let hasSingleWindows: Bool
    /// True when shifts are the only time limits: no windows, breaks or extras. Nobody waits
    /// then, and the routes keep no latest arrivals (``keepsLatestArrivals``).
    let onlyShiftsLimitTimes: Bool
    /// The number of capacity dimensions other than items.
    let dimensionCount: Int
    /// Dimensions, route limits and costs (see the accessors below).
    private let extra: FleetExtraData

    /// The model of `problem`; measured travel needs measured matrices (stored travel reads
    /// any, building all n² values of measured ones).
    init(_ problem: FleetProblem) {
        self.problem = problem
        stopCount = problem.stops.count
        vehicleCount = problem.vehicles.count
        placeCount = problem.matrices.distances.count
        // Measured matrices are read pair by pair (``MeasuredFleetCosts``); stored ones are kept here.
        let geodesic = Travel.isMeasured ? problem.matrices.distances.measuredCosts : nil
        precondition(!Travel.isMeasured || geodesic != nil, "measured travel needs measured matrices")
        let metres = geodesic == nil ? problem.matrices.distances.values : []
        let divided = geodesic == nil ? problem.matrices.durations.dividedValues : nil
        times = geodesic != nil ? [] : divided?.values ?? problem.matrices.durations.values
        timeDivisor = divided?.divisor ?? 1
        // Stored values come back as they are, divided ones are computed (durations as the objective).
        let objectiveCosts = problem.objective == .distance ? metres : problem.matrices.durations.values
        let dimensions = Set(problem.vehicles.flatMap(\.capacities.keys)).sorted()
        let isMoney = problem.vehicles.contains { $0.costs != nil }
        let perMetre = problem.vehicles.map { ($0.costs?.perKilometre ?? 0) / 1000 }
        let perSecond = problem.vehicles.map { ($0.costs?.perHour ?? 0) / 3600 }
        // With vehicle costs, the candidates' costs (nearness, the moves' first estimates) are
        // money at the fleet's average rates; the routes' money costs are computed in full.
        let count = Double(problem.vehicles.count)
        let (byMetre, bySecond) = (perMetre.reduce(0, +) / count, perSecond.reduce(0, +) / count)
        let rates = isMoney && byMetre + bySecond > 0 ? FleetCandidates.Rates(perMetre: byMetre, perSecond: bySecond) : nil
        let reading = geodesic.map { MeasuredFleetCosts.reading($0, objective: problem.objective, rates: rates) } ?? MeasuredFleetCosts.unused
        measured = reading.costs
        extra = FleetExtraData(
            dimensions: dimensions,
            amount: problem.stops.flatMap { stop in dimensions.map { stop.amounts[$0] ?? 0 } },
            limit: problem.vehicles.flatMap { vehicle in dimensions.map { vehicle.capacities[$0] ?? .infinity } },
            maxDuration: problem.vehicles.map { $0.maxDuration ?? .infinity },
            maxDistance: problem.vehicles.map { $0.maxDistance ?? .infinity },
            fixedCost: problem.vehicles.map { $0.costs?.fixed ?? 0 }, perMetre: perMetre, perSecond: perSecond,
            metres: metres, breaks: problem.vehicles.map(\.breaks), measuredStorage: reading.storage, measuredCache: reading.cache)
        self.isMoney = isMoney
        dimensionCount = dimensions.count
        hasBreaks = problem.vehicles.contains { !$0.breaks.isEmpty }
        hasExtras = !dimensions.isEmpty || isMoney
            || problem.vehicles.contains { $0.maxDuration != nil || $0.maxDistance != nil || !$0.breaks.isEmpty }
        if rates != nil {
            // Money: a matrix of its own. Otherwise the objective's matrix itself, not a copy.
            let divisor = timeDivisor
            costs = zip(metres, times).map { FleetCandidates.cost(metres: $0, seconds: $1 / divisor, objective: problem.objective, rates: rates) }
        } else {
            costs = objectiveCosts
        }
        stopPlace = problem.stops.map(\.place)
        items = problem.stops.map(\.items)
        service = problem.stops.map(\.serviceDuration)
        windows = problem.stops.map(\.timeWindows)
        firstOpening = problem.stops.map { $0.timeWindows.first?.start ?? -.infinity }
        lastClosing = problem.stops.map { $0.timeWindows.last?.end ?? .infinity }
        priority = problem.stops.map(\.priority)
        startPlace = problem.vehicles.map(\.start)
        endPlace = problem.vehicles.map { vehicle in
            switch vehicle.end {
            case .anywhere: -1
            case .returnToStart: vehicle.start
            case .at(let place): place
            }
        }
        capacity = problem.vehicles.map { $0.capacity ?? Int.max }
        shiftStart = problem.vehicles.map { $0.shift?.start ?? 0 }
        shiftEnd = problem.vehicles.map { $0.shift?.end ?? .infinity }
        var canServe = [Bool]()
        for vehicle in problem.vehicles {
            for stop in problem.stops { canServe.append(stop.skills.isSubset(of: vehicle.skills)) }
        }
        self.canServe = canServe
        servesAll = !canServe.contains(false)
        var classes: [FleetVehicle: Int] = [:]
        vehicleClass = problem.vehicles.map { vehicle in
            var key = vehicle
            key.id = ""
            if let known = classes[key] { return known }
            classes[key] = classes.count
            return classes.count - 1
        }
        vehicleClassCount = classes.count
        hasWindows = problem.stops.contains { !$0.timeWindows.isEmpty }
        hasSingleWindows = problem.stops.allSatisfy { $0.timeWindows.count <= 1 }
        hasTimeLimits = hasWindows
            || problem.vehicles.contains { $0.shift != nil || !$0.breaks.isEmpty }
        onlyShiftsLimitTimes = hasTimeLimits && !hasWindows && !hasExtras
        if let geodesic {
            neighbours = MeasuredFleetCosts.nearestStops(places: stopPlace, of: geodesic)
        } else {
            neighbours = Self.nearestStops(places: stopPlace, costs: costs, placeCount: placeCount)
        }
    }

    /// For every stop, the other stops from nearest to farthest (cost both ways, equal
    /// costs by index), all of them or the nearest ``listedNeighbours`` on large problems.
    /// Rows are shared among the machine's cores, a block at a time: between blocks the
    /// caller looks at cancellation, as the lists of a few hundred stops take a tenth of a
    /// second in a debug build. The rows not reached then list the other stops by index: valid
    /// lists for an answer nobody waits for (the search stops at its first look; only the
    /// first plan of more than 1,000 stops, which does not look, still reads them).
    private static func nearestStops(places: [Int], costs: [Double], placeCount: Int) -> [[Int]] {
        let stopCount = places.count
        let kept = FleetCandidates.neighboursListed(stopCount: stopCount)
        let workers = stopCount > FleetCandidates.fullNeighbourLimit ? max(1, ProcessInfo.processInfo.activeProcessorCount) : 1
        var lists = [[Int]](repeating: [], count: stopCount)
        var first = 0
        while first < stopCount, !SearchStop.isCancelled {
            let end = min(first + 16 * workers, stopCount)
            lists.withUnsafeMutableBufferPointer { buffer in
                nonisolated(unsafe) let rows = buffer
                DispatchQueue.concurrentPerform(iterations: workers) { [first] worker in
                    var closeness = [Double](repeating: 0, count: stopCount)
                    var scratch: [Double] = []
                    var stop = first + worker
                    while stop < end {
                        let from = places[stop]
                        for other in 0..<stopCount {
                            closeness[other] = costs[from * placeCount + places[other]] + costs[places[other] * placeCount + from]
                        }
                        rows[stop] = NearestStops.nearest(kept, of: stop, closeness: closeness, scratch: &scratch)
                        stop += workers
                    }
                }
            }
            first = end
        }
        for stop in first..<stopCount {
            var row = Array(0...kept)
            if let own = row.firstIndex(of: stop) { row.remove(at: own) } else { row.removeLast() }
            lists[stop] = row
        }
        return lists
    }

    /// True when `vehicle` has every skill `stop` needs. Without skills no table is read: the
    /// insertion scan asks for every route, and the table's column for one stop is scattered.
    @inline(__always) func serves(_ vehicle: Int, _ stop: Int) -> Bool {
        servesAll || canServe[vehicle &* stopCount &+ stop]
    }

    /// Objective cost between places; to place -1 (the end of an open route) costs nothing.
    /// The index is computed without overflow checks (places are below `placeCount`; the
    /// array's bounds check still catches a wrong one): the search reads costs billions of times.
    @inline(__always) func cost(_ from: Int, _ to: Int) -> Double {
        if to < 0 { return 0 }
        return cost(from, toPlace: to)
    }

    /// ``cost(_:_:)`` to a place known not to be an open route's end (`to` ≥ 0).
    @inline(__always) func cost(_ from: Int, toPlace to: Int) -> Double {
        if Travel.isMeasured { return measured.cost(from, to) }
        return costs[from &* placeCount &+ to]
    }

    /// Distance in metres between places; to place -1 is none.
    @inline(__always) func distance(_ from: Int, _ to: Int) -> Double {
        if to < 0 { return 0 }
        if Travel.isMeasured { return measured.distance(from, to) }
        return extra.metres[from &* placeCount &+ to]
    }

    /// True when the routes must keep their times: with time limits or extras (whose route
    /// duration limits and money read them). Without, a route keeps only its costs and load.
    @inline(__always) var keepsTimes: Bool { hasTimeLimits || hasExtras }
    /// True when the routes must keep each node's latest arrival too: with a stop's window or
    /// extras. With shifts alone nobody waits, so a delay anywhere reaches the route's end
    /// unchanged, and the end's arrival against the shift is the whole check.
    @inline(__always) var keepsLatestArrivals: Bool { hasWindows || hasExtras }

    /// The capacity dimensions other than items that some vehicle limits, by name.
    var dimensions: [String] { extra.dimensions }
    /// Element readers (not array getters, which would retain the arrays on every call):
    /// `amount(stop * dimensionCount + d)`: the stop's amount in dimension d.
    @inline(__always) func amount(_ index: Int) -> Double { extra.amount[index] }
    /// `limit(vehicle * dimensionCount + d)`: the vehicle's capacity in dimension d (infinity: none).
    @inline(__always) func limit(_ index: Int) -> Double { extra.limit[index] }
    /// Longest route per vehicle in seconds and in metres (infinity: none).
    @inline(__always) func maxDuration(_ vehicle: Int) -> Double { extra.maxDuration[vehicle] }
    @inline(__always) func maxDistance(_ vehicle: Int) -> Double { extra.maxDistance[vehicle] }
    /// Money per vehicle: fixed when used, per metre, per second.
    @inline(__always) func fixedCost(_ vehicle: Int) -> Double { extra.fixedCost[vehicle] }
    @inline(__always) func perMetre(_ vehicle: Int) -> Double { extra.perMetre[vehicle] }
    @inline(__always) func perSecond(_ vehicle: Int) -> Double { extra.perSecond[vehicle] }
    /// The vehicle's breaks (empty for most).
    @inline(__always) func breaks(_ vehicle: Int) -> [FleetBreak] { extra.breaks[vehicle] }
    /// True when `vehicle` has breaks (without touching the lists when no vehicle has any).
    @inline(__always) func takesBreaks(_ vehicle: Int) -> Bool { hasBreaks && !extra.breaks[vehicle].isEmpty }

    /// Travel time between places; to place -1 takes no time.
    @inline(__always) func time(_ from: Int, _ to: Int) -> Double {
        if to < 0 { return 0 }
        return time(from, toPlace: to)
    }

    /// ``time(_:_:)`` to a place known not to be an open route's end (`to` ≥ 0).
    @inline(__always) func time(_ from: Int, toPlace to: Int) -> Double {
        if Travel.isMeasured { return measured.duration(from, to) }
        // Stored durations are divided by 1: the same number, without a division's wait.
        let stored = times[from &* placeCount &+ to]
        return timeDivisor == 1 ? stored : stored / timeDivisor
    }

    /// When service starts at `stop` for a vehicle arriving at `arrival`: at once inside a
    /// window, else at the next window's start; infinity when every window has closed.
    @inline(__always) func serviceStart(_ stop: Int, arrival: Double) -> Double {
        // One window or none (-infinity to infinity): its bounds, without the list's two reads.
        // `InsertedStop.serviceStart(arrival:_:)` repeats this line with bounds the scan has read.
        if hasSingleWindows { return arrival <= lastClosing[stop] ? max(arrival, firstOpening[stop]) : .infinity }
        let stopWindows = windows[stop]
        if stopWindows.isEmpty { return arrival }
        for window in stopWindows where arrival <= window.end { return max(arrival, window.start) }
        return .infinity
    }

    /// The latest arrival at `stop` from which service can start no later than `latestStart`
    /// (waiting is allowed, so any earlier arrival works too); -infinity when none.
    @inline(__always) func latestArrival(_ stop: Int, latestStart: Double) -> Double {
        if hasSingleWindows { return firstOpening[stop] <= latestStart ? min(lastClosing[stop], latestStart) : -.infinity }
        let stopWindows = windows[stop]
        if stopWindows.isEmpty { return latestStart }
        for window in stopWindows.reversed() where window.start <= latestStart { return min(window.end, latestStart) }
        return -.infinity
    }
}

/// How the search ranks candidates, for stored and measured travel alike: which stops each
/// stop lists as neighbours, and what a leg costs when comparing candidates.
enum FleetCandidates {
    /// Up to this many stops every stop lists all others; above, only the nearest
    /// `listedNeighbours` (a full list is n² entries: 200 MB and 4 s of sorting at 5,000 stops).
    static let fullNeighbourLimit = 1_000
    static let listedNeighbours = 250
    /// Above `fullNeighbourLimit` stops, a stop is inserted only next to this many of its
    /// nearest stops (granular insertion, as VROOM and PyVRP do; see
    /// ``FleetState/bestInsertions(of:_:blinks:)``).
    static let insertionNeighbours = 40

    /// How many other stops each stop lists: all of them, or ``listedNeighbours`` on large problems.
    static func neighboursListed(stopCount: Int) -> Int {
        stopCount <= fullNeighbourLimit ? stopCount - 1 : listedNeighbours
    }

    /// The fleet's average money per metre and per second (when some vehicle has costs).
    struct Rates {
        let perMetre: Double
        let perSecond: Double
    }

    /// What the candidates (nearness, the moves' first estimates) cost over a leg of `metres`
    /// and `seconds`: the objective, or money at the fleet's average `rates` when vehicles have
    /// costs (the routes' money is then computed in full). Stored and measured costs both use it.
    @inline(__always)
    static func cost(metres: Double, seconds: Double, objective: RouteObjective, rates: Rates?) -> Double {
        guard let rates else { return objective == .distance ? metres : seconds }
        return rates.perMetre * metres + rates.perSecond * seconds
    }
}

/// A model's capacity dimensions, route limits and costs, in one shared object: the search
/// copies the model (its closures capture it), and one reference retains cheaper than nine arrays.
/// Not `Sendable`: a model belongs to one search, which writes its measured-pair table.
final class FleetExtraData {
    let dimensions: [String]
    let amount: [Double]
    let limit: [Double]
    let maxDuration: [Double]
    let maxDistance: [Double]
    let fixedCost: [Double]
    let perMetre: [Double]
    let perSecond: [Double]
    /// Distances in metres, row-major over places (empty when measured).
    let metres: [Double]
    let breaks: [[FleetBreak]]
    /// The memory the model's ``MeasuredFleetCosts`` reads.
    let measuredStorage: GeodesicDistances.Storage
    /// The table of measured pairs the model's ``MeasuredFleetCosts`` keeps.
    let measuredCache: MeasuredPairCache

    init(
        dimensions: [String], amount: [Double], limit: [Double], maxDuration: [Double], maxDistance: [Double],
        fixedCost: [Double], perMetre: [Double], perSecond: [Double], metres: [Double], breaks: [[FleetBreak]],
        measuredStorage: GeodesicDistances.Storage, measuredCache: MeasuredPairCache
    ) {
        self.dimensions = dimensions
        self.amount = amount
        self.limit = limit
        self.maxDuration = maxDuration
        self.maxDistance = maxDistance
        self.fixedCost = fixedCost
        self.perMetre = perMetre
        self.perSecond = perSecond
        self.metres = metres
        self.breaks = breaks
        self.measuredStorage = measuredStorage
        self.measuredCache = measuredCache
    }
}
