@testable import MapRouting

/// An independent check of a fleet answer: recomputes every route from the problem alone
/// and lists what is wrong (empty when the answer is feasible and its cost is right).
///
/// Also checks the capacity dimensions (``FleetVehicle/capacities`` against the stops'
/// ``FleetStop/amounts``), the route limits (`maxDistance`, and `maxDuration` from the route's
/// start, leaving as late as the first stop allows, to its end) and, when vehicles have costs,
/// each route's money cost (fixed + per km + per hour). Breaks: every break of the vehicle is
/// reported once, in order, starting inside its window, no earlier than the vehicle is free at
/// the node where it is placed; the route's times are recomputed with them.
enum FleetChecker {
    static func violations(_ solution: FleetSolution, _ problem: FleetProblem) -> [String] {
        var problems: [String] = []
        var seen = [Int](repeating: 0, count: problem.stops.count)
        let costs = problem.objective == .distance ? problem.matrices.distances : problem.matrices.durations
        let times = problem.matrices.durations
        let distances = problem.matrices.distances
        let isMoney = problem.vehicles.contains { $0.costs != nil }
        var total = 0.0
        func near(_ a: Double, _ b: Double) -> Bool { abs(a - b) <= 1e-6 * max(1, abs(a), abs(b)) }
        for route in solution.routes {
            let vehicle = problem.vehicles[route.vehicle]
            var time = vehicle.shift?.start ?? 0
            var start = time
            var place = vehicle.start
            var load = 0, cost = 0.0, distance = 0.0
            var amounts: [String: Double] = [:]
            let pauses = vehicle.breaks
            if route.breaks.count != pauses.count {
                problems.append("\(vehicle.id) reports \(route.breaks.count) breaks, has \(pauses.count)")
            }
            var nextBreak = 0, breakAtStart = false
            func takeBreaks(at node: Int) {
                while nextBreak < min(route.breaks.count, pauses.count), route.breaks[nextBreak].afterVisit == node {
                    let placed = route.breaks[nextBreak], pause = pauses[nextBreak]
                    if placed.start < time - 1e-6 { problems.append("\(vehicle.id) break \(nextBreak + 1) starts at \(placed.start), busy until \(time)") }
                    if placed.start < pause.window.start - 1e-6 || placed.start > pause.window.end + 1e-6 {
                        problems.append("\(vehicle.id) break \(nextBreak + 1) starts at \(placed.start), outside its window")
                    }
                    if abs(placed.end - placed.start - pause.duration) > 1e-6 { problems.append("\(vehicle.id) break \(nextBreak + 1) has the wrong length") }
                    time = max(time, placed.start) + pause.duration
                    if node == 0 && !breakAtStart {
                        breakAtStart = true
                        start = placed.start
                    }
                    nextBreak += 1
                }
            }
            if !route.visits.isEmpty { takeBreaks(at: 0) }
            for (index, visit) in route.visits.enumerated() {
                let stop = problem.stops[visit.stop]
                seen[visit.stop] += 1
                if !stop.skills.isSubset(of: vehicle.skills) { problems.append("\(vehicle.id) lacks skills for \(stop.id)") }
                let travel = times[place, stop.place]
                time += travel
                cost += costs[place, stop.place]
                distance += distances[place, stop.place]
                if !stop.timeWindows.isEmpty {
                    guard let window = stop.timeWindows.first(where: { time <= $0.end }) else {
                        problems.append("\(vehicle.id) reaches \(stop.id) at \(time), after its last window")
                        break
                    }
                    time = max(time, window.start)
                }
                if index == 0 && !breakAtStart { start = max(start, time - travel) }
                if abs(visit.serviceStart - time) > 1e-6 && visit.serviceStart < time - 1e-6 {
                    problems.append("\(stop.id) reported to start at \(visit.serviceStart), before \(time)")
                }
                time += stop.serviceDuration
                takeBreaks(at: index + 1)
                load += stop.items
                for (name, amount) in stop.amounts where vehicle.capacities[name] != nil || route.amounts[name] != nil {
                    amounts[name, default: 0] += amount
                }
                place = stop.place
            }
            if nextBreak != route.breaks.count { problems.append("\(vehicle.id) breaks not placed in order after its visits") }
            let end: Int? = switch vehicle.end {
            case .anywhere: nil
            case .returnToStart: vehicle.start
            case .at(let end): end
            }
            if let end {
                time += times[place, end]
                cost += costs[place, end]
                distance += distances[place, end]
            }
            if let capacity = vehicle.capacity, load > capacity { problems.append("\(vehicle.id) carries \(load) > \(capacity)") }
            for (name, capacity) in vehicle.capacities where (amounts[name] ?? 0) > capacity * (1 + 1e-9) {
                problems.append("\(vehicle.id) carries \(name) \(amounts[name] ?? 0) > \(capacity)")
            }
            for (name, amount) in amounts where !near(route.amounts[name] ?? 0, amount) {
                problems.append("\(vehicle.id) \(name) reported \(route.amounts[name] ?? 0), is \(amount)")
            }
            if let shift = vehicle.shift, time > shift.end + 1e-9 { problems.append("\(vehicle.id) ends at \(time) after its shift \(shift.end)") }
            let duration = time - start
            if let limit = vehicle.maxDuration, duration > limit + 1e-6 * max(1, limit) {
                problems.append("\(vehicle.id) lasts \(duration) s > max duration \(limit)")
            }
            if let limit = vehicle.maxDistance, distance > limit + 1e-6 * max(1, limit) {
                problems.append("\(vehicle.id) runs \(distance) m > max distance \(limit)")
            }
            if !near(duration, route.duration) { problems.append("\(vehicle.id) duration reported \(route.duration), is \(duration)") }
            if !near(distance, route.distance) { problems.append("\(vehicle.id) distance reported \(route.distance), is \(distance)") }
            if isMoney {
                let rates = vehicle.costs ?? FleetVehicleCosts()
                cost = rates.fixed + rates.perKilometre * distance / 1000 + rates.perHour * duration / 3600
            }
            if load != route.load { problems.append("\(vehicle.id) load reported \(route.load), is \(load)") }
            if abs(cost - route.cost) > 1e-6 * max(1, cost) { problems.append("\(vehicle.id) cost reported \(route.cost), is \(cost)") }
            total += cost
        }
        for entry in solution.unassigned { seen[entry.stop] += 1 }
        for (stop, count) in seen.enumerated() where count != 1 {
            problems.append("stop \(problem.stops[stop].id) appears \(count) times (served or unassigned)")
        }
        if abs(total - solution.cost) > 1e-6 * max(1, total) { problems.append("total cost reported \(solution.cost), is \(total)") }
        return problems
    }
}
