import Foundation
import Testing
@testable import MapRouting

/// Small fleets checked against brute force, and the rules a dispatcher relies on:
/// skills, capacity, windows, shifts, priorities, reasons, determinism.
@Suite("Fleet solver rules and brute force")
struct FleetSmallTests {
    /// Random places on a 100 × 100 grid with rounded Euclidean costs (place 0 is the depot).
    static func matrices(places: Int, random: inout RandomSource) -> TravelMatrices {
        let points = (0..<places).map { _ in (Double(random.below(100)), Double(random.below(100))) }
        let matrix = try! CostMatrix(count: places) { hypot(points[$0].0 - points[$1].0, points[$0].1 - points[$1].1).rounded() }
        return try! TravelMatrices(distances: matrix, durations: matrix)
    }

    /// The cheapest way to serve every stop, trying every order and every split between
    /// the two vehicles (nil when no split is feasible). Independent of the solver's code.
    static func bruteForce(_ problem: FleetProblem) -> Double? {
        func routeCost(_ stops: [Int], _ vehicle: FleetVehicle) -> Double? {
            var time = vehicle.shift?.start ?? 0, cost = 0.0, load = 0, place = vehicle.start
            for index in stops {
                let stop = problem.stops[index]
                time += problem.matrices.durations[place, stop.place]
                cost += problem.matrices.distances[place, stop.place]
                if !stop.timeWindows.isEmpty {
                    guard let window = stop.timeWindows.first(where: { time <= $0.end }) else { return nil }
                    time = max(time, window.start)
                }
                time += stop.serviceDuration
                load += stop.items
                place = stop.place
            }
            time += problem.matrices.durations[place, vehicle.start]
            cost += problem.matrices.distances[place, vehicle.start]
            if load > vehicle.capacity ?? .max || time > vehicle.shift?.end ?? .infinity { return nil }
            return cost
        }
        var best: Double?
        func permute(_ prefix: [Int], _ rest: [Int]) {
            guard !rest.isEmpty else {
                for split in 0...prefix.count {
                    if let a = routeCost(Array(prefix[..<split]), problem.vehicles[0]),
                        let b = routeCost(Array(prefix[split...]), problem.vehicles[1])
                    {
                        best = min(best ?? .infinity, a + b)
                    }
                }
                return
            }
            for (index, next) in rest.enumerated() {
                var remaining = rest
                remaining.remove(at: index)
                permute(prefix + [next], remaining)
            }
        }
        permute([], Array(problem.stops.indices))
        return best
    }

    @Test(arguments: 1...18)
    func smallFleetsMatchBruteForce(seed: UInt64) throws {
        var random = RandomSource(seed: seed)
        let matrices = Self.matrices(places: 7, random: &random)
        // Three kinds of problem: windows and shifts; neither (routes keep no times); shifts
        // alone, short enough to bind.
        let withWindows = seed % 3 == 0, withoutTimes = seed % 3 == 1
        let shift = withWindows ? TimeWindow(start: 0, end: 400) : withoutTimes ? nil : TimeWindow(start: 0, end: 220)
        let stops = (1...6).map { place in
            let open = Double(random.below(100))
            return FleetStop(
                id: "s\(place)", place: place, items: 1 + random.below(3), serviceDuration: withoutTimes ? 0 : 5,
                timeWindows: withWindows ? [TimeWindow(start: open, end: open + 120)] : [])
        }
        let vehicles = [
            FleetVehicle(id: "a", start: 0, capacity: 8, shift: shift),
            FleetVehicle(id: "b", start: 0, capacity: 6, shift: shift),
        ]
        let problem = try FleetProblem(matrices: matrices, vehicles: vehicles, stops: stops)
        let solution = FleetSolver.solve(problem, options: FleetSearchOptions(seed: seed, iterations: 300, timeLimit: nil))
        #expect(FleetChecker.violations(solution, problem) == [])
        guard let optimum = Self.bruteForce(problem) else {
            // No way to serve every stop: the answer must say which it leaves out.
            #expect(!solution.unassigned.isEmpty)
            return
        }
        #expect(solution.unassigned.isEmpty)
        #expect(abs(solution.cost - optimum) < 1e-9, "seed \(seed): \(solution.cost) vs optimum \(optimum)")
    }

    /// Four stops in a row east of the depot; two vans.
    static func line(
        stops: [FleetStop], vehicles: [FleetVehicle]
    ) throws -> FleetProblem {
        let matrix = try CostMatrix(count: 5) { Double(abs($0 - $1)) * 100 }
        return try FleetProblem(matrices: TravelMatrices(distances: matrix, durations: matrix), vehicles: vehicles, stops: stops)
    }

    @Test func stopsThatCannotFitAreReportedWithTheReason() throws {
        let problem = try Self.line(
            stops: [
                FleetStop(id: "needs-crane", place: 1, skills: ["crane"]),
                FleetStop(id: "too-big", place: 2, items: 50),
                FleetStop(id: "too-late", place: 4, timeWindows: [TimeWindow(start: 0, end: 100)]),
                FleetStop(id: "ok", place: 3, items: 5),
            ],
            vehicles: [FleetVehicle(id: "van", start: 0, capacity: 10)])
        let solution = FleetSolver.solve(problem)
        #expect(FleetChecker.violations(solution, problem) == [])
        #expect(solution.unassigned.map(\.stop) == [0, 1, 2])
        #expect(solution.unassigned.map(\.reason) == [.skills, .capacity, .timeWindow])
        #expect(solution.routes.map { $0.visits.map(\.stop) } == [[3]])
    }

    @Test func higherPriorityWinsWhenTheFleetIsFull() throws {
        let problem = try Self.line(
            stops: [
                FleetStop(id: "routine", place: 1, items: 6),
                FleetStop(id: "urgent", place: 4, items: 6, priority: 10),
            ],
            vehicles: [FleetVehicle(id: "van", start: 0, capacity: 10)])
        let solution = FleetSolver.solve(problem)
        #expect(FleetChecker.violations(solution, problem) == [])
        #expect(solution.routes.map { $0.visits.map(\.stop) } == [[1]])
        #expect(solution.unassigned.map(\.stop) == [0])
        #expect(solution.unassigned.map(\.reason) == [.noRoom])
    }

    @Test func skillsAndShiftsDecideWhoGoesWhere() throws {
        let problem = try Self.line(
            stops: [
                FleetStop(id: "electric", place: 4, skills: ["electric"]),
                FleetStop(id: "near", place: 1, serviceDuration: 50),
                FleetStop(id: "second-window", place: 2, timeWindows: [TimeWindow(start: 0, end: 10), TimeWindow(start: 900, end: 1000)]),
            ],
            vehicles: [
                FleetVehicle(id: "plain", start: 0, shift: TimeWindow(start: 0, end: 2000)),
                FleetVehicle(id: "electrician", start: 0, end: .anywhere, shift: TimeWindow(start: 0, end: 500), skills: ["electric"]),
            ])
        let solution = FleetSolver.solve(problem)
        #expect(FleetChecker.violations(solution, problem) == [])
        #expect(solution.unassigned.isEmpty)
        let electrician = try #require(solution.routes.first { $0.vehicle == 1 })
        #expect(electrician.visits.contains { $0.stop == 0 })
        let late = try #require(solution.routes.flatMap(\.visits).first { $0.stop == 2 })
        #expect(late.serviceStart >= 900, "the first window is over: service waits for the second")
    }

    @Test func sameSeedAndBudgetGiveTheSameAnswer() throws {
        var random = RandomSource(seed: 99)
        let matrices = Self.matrices(places: 30, random: &random)
        let stops = (1..<30).map { FleetStop(id: "s\($0)", place: $0, items: 1 + $0 % 5) }
        let vehicles = (0..<6).map { FleetVehicle(id: "v\($0)", start: 0, capacity: 20) }
        let problem = try FleetProblem(matrices: matrices, vehicles: vehicles, stops: stops)
        let options = FleetSearchOptions(seed: 3, iterations: 400, timeLimit: nil)
        let first = FleetSolver.solve(problem, options: options)
        #expect(FleetSolver.solve(problem, options: options) == first)
        #expect(FleetChecker.violations(first, problem) == [])
    }

    @Test func oneVehicleWithoutLimitsUsesTheOrderingCore() throws {
        var random = RandomSource(seed: 5)
        let matrices = Self.matrices(places: 9, random: &random)
        let problem = try FleetProblem(
            matrices: matrices, vehicles: [FleetVehicle(id: "v", start: 0)],
            stops: (1..<9).map { FleetStop(id: "s\($0)", place: $0) })
        let solution = FleetSolver.solve(problem)
        let tour = try TourSolver.solve(TourProblem(costs: matrices.distances, start: 0, end: .returnToStart))
        #expect(tour.isProvenOptimal)
        #expect(abs(solution.cost - tour.cost) < 1e-9)
        #expect(FleetChecker.violations(solution, problem) == [])
    }

    @Test func badProblemsAreRejectedWithTheReason() throws {
        let matrix = try CostMatrix(count: 2, values: [0, 1, 1, 0])
        let matrices = try TravelMatrices(distances: matrix, durations: matrix)
        #expect(throws: FleetProblemError.noVehicles) { try FleetProblem(matrices: matrices, vehicles: [], stops: []) }
        #expect(throws: FleetProblemError.self) {
            try FleetProblem(matrices: matrices, vehicles: [FleetVehicle(id: "v", start: 5)], stops: [])
        }
        #expect(throws: FleetProblemError.self) {
            try FleetProblem(
                matrices: matrices, vehicles: [FleetVehicle(id: "v", start: 0)],
                stops: [FleetStop(id: "s", place: 1, timeWindows: [TimeWindow(start: 5, end: 1)])])
        }
    }
}
