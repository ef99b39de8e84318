/// Why a stop was left out.
public enum UnassignedReason: String, Hashable, Sendable, CustomStringConvertible {
    /// No vehicle has every skill the stop needs.
    case skills
    /// The stop's items exceed the capacity of every vehicle that could serve it.
    case capacity
    /// No vehicle that could serve it reaches it within a time window and its shift, even alone.
    case timeWindow = "time_window"
    /// The matrices mark the way to or from the stop unreachable for every suitable vehicle.
    case unreachable
    /// Each stop fits some vehicle alone, but not together with the stops served instead
    /// (the fleet is full or busy at those times).
    case noRoom = "no_room"
    /// The stop's amount in another capacity dimension (``FleetVehicle/capacities``) exceeds
    /// every vehicle that could serve it.
    case dimensionCapacity = "dimension_capacity"
    /// Even alone, the stop makes the route longer than ``FleetVehicle/maxDistance`` for every
    /// vehicle that could serve it.
    case maxDistance = "max_distance"
    /// Even alone, the stop makes the route last longer than ``FleetVehicle/maxDuration`` for
    /// every vehicle that could serve it on time.
    case maxDuration = "max_duration"
    /// Alone it fits some vehicle's windows, shift and limits, but not with that vehicle's breaks.
    case breaks

    public var description: String {
        switch self {
        case .skills: "no vehicle has the skills this stop needs"
        case .capacity: "its items exceed the capacity of every vehicle that could serve it"
        case .timeWindow: "no vehicle can reach it within its time windows and shift"
        case .unreachable: "it cannot be reached from a vehicle's start or to its end"
        case .noRoom: "the fleet has no room left: every route that could take it is full or busy then"
        case .dimensionCapacity: "its amount in a capacity dimension (weight, volume, …) exceeds every vehicle that could serve it"
        case .maxDistance: "even alone it makes every suitable vehicle's route longer than its max_distance"
        case .maxDuration: "even alone it makes every suitable vehicle's route last longer than its max_duration"
        case .breaks: "even alone it leaves every suitable vehicle no time for its driver's breaks"
        }
    }
}

/// A stop served by a route, with its timing.
public struct FleetVisit: Hashable, Sendable {
    /// The stop's index in the problem.
    public var stop: Int
    /// Arrival, service start (after any wait for a window) and departure, on the problem's clock.
    public var arrival: Double, serviceStart: Double, departure: Double
    /// Distance and duration of the leg from the previous stop or the start.
    public var legDistance: Double, legDuration: Double
    /// Items on board counted so far on this route, this stop included.
    public var load: Int
}

/// A driver's break on a route.
public struct FleetBreakVisit: Hashable, Sendable {
    /// Where: 0 before the first visit (at the start), k after the k-th visit (at its stop).
    public var afterVisit: Int
    /// When it starts and ends, on the problem's clock.
    public var start: Double, end: Double
}

/// One vehicle's route.
public struct FleetRoute: Hashable, Sendable {
    /// The vehicle's index in the problem.
    public var vehicle: Int
    /// The visits in order.
    public var visits: [FleetVisit]
    /// When the vehicle leaves its start and reaches its end (or finishes its last stop).
    public var departure: Double, finish: Double
    /// Total distance, and the time from departure to finish (waits and service included).
    public var distance: Double, duration: Double
    /// The items of all its stops.
    public var load: Int
    /// The objective cost of this route (money, fixed cost included, when vehicles have costs).
    public var cost: Double
    /// The load in each other capacity dimension that some vehicle limits
    /// (``FleetVehicle/capacities``), by name; empty when there is none.
    public var amounts: [String: Double] = [:]
    /// The vehicle's breaks (``FleetVehicle/breaks``) where the solver placed them, in order.
    public var breaks: [FleetBreakVisit] = []
}

/// The answer: routes of the vehicles that have stops, and the stops left out with the reason.
public struct FleetSolution: Hashable, Sendable {
    /// Routes with at least one stop, in vehicle order.
    public var routes: [FleetRoute]
    /// Stops not served (index in the problem, reason), in stop order.
    public var unassigned: [(stop: Int, reason: UnassignedReason)] {
        get { unassignedStops.map { ($0.stop, $0.reason) } }
        set { unassignedStops = newValue.map { Unassigned(stop: $0.stop, reason: $0.reason) } }
    }
    /// The sum of the routes' costs (the objective).
    public var cost: Double
    /// Ruin-and-recreate iterations run.
    public var iterations: Int
    /// True when the time limit ended the search before its iterations (the answer may then differ between runs).
    public var stoppedByTimeLimit: Bool

    struct Unassigned: Hashable, Sendable {
        var stop: Int
        var reason: UnassignedReason
    }

    private var unassignedStops: [Unassigned]

    init(routes: [FleetRoute], unassigned: [Unassigned], cost: Double, iterations: Int, stoppedByTimeLimit: Bool) {
        self.routes = routes
        self.unassignedStops = unassigned
        self.cost = cost
        self.iterations = iterations
        self.stoppedByTimeLimit = stoppedByTimeLimit
    }
}
