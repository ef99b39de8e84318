/// Turns a search state into the public answer: timings per visit, totals per route,
/// and the reason each left-out stop could not be served.
enum FleetSolutionBuilder {
    static func solution(_ state: FleetState, _ model: FleetModel<some FleetTravel>, iterations: Int, stoppedByTimeLimit: Bool) -> FleetSolution {
        let distances = model.problem.matrices.distances
        let routes = state.routes.filter { !$0.isEmpty }.map { route in
            let vehicle = route.vehicle
            let start = model.startPlace[vehicle]
            // Leave as late as the first stop allows, so the vehicle does not wait there.
            let first = route.stops[0]
            let firstTravel = model.time(start, model.stopPlace[first])
            let firstStart = model.serviceStart(first, arrival: model.shiftStart[vehicle] + firstTravel)
            let departure = max(model.shiftStart[vehicle], firstStart - firstTravel)
            var time = departure, distance = 0.0, load = 0
            var previous = start
            var visits: [FleetVisit] = []
            for stop in route.stops {
                let here = model.stopPlace[stop]
                let legTime = model.time(previous, here), legDistance = distances[previous, here]
                let arrival = time + legTime
                let serviceStart = model.serviceStart(stop, arrival: arrival)
                load += model.items[stop]
                distance += legDistance
                time = serviceStart + model.service[stop]
                visits.append(FleetVisit(
                    stop: stop, arrival: arrival, serviceStart: serviceStart, departure: time,
                    legDistance: legDistance, legDuration: legTime, load: load))
                previous = here
            }
            let end = model.endPlace[vehicle]
            if end >= 0 {
                time += model.time(previous, end)
                distance += distances[previous, end]
            }
            let dimensions = model.dimensionCount
            var amounts: [String: Double] = [:]
            for (d, name) in model.dimensions.enumerated() {
                amounts[name] = route.stops.reduce(0) { $0 + model.amount($1 * dimensions + d) }
            }
            var result = FleetRoute(
                vehicle: vehicle, visits: visits, departure: departure, finish: time, distance: distance,
                duration: time - departure, load: load, cost: route.cost, amounts: amounts)
            if model.takesBreaks(vehicle), let timeline = RouteState.timeline(of: route.stops, vehicle: vehicle, model) {
                for index in result.visits.indices {
                    result.visits[index].arrival = timeline.arrivals[index]
                    result.visits[index].serviceStart = timeline.serviceStarts[index]
                    result.visits[index].departure = timeline.departures[index]
                }
                (result.departure, result.finish) = (timeline.start, timeline.end)
                result.duration = timeline.end - timeline.start
                let pauses = model.breaks(vehicle)
                result.breaks = timeline.breaks.enumerated().map { number, placed in
                    FleetBreakVisit(afterVisit: placed.node, start: placed.start, end: placed.start + pauses[number].duration)
                }
            }
            return result
        }
        let unassigned = state.unassigned.map { FleetSolution.Unassigned(stop: $0, reason: reason($0, model)) }
        return FleetSolution(
            routes: routes, unassigned: unassigned, cost: routes.reduce(0) { $0 + $1.cost },
            iterations: iterations, stoppedByTimeLimit: stoppedByTimeLimit)
    }

    /// Why `stop` is not served: the first constraint that rules out every vehicle.
    static func reason(_ stop: Int, _ model: FleetModel<some FleetTravel>) -> UnassignedReason {
        let skilled = (0..<model.vehicleCount).filter { model.serves($0, stop) }
        if skilled.isEmpty { return .skills }
        let roomy = skilled.filter { model.items[stop] <= model.capacity[$0] }
        if roomy.isEmpty { return .capacity }
        let dimensions = model.dimensionCount
        let large = roomy.filter { vehicle in
            (0..<dimensions).allSatisfy { model.fits(model.amount(stop * dimensions + $0), model.limit(vehicle * dimensions + $0)) }
        }
        if large.isEmpty { return .dimensionCapacity }
        let place = model.stopPlace[stop]
        let reachable = large.filter {
            model.time(model.startPlace[$0], place).isFinite && model.time(place, model.endPlace[$0]).isFinite
                && model.cost(model.startPlace[$0], place).isFinite && model.cost(place, model.endPlace[$0]).isFinite
        }
        if reachable.isEmpty { return .unreachable }
        if reachable.contains(where: { RouteState.cost(of: [stop], vehicle: $0, model) != nil }) { return .noRoom }
        // Alone it fits no vehicle: on time at all, then within the route limits?
        let timely = reachable.filter { vehicle in
            let arrival = model.shiftStart[vehicle] + model.time(model.startPlace[vehicle], place)
            let start = model.serviceStart(stop, arrival: arrival)
            return start.isFinite && start + model.service[stop] + model.time(place, model.endPlace[vehicle]) <= model.shiftEnd[vehicle]
        }
        if timely.isEmpty { return .timeWindow }
        let near = timely.filter { vehicle in
            let metres = model.distance(model.startPlace[vehicle], place) + model.distance(place, model.endPlace[vehicle])
            return model.fits(metres, model.maxDistance(vehicle))
        }
        if near.isEmpty { return .maxDistance }
        // Short enough without the breaks?
        let brief = near.filter { vehicle in
            let arrival = model.shiftStart[vehicle] + model.time(model.startPlace[vehicle], place)
            let start = model.serviceStart(stop, arrival: arrival)
            let departure = max(model.shiftStart[vehicle], start - model.time(model.startPlace[vehicle], place))
            return model.fits(start + model.service[stop] + model.time(place, model.endPlace[vehicle]) - departure, model.maxDuration(vehicle))
        }
        return brief.contains { !model.breaks($0).isEmpty } ? .breaks : .maxDuration
    }
}
