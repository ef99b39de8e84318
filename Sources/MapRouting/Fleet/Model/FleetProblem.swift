/// A span of time, in seconds on the problem's own clock (for example seconds since midnight).
public struct TimeWindow: Hashable, Sendable {
    /// Earliest time.
    public var start: Double
    /// Latest time.
    public var end: Double

    /// Creates a window; see ``FleetProblem/init(matrices:vehicles:stops:objective:)`` for the checks.
    public init(start: Double, end: Double) {
        self.start = start
        self.end = end
    }
}


/// What a vehicle costs in money units when the plan minimises money
/// (see ``FleetProblem``): all parts default to 0.
public struct FleetVehicleCosts: Hashable, Sendable {
    /// Paid once when the vehicle serves at least one stop.
    public var fixed: Double
    /// Paid per kilometre of the route.
    public var perKilometre: Double
    /// Paid per hour of the route, from its start to its end (travel, service and waiting).
    public var perHour: Double

    /// Creates costs; see ``FleetProblem/init(matrices:vehicles:stops:objective:)`` for the checks.
    public init(fixed: Double = 0, perKilometre: Double = 0, perHour: Double = 0) {
        self.fixed = fixed
        self.perKilometre = perKilometre
        self.perHour = perHour
    }
}

/// A driver's break: it starts inside `window` and lasts `duration` seconds, taken where
/// the vehicle is (at its start or at the stop it has just served: no travel).
public struct FleetBreak: Hashable, Sendable {
    /// When the break may start.
    public var window: TimeWindow
    /// Seconds.
    public var duration: Double

    /// Creates a break; see ``FleetProblem/init(matrices:vehicles:stops:objective:)`` for the checks.
    public init(window: TimeWindow, duration: Double) {
        self.window = window
        self.duration = duration
    }
}

/// A vehicle or field worker: where it starts and ends, what it carries, when it works
/// and what it can do.
public struct FleetVehicle: Hashable, Sendable {
    /// Name shown on the route.
    public var id: String
    /// The start place (an index into the matrices).
    public var start: Int
    /// Where the route ends.
    public var end: FleetRouteEnd
    /// Most items on one route; nil for no limit.
    public var capacity: Int?
    /// When the route may start and by when it must be over (the end reached); nil starts
    /// at time 0 with no end.
    public var shift: TimeWindow?
    /// What the vehicle or worker can do; a stop needing a skill goes only to a vehicle that has it.
    public var skills: Set<String>
    /// Limits in other capacity dimensions than items, by name (for example `"weight": 800`):
    /// the stops' ``FleetStop/amounts`` of that name on one route add up to at most this.
    /// A dimension the vehicle does not name is unlimited for it.
    public var capacities: [String: Double]
    /// The longest route in seconds, from its start to its end (travel, service and waiting);
    /// nil for no limit.
    public var maxDuration: Double?
    /// The longest route in metres (by `matrices.distances`); nil for no limit.
    public var maxDistance: Double?
    /// What the vehicle costs; when any vehicle has costs, the plan minimises money
    /// (a vehicle without costs is then free).
    public var costs: FleetVehicleCosts?
    /// The driver's breaks, in time order: every one is taken on a route with stops (the
    /// solver places it after a stop, or at the start, so that it starts inside its window;
    /// the vehicle waits for the window when it must). A route that cannot meet a break's
    /// window is infeasible. Breaks count in the route's duration.
    public var breaks: [FleetBreak]

    /// Creates a vehicle.
    public init(
        id: String, start: Int, end: FleetRouteEnd = .returnToStart, capacity: Int? = nil,
        shift: TimeWindow? = nil, skills: Set<String> = [], capacities: [String: Double] = [:],
        maxDuration: Double? = nil, maxDistance: Double? = nil, costs: FleetVehicleCosts? = nil,
        breaks: [FleetBreak] = []
    ) {
        self.id = id
        self.start = start
        self.end = end
        self.capacity = capacity
        self.shift = shift
        self.skills = skills
        self.capacities = capacities
        self.maxDuration = maxDuration
        self.maxDistance = maxDistance
        self.costs = costs
        self.breaks = breaks
    }
}

/// A stop to serve: where, how many items, how long, when, needing what, and how much it matters.
public struct FleetStop: Hashable, Sendable {
    /// Name of the stop.
    public var id: String
    /// The stop's place (an index into the matrices).
    public var place: Int
    /// Items to deliver or handle here (counts against the vehicle's capacity).
    public var items: Int
    /// Seconds spent at the stop.
    public var serviceDuration: Double
    /// When service may start; empty for any time. Several windows are allowed, in time
    /// order without overlap; a vehicle arriving early waits for the next window.
    public var timeWindows: [TimeWindow]
    /// Skills the vehicle must have.
    public var skills: Set<String>
    /// Higher priorities are served first when not every stop fits: 0 (default) to 100.
    public var priority: Int
    /// Amounts in other capacity dimensions than items, by name (for example `"weight": 12.5`);
    /// a dimension not named is 0, one that no vehicle limits is unlimited.
    public var amounts: [String: Double]

    /// Creates a stop.
    public init(
        id: String, place: Int, items: Int = 1, serviceDuration: Double = 0, timeWindows: [TimeWindow] = [],
        skills: Set<String> = [], priority: Int = 0, amounts: [String: Double] = [:]
    ) {
        self.id = id
        self.place = place
        self.items = items
        self.serviceDuration = serviceDuration
        self.timeWindows = timeWindows
        self.skills = skills
        self.priority = priority
        self.amounts = amounts
    }
}

/// A dispatch problem: which stops go to which vehicle, in which order.
///
/// The solver serves as many stops as it can (higher priorities first), then
/// minimises the total travel cost (distance or duration, see `objective`).
/// When any vehicle has ``FleetVehicle/costs``, it minimises money instead: per used
/// vehicle its fixed cost, plus its rate per kilometre times the route's distance and per
/// hour times the route's duration (`objective` then only orders the search's candidates).
/// Travel time always comes from `matrices.durations`.
public struct FleetProblem: Hashable, Sendable {
    /// Distances and durations between the places the vehicles and stops name.
    public let matrices: TravelMatrices
    /// The fleet.
    public let vehicles: [FleetVehicle]
    /// The stops.
    public let stops: [FleetStop]
    /// What the routes minimise.
    public let objective: RouteObjective

    /// Checks and creates a problem.
    /// - Throws: ``FleetProblemError`` naming the vehicle or stop and what is wrong.
    public init(
        matrices: TravelMatrices, vehicles: [FleetVehicle], stops: [FleetStop], objective: RouteObjective = .distance
    ) throws(FleetProblemError) {
        let places = matrices.distances.count
        guard !vehicles.isEmpty else { throw .noVehicles }
        func check(_ place: Int, _ role: String) throws(FleetProblemError) {
            guard (0..<places).contains(place) else {
                throw .invalid("\(role): place \(place) is not in the matrices (places 0..<\(places))")
            }
        }
        func check(_ window: TimeWindow, _ role: String) throws(FleetProblemError) {
            guard window.start.isFinite, window.end.isFinite, window.start <= window.end else {
                throw .invalid("\(role): time window [\(window.start), \(window.end)] must be finite with start ≤ end")
            }
        }
        for (index, vehicle) in vehicles.enumerated() {
            let role = "vehicle \(index) (\(vehicle.id))"
            try check(vehicle.start, role + " start")
            if case .at(let end) = vehicle.end { try check(end, role + " end") }
            if let capacity = vehicle.capacity, capacity < 0 { throw .invalid("\(role): capacity \(capacity) must be 0 or more") }
            if let shift = vehicle.shift { try check(shift, role + " shift") }
            for (name, limit) in vehicle.capacities.sorted(by: { $0.key < $1.key }) {
                guard name != "items" else { throw .invalid("\(role): give the items capacity as capacity, not as the dimension \"items\"") }
                guard limit.isFinite, limit >= 0 else { throw .invalid("\(role): capacity \(name) \(limit) must be 0 or more") }
            }
            if let limit = vehicle.maxDuration, !(limit.isFinite && limit >= 0) {
                throw .invalid("\(role): max duration \(limit) must be 0 or more seconds")
            }
            if let limit = vehicle.maxDistance, !(limit.isFinite && limit >= 0) {
                throw .invalid("\(role): max distance \(limit) must be 0 or more metres")
            }
            for (number, pause) in vehicle.breaks.enumerated() {
                try check(pause.window, role + " break \(number + 1)")
                guard pause.duration.isFinite, pause.duration >= 0 else {
                    throw .invalid("\(role): break \(number + 1) duration \(pause.duration) must be 0 or more seconds")
                }
            }
            for (earlier, later) in zip(vehicle.breaks, vehicle.breaks.dropFirst()) where later.window.start < earlier.window.start {
                throw .invalid("\(role): breaks must be in time order (window starting \(earlier.window.start) then \(later.window.start))")
            }
            if let costs = vehicle.costs {
                for (name, value) in [("fixed", costs.fixed), ("per km", costs.perKilometre), ("per hour", costs.perHour)]
                where !(value.isFinite && value >= 0) {
                    throw .invalid("\(role): cost \(name) \(value) must be 0 or more")
                }
            }
        }
        // Every route's load is a sum of some of these: bounded by their total, it cannot overflow.
        var totalItems = 0
        for (index, stop) in stops.enumerated() {
            let role = "stop \(index) (\(stop.id))"
            try check(stop.place, role)
            guard stop.items >= 0 else { throw .invalid("\(role): items \(stop.items) must be 0 or more") }
            let (total, overflows) = totalItems.addingReportingOverflow(stop.items)
            guard !overflows else {
                throw .invalid("\(role): items \(stop.items) bring the stops' total past \(Int.max); give smaller counts")
            }
            totalItems = total
            guard stop.serviceDuration.isFinite, stop.serviceDuration >= 0 else {
                throw .invalid("\(role): service duration \(stop.serviceDuration) must be 0 or more seconds")
            }
            guard (0...100).contains(stop.priority) else { throw .invalid("\(role): priority \(stop.priority) must be 0 to 100") }
            for (name, amount) in stop.amounts.sorted(by: { $0.key < $1.key }) {
                guard name != "items" else { throw .invalid("\(role): give the items as items, not as the amount \"items\"") }
                guard amount.isFinite, amount >= 0 else { throw .invalid("\(role): \(name) \(amount) must be 0 or more") }
            }
            for window in stop.timeWindows { try check(window, role) }
            for (earlier, later) in zip(stop.timeWindows, stop.timeWindows.dropFirst()) where later.start <= earlier.end {
                throw .invalid("\(role): time windows must be in time order without overlap ([\(earlier.start), \(earlier.end)] then [\(later.start), \(later.end)])")
            }
        }
        self.matrices = matrices
        self.vehicles = vehicles
        self.stops = stops
        self.objective = objective
    }
}

/// Why a dispatch problem cannot be built.
public enum FleetProblemError: Error, Hashable, Sendable, CustomStringConvertible {
    /// There is no vehicle.
    case noVehicles
    /// A vehicle or stop is malformed (the message says which and why).
    case invalid(String)

    public var description: String {
        switch self {
        case .noVehicles: "no vehicles: give at least one vehicle"
        case .invalid(let message): message
        }
    }
}
