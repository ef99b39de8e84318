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
        neighbours = Self.nearestStops(places: stopPlace, costs: costs, placeCount: placeCount)
    }

    /// Up to this many stops every stop lists all others; above, only the nearest
    /// `listedNeighbours` (a full list is n² entries: 200 MB and 4 s of sorting at 5,000 stops).
    static let fullNeighbourLimit = 1_000
    static let listedNeighbours = 250

    /// For every stop, the other stops from nearest to farthest (cost both ways, equal
    /// costs by index), all of them or the nearest ``listedNeighbours`` on large problems.
    private static func nearestStops(places: [Int], costs: [Double], placeCount: Int) -> [[Int]] {
        let stopCount = places.count
        let kept = stopCount <= fullNeighbourLimit ? stopCount - 1 : listedNeighbours
        return (0..<stopCount).map { stop in
            let from = places[stop]
            let closeness = (0..<stopCount).map { other in
                costs[from * placeCount + places[other]] + costs[places[other] * placeCount + from]
            }
            let closer = { (a: Int, b: Int) in closeness[a] != closeness[b] ? closeness[a] < closeness[b] : a < b }
            var others = (0..<stopCount).filter { $0 != stop }
            if kept < others.count {
                // The nearest `kept`: a max-heap of the best so far, then sorted.
                var heap = Heap(Array(others.prefix(kept)), by: closer)
                for other in others.dropFirst(kept) where closer(other, heap.top) { heap.replaceTop(other) }
                others = heap.elements
            }
            return others.sorted(by: closer)
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

/// A max-heap under `isBefore`: the root is the element that comes last, the one to drop
/// when a better element arrives (keeps the nearest neighbours without sorting them all).
private struct Heap {
    private(set) var elements: [Int]
    private let isBefore: (Int, Int) -> Bool

    init(_ elements: [Int], by isBefore: @escaping (Int, Int) -> Bool) {
        self.elements = elements
        self.isBefore = isBefore
        for index in stride(from: elements.count / 2 - 1, through: 0, by: -1) { siftDown(index) }
    }

    var top: Int { elements[0] }

    mutating func replaceTop(_ element: Int) {
        elements[0] = element
        siftDown(0)
    }

    private mutating func siftDown(_ start: Int) {
        var parent = start
        while true {
            var last = parent
            for child in [2 * parent + 1, 2 * parent + 2] where child < elements.count && isBefore(elements[last], elements[child]) {
                last = child
            }
            if last == parent { return }
            elements.swapAt(parent, last)
            parent = last
        }
    }
}
