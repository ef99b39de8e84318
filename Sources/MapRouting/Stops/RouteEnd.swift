import MapGeometry

/// Where a route ends, in every planner: a route between positions (`RouteEnd<Position>`),
/// a tour over a cost matrix and a fleet vehicle's route (`RouteEnd<Int>`, a place's index).
public enum RouteEnd<Place: Hashable & Sendable>: Hashable, Sendable {
    /// At the last stop, whichever is best (an open route).
    case anywhere
    /// Back at the start (a round trip).
    case returnToStart
    /// At this place (a depot, home), after every stop.
    case at(Place)
}

/// Where a tour over a cost matrix ends: ``RouteEnd`` at a place's index.
public typealias TourEnd = RouteEnd<Int>

/// Where a fleet vehicle ends its route: ``RouteEnd`` at a place's index.
public typealias FleetRouteEnd = RouteEnd<Int>
