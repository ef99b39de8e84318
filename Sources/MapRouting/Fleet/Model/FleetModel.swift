/// The problem in flat arrays for the search: costs and times by place, stops and
/// vehicles by index, who may serve whom, and every stop's other stops by nearness.
struct FleetModel {
    let problem: FleetProblem
    let stopCount: Int
    let vehicleCount: Int
    private let placeCount: Int
    /// Objective cost and travel time, row-major over places.
    private let costs: [Double]
    private let times: [Double]
    let stopPlace: [Int]
    let items: [Int]
    let service: [Double]
    let windows: [[TimeWindow]]
    let priority: [Int]
    let startPlace: [Int]
    /// The end place, or -1 when the route ends at its last stop (legs to it cost nothing).
    let endPlace: [Int]
    let capacity: [Int]
    let shiftStart: [Double]
    let shiftEnd: [Double]
    /// `canServe[vehicle * stopCount + stop]`: the vehicle has every skill the stop needs.
    let canServe: [Bool]
    /// Vehicles with equal start, end, capacity, shift and skills share a class: trying
    /// one empty vehicle of a class is enough.
    let vehicleClass: [Int]
    let vehicleClassCount: Int
    /// For every stop, all other stops from nearest to farthest (cost both ways).
    let neighbours: [[Int]]
    /// True when some stop has a time window or some vehicle a shift end.
    let hasTimeLimits: Bool

    init(_ problem: FleetProblem) {
        self.problem = problem
        stopCount = problem.stops.count
        vehicleCount = problem.vehicles.count
        placeCount = problem.matrices.distances.count
        costs = problem.objective == .distance ? problem.matrices.distances.values : problem.matrices.durations.values
        times = problem.matrices.durations.values
        stopPlace = problem.stops.map(\.place)
        items = problem.stops.map(\.items)
        service = problem.stops.map(\.serviceDuration)
        windows = problem.stops.map(\.timeWindows)
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
        var classes: [FleetVehicle: Int] = [:]
        vehicleClass = problem.vehicles.map { vehicle in
            var key = vehicle
            key.id = ""
            if let known = classes[key] { return known }
            classes[key] = classes.count
            return classes.count - 1
        }
        vehicleClassCount = classes.count
        hasTimeLimits = problem.stops.contains { !$0.timeWindows.isEmpty } || problem.vehicles.contains { $0.shift != nil }
        let places = stopPlace, count = placeCount, values = costs
        neighbours = (0..<stopCount).map { stop in
            let from = places[stop]
            let closeness = { (other: Int) in values[from * count + places[other]] + values[places[other] * count + from] }
            return (0..<places.count).filter { $0 != stop }.sorted {
                let (a, b) = (closeness($0), closeness($1))
                return a != b ? a < b : $0 < $1
            }
        }
    }

    /// Objective cost between places; to place -1 (the end of an open route) costs nothing.
    @inline(__always) func cost(_ from: Int, _ to: Int) -> Double {
        to < 0 ? 0 : costs[from * placeCount + to]
    }

    /// Travel time between places; to place -1 takes no time.
    @inline(__always) func time(_ from: Int, _ to: Int) -> Double {
        to < 0 ? 0 : times[from * placeCount + to]
    }

    /// When service starts at `stop` for a vehicle arriving at `arrival`: at once inside a
    /// window, else at the next window's start; infinity when every window has closed.
    @inline(__always) func serviceStart(_ stop: Int, arrival: Double) -> Double {
        let stopWindows = windows[stop]
        if stopWindows.isEmpty { return arrival }
        for window in stopWindows where arrival <= window.end { return max(arrival, window.start) }
        return .infinity
    }

    /// The latest arrival at `stop` from which service can start no later than `latestStart`
    /// (waiting is allowed, so any earlier arrival works too); -infinity when none.
    @inline(__always) func latestArrival(_ stop: Int, latestStart: Double) -> Double {
        let stopWindows = windows[stop]
        if stopWindows.isEmpty { return latestStart }
        for window in stopWindows.reversed() where window.start <= latestStart { return min(window.end, latestStart) }
        return -.infinity
    }
}
