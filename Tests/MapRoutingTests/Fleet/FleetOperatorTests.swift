import Foundation
import Testing
@testable import MapRouting

/// The pieces of the fleet search one at a time: the constant-time insertion check
/// against a full simulation, and each local-search move on its own.
@Suite("Fleet search pieces")
struct FleetOperatorTests {
    /// 20 stops with windows, service times and items; 4 vehicles with shifts. With
    /// `shiftsAlone` no stop has a window and the shifts end at 300, early enough to bind:
    /// the routes then keep no latest arrivals (``FleetModel/onlyShiftsLimitTimes``).
    static func problem(seed: UInt64, shiftsAlone: Bool = false) throws -> FleetProblem {
        var random = RandomSource(seed: seed)
        let matrices = FleetSmallTests.matrices(places: 21, random: &random)
        let stops = (1...20).map { place in
            let open = Double(random.below(300))
            return FleetStop(
                id: "s\(place)", place: place, items: 1 + random.below(5), serviceDuration: 10,
                timeWindows: place % 3 == 0 || shiftsAlone ? [] : [TimeWindow(start: open, end: open + 100 + Double(random.below(200)))])
        }
        let shift = TimeWindow(start: 0, end: shiftsAlone ? 300 : 900)
        let vehicles = (0..<4).map { FleetVehicle(id: "v\($0)", start: 0, capacity: 18, shift: shift) }
        return try FleetProblem(matrices: matrices, vehicles: vehicles, stops: stops)
    }

    @Test(arguments: 1...6, [false, true])
    func insertionCheckAgreesWithFullSimulation(seed: UInt64, shiftsAlone: Bool) throws {
        let model = FleetModel<StoredTravel>(try Self.problem(seed: seed, shiftsAlone: shiftsAlone))
        // The shift-alone problems must take that path (no latest arrivals), or they test nothing new.
        #expect(model.onlyShiftsLimitTimes == shiftsAlone && model.keepsLatestArrivals == !shiftsAlone)
        let state = RegretInsertion.build(model)
        var (fitting, late) = (0, 0)
        for route in state.routes where route.isFeasible {
            for stop in 0..<model.stopCount where state.routeOf[stop] != route.vehicle {
                for p in 0...route.stops.count {
                    var stops = route.stops
                    stops.insert(stop, at: p)
                    let full = RouteState.cost(of: stops, vehicle: route.vehicle, model)
                    let quick = route.insertionCost(of: stop, after: p, model)
                    #expect((full == nil) == (quick == nil), "stop \(stop) after node \(p) of vehicle \(route.vehicle)")
                    if let full, let quick { #expect(abs(full - route.cost - quick) < 1e-9) }
                    // Those with room: the ones the time check alone decides.
                    if route.load + model.items[stop] <= model.capacity[route.vehicle] {
                        if full == nil { late += 1 } else { fitting += 1 }
                    }
                }
            }
        }
        #expect(fitting > 10 && late > 5, "\(fitting) on time, \(late) late")
    }

    /// A stop inserted into a route in place (whose passes start from the new node) leaves the
    /// route exactly as a route built with those stops from scratch: the same bits in every
    /// pass, load, feasibility and cost, whether the insertion breaks a window, the shift or
    /// the capacity or not.
    @Test(arguments: 1...6, [false, true])
    func insertingInPlaceEqualsBuildingTheRouteAfresh(seed: UInt64, shiftsAlone: Bool) throws {
        let model = FleetModel<StoredTravel>(try Self.problem(seed: seed, shiftsAlone: shiftsAlone))
        let state = RegretInsertion.build(model)
        var (compared, broken) = (0, 0)
        for route in state.routes {
            for stop in 0..<model.stopCount where state.routeOf[stop] != route.vehicle {
                for index in 0...route.stops.count {
                    var inPlace = route
                    inPlace.insertStop(stop, at: index, model)
                    let fresh = RouteState(vehicle: route.vehicle, stops: inPlace.stops, model: model)
                    let place = "stop \(stop) at \(index) of vehicle \(route.vehicle)"
                    #expect(inPlace.costTo == fresh.costTo && inPlace.departure == fresh.departure, "\(place)")
                    #expect(inPlace.latest == fresh.latest, "\(place)")
                    #expect(inPlace.load == fresh.load && inPlace.isFeasible == fresh.isFeasible && inPlace.cost == fresh.cost, "\(place)")
                    compared += 1
                    if !fresh.isFeasible { broken += 1 }
                }
            }
        }
        #expect(compared > 300 && broken > 30 && broken < compared, "\(broken) of \(compared) infeasible")
    }

    /// Stops removed from a route in place (one, a string, or scattered ones) leave the route
    /// exactly as a route built with the remaining stops from scratch.
    @Test(arguments: 1...6, [false, true])
    func removingInPlaceEqualsBuildingTheRouteAfresh(seed: UInt64, shiftsAlone: Bool) throws {
        let model = FleetModel<StoredTravel>(try Self.problem(seed: seed, shiftsAlone: shiftsAlone))
        let state = RegretInsertion.build(model)
        var random = RandomSource(seed: seed)
        var compared = 0
        for route in state.routes where route.stops.count >= 2 {
            for _ in 0..<40 {
                let indices = (0..<route.stops.count).filter { _ in random.below(3) == 0 }
                guard !indices.isEmpty else { continue }
                var inPlace = route
                inPlace.removeStops(at: indices, model)
                let fresh = RouteState(vehicle: route.vehicle, stops: inPlace.stops, model: model)
                #expect(inPlace.stops.count == route.stops.count - indices.count)
                #expect(inPlace.costTo == fresh.costTo && inPlace.departure == fresh.departure && inPlace.latest == fresh.latest, "\(indices)")
                #expect(inPlace.load == fresh.load && inPlace.isFeasible == fresh.isFeasible && inPlace.cost == fresh.cost, "\(indices)")
                compared += 1
            }
        }
        #expect(compared > 40)
    }

    /// A route's best position for a stop (the detour first, the time check only for a
    /// position cheaper than the best so far) is the first of the cheapest feasible
    /// positions found by checking every position.
    @Test(arguments: 1...6, [false, true])
    func bestPositionIsTheFirstCheapestFeasible(seed: UInt64, shiftsAlone: Bool) throws {
        let model = FleetModel<StoredTravel>(try Self.problem(seed: seed, shiftsAlone: shiftsAlone))
        let state = RegretInsertion.build(model)
        var placed = 0
        for route in state.routes where route.isFeasible {
            for stop in 0..<model.stopCount where state.routeOf[stop] != route.vehicle {
                var expected: Insertion?
                for p in 0...route.stops.count {
                    guard let cost = route.insertionCost(of: stop, after: p, model), cost < (expected?.cost ?? .infinity) else { continue }
                    expected = Insertion(vehicle: route.vehicle, after: p, cost: cost)
                }
                var none = Blinks.none
                let found = route.bestPosition(of: stop, model, blinks: &none)
                #expect(found?.after == expected?.after && found?.cost == expected?.cost, "stop \(stop) on vehicle \(route.vehicle)")
                if let expected {
                    placed += 1
                    // A limit at the best's cost hides it; just above, it is found.
                    #expect(route.bestPosition(of: stop, model, cheaperThan: expected.cost, blinks: &none) == nil)
                    let above = route.bestPosition(of: stop, model, cheaperThan: expected.cost.nextUp, blinks: &none)
                    #expect(above?.after == expected.after && above?.cost == expected.cost)
                }
            }
        }
        #expect(placed > 10)
    }

    /// ``problem(seed:)`` with eight vehicles in three classes (capacities 18, 24, 30, spread over
    /// the indices), so that some stay empty and several routes compete for each stop.
    static func mixedFleetProblem(seed: UInt64) throws -> FleetProblem {
        let base = try problem(seed: seed)
        let vehicles = (0..<8).map { FleetVehicle(id: "v\($0)", start: 0, capacity: 18 + 6 * ($0 % 3), shift: TimeWindow(start: 0, end: 900)) }
        return try FleetProblem(matrices: base.matrices, vehicles: vehicles, stops: base.stops)
    }

    /// `problem`'s regret-built plan after one ruin drawn with `seed`, and the stops it removed.
    static func ruinedPlan(_ problem: FleetProblem, seed: UInt64) -> (FleetModel<StoredTravel>, FleetState, [Int]) {
        let model = FleetModel<StoredTravel>(problem)
        var state = RegretInsertion.build(model)
        var random = RandomSource(seed: seed)
        let removed = StringRemoval.ruin(&state, model, random: &random)
        return (model, state, removed)
    }

    /// The lowest empty vehicle of each class, in vehicle order, read from the routes.
    static func firstEmptyOfEachClass(_ state: FleetState, _ model: FleetModel<StoredTravel>) -> [Int] {
        var seen = Set<Int>()
        return (0..<model.vehicleCount).filter { state.routes[$0].isEmpty && seen.insert(model.vehicleClass[$0]).inserted }
    }

    /// The fleet's scan skips the time checks of positions that cannot beat the second best so
    /// far; its answer is what offering every route's cheapest position would give.
    @Test(arguments: 1...6)
    func bestInsertionsEqualEveryRouteOffered(seed: UInt64) throws {
        let (model, state, removed) = Self.ruinedPlan(try Self.mixedFleetProblem(seed: seed), seed: seed)
        #expect(!removed.isEmpty)
        let vehicles = (state.usedVehicles + Self.firstEmptyOfEachClass(state, model)).sorted()
        var compared = 0
        for stop in 0..<model.stopCount where state.routeOf[stop] < 0 {
            var expected = BestTwoInsertions()
            for vehicle in vehicles {
                if let candidate = state.bestInsertion(of: stop, into: vehicle, granular: false, model) { expected.offer(candidate) }
            }
            let found = state.bestInsertions(of: stop, model)
            #expect(found.best?.vehicle == expected.best?.vehicle && found.best?.after == expected.best?.after)
            #expect(found.best?.cost == expected.best?.cost)
            #expect(found.second == expected.second && found.secondVehicle == expected.secondVehicle)
            if expected.second.isFinite { compared += 1 }
        }
        #expect(compared > 0)
    }

    /// The empty vehicles the scan tries, kept by the state as routes empty and fill (and as a
    /// trial is undone): the lowest empty one of each vehicle class, in vehicle order; and the
    /// vehicles a full scan walks: those and the used ones, in vehicle order.
    @Test(arguments: 1...6)
    func firstEmptyVehiclesAreTheLowestEmptyOfEachClass(seed: UInt64) throws {
        let model = FleetModel<StoredTravel>(try Self.mixedFleetProblem(seed: seed))
        func scanned(_ state: FleetState) -> [Int] {
            (0..<model.vehicleCount).filter { !state.routes[$0].isEmpty || Self.firstEmptyOfEachClass(state, model).contains($0) }
        }
        var state = RegretInsertion.build(model)
        #expect(state.firstEmptyVehicles == Self.firstEmptyOfEachClass(state, model))
        #expect(state.scanVehicles == scanned(state))
        // Emptying the lowest used route leaves an empty vehicle below used ones.
        let lowest = try #require(state.usedVehicles.first)
        state.remove(state.routes[lowest].stops, model)
        let expected = Self.firstEmptyOfEachClass(state, model)
        let expectedScan = scanned(state)
        #expect(model.vehicleClassCount == 3 && expected.contains(lowest))
        #expect(state.firstEmptyVehicles == expected && state.scanVehicles == expectedScan)
        // A trial that empties the next route and fills the lowest again, then is undone.
        state.beginTrial()
        let next = try #require(state.usedVehicles.first)
        let moved = state.routes[next].stops
        state.remove(moved, model)
        for (index, stop) in moved.enumerated() { state.insert(stop, vehicle: lowest, after: index, model) }
        #expect(state.firstEmptyVehicles == Self.firstEmptyOfEachClass(state, model) && state.firstEmptyVehicles.contains(next))
        #expect(state.scanVehicles == scanned(state) && state.scanVehicles.contains(next) && state.scanVehicles.contains(lowest))
        state.undoTrial()
        #expect(state.firstEmptyVehicles == expected && state.scanVehicles == expectedScan)
    }

    /// A route's scan passes over positions by two time bounds (the stop's last window has
    /// closed before the vehicle leaves; service cannot end in time for the next node; tried
    /// only for stops with windows) and over routes without room, and still finds the cheapest
    /// on-time position: the one that checking every position finds. Every stop off the route
    /// is tried, with and without windows, in the ruined plan and in the full plan before the
    /// ruin (whose routes are sometimes too full for a stop).
    @Test(arguments: 1...6)
    func routeScanFindsTheCheapestOnTimePosition(seed: UInt64) throws {
        let (model, ruined, removed) = Self.ruinedPlan(try Self.problem(seed: seed), seed: seed)
        var compared = 0, comparedWithoutWindows = 0, full = 0
        for state in [ruined, RegretInsertion.build(model)] {
            for stop in 0..<model.stopCount {
                for vehicle in 0..<model.vehicleCount where state.routeOf[stop] != vehicle {
                    let route = state.routes[vehicle]
                    if route.load + model.items[stop] > model.capacity[vehicle] { full += 1 }
                    var expected: Insertion?
                    for p in 0...route.stops.count {
                        guard let cost = route.insertionCost(of: stop, after: p, model), cost < (expected?.cost ?? .infinity) else { continue }
                        expected = Insertion(vehicle: vehicle, after: p, cost: cost)
                    }
                    var none = Blinks.none
                    let found = route.bestPosition(of: stop, model, blinks: &none)
                    #expect(found?.after == expected?.after && found?.cost == expected?.cost, "stop \(stop), vehicle \(vehicle)")
                    if expected != nil && route.stops.count > 2 {
                        compared += 1
                        if model.windows[stop].isEmpty { comparedWithoutWindows += 1 }
                    }
                }
            }
        }
        #expect(compared > 0 && removed.contains { !model.windows[$0].isEmpty })
        #expect(comparedWithoutWindows > 0)
        #expect(full > 0)
    }

    /// Blinks are drawn only for a position that would be the best so far, which skips each
    /// position as often as a draw per position would: the cheapest position is skipped with
    /// the blink rate, and a skip never makes the answer cheaper.
    @Test func blinksSkipTheCheapestPositionAtTheirRate() throws {
        let model = FleetModel<StoredTravel>(try Self.problem(seed: 3))
        var state = RegretInsertion.build(model)
        let vehicle = try #require(state.usedVehicles.first { state.routes[$0].stops.count >= 3 })
        let stop = state.routes[vehicle].stops[1]
        state.remove([stop], model)
        let route = state.routes[vehicle]
        var none = Blinks.none
        let cheapest = try #require(route.bestPosition(of: stop, model, blinks: &none))
        var blinks = Blinks(rate: 0.3, random: RandomSource(seed: 11))
        var cheapestKept = 0
        let scans = 10_000
        for _ in 0..<scans {
            guard let found = route.bestPosition(of: stop, model, blinks: &blinks) else { continue }
            #expect(found.cost >= cheapest.cost)
            if found.after == cheapest.after { cheapestKept += 1 }
        }
        // Binomial with p = 0.7: within five standard deviations.
        #expect(abs(Double(cheapestKept) - 0.7 * Double(scans)) < 5 * (0.21 * Double(scans)).squareRoot(), "\(cheapestKept) of \(scans)")
    }

    /// Skills decide who may serve a stop; without any, the table is not read.
    @Test func servesFollowsTheSkills() throws {
        let problem = try FleetSmallTests.line(
            stops: [FleetStop(id: "electric", place: 1, skills: ["electric"]), FleetStop(id: "plain", place: 2)],
            vehicles: [FleetVehicle(id: "plain", start: 0), FleetVehicle(id: "electrician", start: 0, skills: ["electric"])])
        let model = FleetModel<StoredTravel>(problem)
        #expect(!model.servesAll)
        #expect([model.serves(0, 0), model.serves(0, 1), model.serves(1, 0), model.serves(1, 1)] == [false, true, true, true])
        #expect(FleetModel<StoredTravel>(try Self.problem(seed: 1)).servesAll)
    }

    /// ``problem(seed:)`` with a weight on every stop and, per vehicle, a weight capacity,
    /// a longest duration or distance, an open end, different costs (one vehicle free), and a break.
    static func extendedProblem(seed: UInt64) throws -> FleetProblem {
        let base = try problem(seed: seed)
        var random = RandomSource(seed: seed + 100)
        let stops = base.stops.map { stop in
            var stop = stop
            stop.amounts = ["weight": Double(random.below(11))]
            return stop
        }
        let shift = TimeWindow(start: 0, end: 900)
        let vehicles = [
            FleetVehicle(id: "heavy", start: 0, capacity: 18, shift: shift, capacities: ["weight": 40], maxDuration: 500,
                         costs: FleetVehicleCosts(fixed: 10, perKilometre: 1000)),
            FleetVehicle(id: "open", start: 0, end: .anywhere, capacity: 18, shift: shift, maxDistance: 300,
                         costs: FleetVehicleCosts(perHour: 3600)),
            FleetVehicle(id: "free", start: 0, capacity: 18, shift: shift, capacities: ["weight": 25], maxDuration: 400),
            FleetVehicle(id: "fixed", start: 0, capacity: 18, shift: shift, costs: FleetVehicleCosts(fixed: 5, perKilometre: 500, perHour: 1800),
                         breaks: [FleetBreak(window: TimeWindow(start: 200, end: 400), duration: 30)]),
        ]
        return try FleetProblem(matrices: base.matrices, vehicles: vehicles, stops: stops)
    }

    /// With weights, route limits and costs the constant-time check never accepts what the
    /// full simulation refuses, and its money is exact, or an upper bound where the detour
    /// makes the rest of the route earlier (rare: rounded costs break the triangle inequality).
    @Test(arguments: 1...6)
    func extendedInsertionCheckNeverAcceptsAnInfeasibleRoute(seed: UInt64) throws {
        let problem = try Self.extendedProblem(seed: seed)
        let model = FleetModel<StoredTravel>(problem)
        #expect(model.hasExtras && model.isMoney)
        let state = RegretInsertion.build(model)
        #expect(FleetChecker.violations(FleetSolutionBuilder.solution(state, model, iterations: 0, stoppedByTimeLimit: false), problem) == [])
        var (tried, agreed) = (0, 0)
        for route in state.routes {
            for stop in 0..<model.stopCount where state.routeOf[stop] != route.vehicle {
                for p in 0...route.stops.count {
                    var stops = route.stops
                    stops.insert(stop, at: p)
                    let full = RouteState.cost(of: stops, vehicle: route.vehicle, model)
                    let quick = route.insertionCost(of: stop, after: p, model)
                    tried += 1
                    if let quick {
                        let exact = try #require(full, "stop \(stop) after node \(p) of vehicle \(route.vehicle) breaks a limit")
                        #expect(quick >= exact - route.cost - 1e-9)
                        if abs(exact - route.cost - quick) < 1e-9 { agreed += 1 }
                    } else if full == nil {
                        agreed += 1
                    }
                }
            }
        }
        #expect(Double(agreed) >= 0.95 * Double(tried), "\(agreed) of \(tried) insertions agree")
    }

    /// With breaks and no costs, the best position (tried from the cheapest detour on, each
    /// walk starting from the route's own) costs what the cheapest feasible position found by a
    /// full simulation of every position costs, and is feasible by that simulation.
    @Test func bestPositionWithBreaksIsTheCheapestFeasible() throws {
        var (compared, placed) = (0, 0)
        for seed in UInt64(1)...6 {
            let base = try Self.problem(seed: seed)
            let vehicles = base.vehicles.enumerated().map { index, vehicle in
                var vehicle = vehicle
                vehicle.breaks = [FleetBreak(window: TimeWindow(start: 150 + 50 * Double(index), end: 450), duration: 30)]
                return vehicle
            }
            let model = FleetModel<StoredTravel>(try FleetProblem(matrices: base.matrices, vehicles: vehicles, stops: base.stops))
            #expect(model.hasBreaks && !model.isMoney)
            let state = RegretInsertion.build(model)
            for route in state.routes where route.isFeasible && !route.isEmpty {
                for stop in 0..<model.stopCount where state.routeOf[stop] != route.vehicle {
                    func full(_ p: Int) -> Double? {
                        var stops = route.stops
                        stops.insert(stop, at: p)
                        return RouteState.cost(of: stops, vehicle: route.vehicle, model).map { $0 - route.cost }
                    }
                    let cheapest = (0...route.stops.count).compactMap(full).min()
                    var none = Blinks.none
                    let found = route.bestPosition(of: stop, model, blinks: &none)
                    compared += 1
                    #expect((found == nil) == (cheapest == nil), "stop \(stop) on vehicle \(route.vehicle)")
                    guard let found, let cheapest else { continue }
                    placed += 1
                    #expect(abs(found.cost - cheapest) < 1e-9, "stop \(stop) on vehicle \(route.vehicle)")
                    #expect(full(found.after).map { abs($0 - found.cost) < 1e-9 } == true)
                }
            }
        }
        #expect(compared >= 200 && placed >= 50, "\(placed) of \(compared)")
    }

    @Test(arguments: 0..<FleetOperatorTests.moves.count)
    func eachMoveKeepsWeightsLimitsAndCostsRight(moveIndex: Int) throws {
        let name = Self.moves[moveIndex].name
        for seed in UInt64(1)...6 {
            let problem = try Self.extendedProblem(seed: seed)
            let model = FleetModel<StoredTravel>(problem)
            var state = RegretInsertion.build(model)
            for stop in 0..<model.stopCount where state.routeOf[stop] >= 0 {
                let before = state.cost
                if Self.move(moveIndex, stop, &state, model) { #expect(state.cost < before - 1e-9, "\(name) must lower the cost") }
            }
            let solution = FleetSolutionBuilder.solution(state, model, iterations: 0, stoppedByTimeLimit: false)
            #expect(FleetChecker.violations(solution, problem) == [], "\(name)")
        }
    }

    /// The operators the local search runs around each stop.
    static var moves: [any StopMove.Type] { [RelocateMove.self, SwapMove.self, TwoOptStarMove.self, CrossExchangeMove.self] }

    /// Runs move number `index` around `stop`.
    static func move(_ index: Int, _ stop: Int, _ state: inout FleetState, _ model: FleetModel<some FleetTravel>) -> Bool {
        moves[index].improve(stop, &state, model, neighbours: 10)
    }

    @Test(arguments: 0..<FleetOperatorTests.moves.count)
    func eachMoveOnlyImprovesAndStaysFeasible(moveIndex: Int) throws {
        let name = Self.moves[moveIndex].name
        var applied = 0
        for seed in UInt64(1)...6 {
            let problem = try Self.problem(seed: seed)
            let model = FleetModel<StoredTravel>(problem)
            var state = RegretInsertion.build(model)
            let served = Set((0..<model.stopCount).filter { state.routeOf[$0] >= 0 })
            for stop in 0..<model.stopCount where state.routeOf[stop] >= 0 {
                let before = state.cost
                if Self.move(moveIndex, stop, &state, model) {
                    applied += 1
                    #expect(state.cost < before - 1e-9, "\(name) must lower the cost")
                }
            }
            #expect(Set((0..<model.stopCount).filter { state.routeOf[$0] >= 0 }) == served, "\(name) keeps the served stops")
            let solution = FleetSolutionBuilder.solution(state, model, iterations: 0, stoppedByTimeLimit: false)
            #expect(FleetChecker.violations(solution, problem) == [], "\(name)")
        }
        #expect(applied > 0, "\(name) found no improving move on six regret-insertion answers")
    }

    @Test func twoOptStarUncrossesTwoRoutes() throws {
        // Depot 0 in the middle; stops 1, 2 to the west, 3, 4 to the east (on a line).
        let x: [Double] = [0, -1, -2, 1, 2]
        let matrix = try CostMatrix(count: 5) { abs(x[$0] - x[$1]) * 10 }
        let problem = try FleetProblem(
            matrices: TravelMatrices(distances: matrix, durations: matrix),
            vehicles: [FleetVehicle(id: "a", start: 0, end: .anywhere), FleetVehicle(id: "b", start: 0, end: .anywhere)],
            stops: (1...4).map { FleetStop(id: "s\($0)", place: $0) })
        let model = FleetModel<StoredTravel>(problem)
        var state = FleetState(model)
        state.setRoute(0, [0, 3], model)  // west then east: crosses the depot
        state.setRoute(1, [2, 1], model)
        let before = state.cost
        #expect(TwoOptStarMove.improve(0, &state, model, neighbours: 3))
        #expect(state.cost < before)
        #expect(Set(state.routes.map { Set($0.stops) }) == [[0, 1], [2, 3]], "each route keeps to one side")
    }
}
