@testable import MapRouting

/// An independent check of a fleet answer: recomputes every route from the problem alone
/// and lists what is wrong (empty when the answer is feasible and its cost is right).
enum FleetChecker {
    static func violations(_ solution: FleetSolution, _ problem: FleetProblem) -> [String] {
        var problems: [String] = []
        var seen = [Int](repeating: 0, count: problem.stops.count)
        let costs = problem.objective == .distance ? problem.matrices.distances : problem.matrices.durations
        let times = problem.matrices.durations
        var total = 0.0
        for route in solution.routes {
            let vehicle = problem.vehicles[route.vehicle]
            var time = vehicle.shift?.start ?? 0
            var place = vehicle.start
            var load = 0, cost = 0.0
            for visit in route.visits {
                let stop = problem.stops[visit.stop]
                seen[visit.stop] += 1
                if !stop.skills.isSubset(of: vehicle.skills) { problems.append("\(vehicle.id) lacks skills for \(stop.id)") }
                time += times[place, stop.place]
                cost += costs[place, stop.place]
                if !stop.timeWindows.isEmpty {
                    guard let window = stop.timeWindows.first(where: { time <= $0.end }) else {
                        problems.append("\(vehicle.id) reaches \(stop.id) at \(time), after its last window")
                        break
                    }
                    time = max(time, window.start)
                }
                if abs(visit.serviceStart - time) > 1e-6 && visit.serviceStart < time - 1e-6 {
                    problems.append("\(stop.id) reported to start at \(visit.serviceStart), before \(time)")
                }
                time += stop.serviceDuration
                load += stop.items
                place = stop.place
            }
            let end: Int? = switch vehicle.end {
            case .anywhere: nil
            case .returnToStart: vehicle.start
            case .at(let end): end
            }
            if let end {
                time += times[place, end]
                cost += costs[place, end]
            }
            if let capacity = vehicle.capacity, load > capacity { problems.append("\(vehicle.id) carries \(load) > \(capacity)") }
            if let shift = vehicle.shift, time > shift.end + 1e-9 { problems.append("\(vehicle.id) ends at \(time) after its shift \(shift.end)") }
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
