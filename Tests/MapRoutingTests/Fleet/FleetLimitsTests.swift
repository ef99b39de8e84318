import Foundation
import MapGeometry
import MapGeoJSON
import Testing
import TestSupport

@testable import MapRouting

/// Capacity dimensions, route limits and vehicle costs: each respected on the answer (by
/// the independent ``FleetChecker``), stops refused with the reason, and the errors that
/// name the vehicle, stop or file place of a wrong value.
@Suite("Fleet capacity dimensions, route limits and costs")
struct FleetLimitsTests {
    typealias Small = FleetSmallTests

    /// The 200 sample stops with a deterministic weight each (5 to 45 kg), four vans at the
    /// sample depot.
    static func sampleProblem(weightLimit: Double?) throws -> FleetProblem {
        let features = try GeoJSONReader().read(
            contentsOfFile: SharedData.packageRoot.appendingPathComponent("Data/stops.geojson").path
        ).features
        var (stops, positions) = try FleetStop.stops(from: features)
        for index in stops.indices { stops[index].amounts["weight"] = Double((index * 37) % 41 + 5) }
        positions.append(try Position(longitude: 24.9384, latitude: 60.1699))
        let depot = positions.count - 1
        let vehicles = (1...5).map {
            FleetVehicle(id: "van-\($0)", start: depot, capacity: 160, capacities: weightLimit.map { ["weight": $0] } ?? [:])
        }
        return try FleetProblem(
            matrices: GeodesicMatrixProvider().matrices(for: positions), vehicles: vehicles, stops: stops)
    }

    static func weight(_ route: FleetRoute, _ problem: FleetProblem) -> Double {
        route.visits.reduce(0) { $0 + (problem.stops[$1.stop].amounts["weight"] ?? 0) }
    }

    @Test func everyRouteStaysWithinItsWeightOnTheSampleStops() throws {
        let options = FleetSearchOptions(seed: 1, iterations: 300, timeLimit: nil)
        // Without the weight limit some van carries more than 1,100 kg: the limit binds.
        let free = try Self.sampleProblem(weightLimit: nil)
        let unlimited = FleetSolver.solve(free, options: options)
        #expect(unlimited.routes.contains { Self.weight($0, free) > 1_100 })

        let problem = try Self.sampleProblem(weightLimit: 1_100)
        let solution = FleetSolver.solve(problem, options: options)
        #expect(FleetChecker.violations(solution, problem) == [])
        #expect(solution.unassigned.isEmpty)
        for route in solution.routes {
            let weight = Self.weight(route, problem)
            #expect(weight <= 1_100)
            #expect(route.amounts == ["weight": weight])
            #expect(route.load <= 160)
        }
    }

    @Test func aStopHeavierThanEveryVehicleIsRefusedWithTheReason() throws {
        let problem = try Small.line(
            stops: [
                FleetStop(id: "light", place: 1, amounts: ["weight": 300, "volume": 9]),
                FleetStop(id: "heavy", place: 2, amounts: ["weight": 900]),
            ],
            vehicles: [FleetVehicle(id: "van", start: 0, capacities: ["weight": 800])])
        let solution = FleetSolver.solve(problem)
        #expect(FleetChecker.violations(solution, problem) == [])
        #expect(solution.routes.map { $0.visits.map(\.stop) } == [[0]])
        #expect(solution.routes.first?.amounts == ["weight": 300], "volume is limited by no vehicle: not counted")
        #expect(solution.unassigned.map(\.stop) == [1])
        #expect(solution.unassigned.map(\.reason) == [.dimensionCapacity])
    }

    @Test func maxDistanceRefusesStopsTooFarEvenAlone() throws {
        // Places on a line, 100 m apart; the van may drive 600 m.
        let problem = try Small.line(
            stops: [FleetStop(id: "a", place: 1), FleetStop(id: "b", place: 3), FleetStop(id: "far", place: 4)],
            vehicles: [FleetVehicle(id: "van", start: 0, maxDistance: 600)])
        let solution = FleetSolver.solve(problem)
        #expect(FleetChecker.violations(solution, problem) == [])
        #expect(solution.routes.map { Set($0.visits.map(\.stop)) } == [[0, 1]])
        #expect(solution.routes.first?.distance == 600, "exactly at the limit is allowed")
        #expect(solution.unassigned.map(\.stop) == [2])
        #expect(solution.unassigned.map(\.reason) == [.maxDistance])
    }

    @Test func maxDurationCountsServiceAndRefusesStopsTooLongEvenAlone() throws {
        let problem = try Small.line(
            stops: [
                FleetStop(id: "a", place: 1, serviceDuration: 100), FleetStop(id: "b", place: 2),
                FleetStop(id: "far", place: 4),
            ],
            vehicles: [FleetVehicle(id: "van", start: 0, maxDuration: 500)])
        let solution = FleetSolver.solve(problem)
        #expect(FleetChecker.violations(solution, problem) == [])
        #expect(solution.routes.map { Set($0.visits.map(\.stop)) } == [[0, 1]])
        #expect(solution.routes.first?.duration == 500, "400 s driving and 100 s service: exactly the limit")
        #expect(solution.unassigned.map(\.stop) == [2])
        #expect(solution.unassigned.map(\.reason) == [.maxDuration])
    }

    @Test func maxDurationCountsWaitingButNotAnEarlyStart() throws {
        // x opens at 1000 (100 s away: leave at 900, 200 s alone); y opens at 1300, 200 s past x:
        // after x, 100 s of waiting make x then y last 700 s > 650, where driving alone is 600 s.
        let problem = try Small.line(
            stops: [
                FleetStop(id: "x", place: 1, timeWindows: [TimeWindow(start: 1000, end: 1100)]),
                FleetStop(id: "y", place: 3, timeWindows: [TimeWindow(start: 1300, end: 1400)]),
            ],
            vehicles: [FleetVehicle(id: "van", start: 0, shift: TimeWindow(start: 0, end: 5000), maxDuration: 650)])
        let solution = FleetSolver.solve(problem)
        #expect(FleetChecker.violations(solution, problem) == [])
        #expect(solution.routes.map { $0.visits.map(\.stop) } == [[0]])
        #expect(solution.routes.first?.departure == 900)
        #expect(solution.routes.first?.duration == 200)
        #expect(solution.unassigned.map(\.stop) == [1])
        #expect(solution.unassigned.map(\.reason) == [.noRoom])
    }

    @Test func theCheaperVehicleTakesEverythingWhenItHasRoom() throws {
        let stops = (1...4).map { FleetStop(id: "s\($0)", place: $0) }
        let pricey = FleetVehicle(id: "pricey", start: 0, capacity: 10, costs: FleetVehicleCosts(perKilometre: 5))
        let cheap = FleetVehicle(id: "cheap", start: 0, capacity: 10, costs: FleetVehicleCosts(perKilometre: 1, perHour: 3.6))
        let problem = try Small.line(stops: stops, vehicles: [pricey, cheap])
        let solution = FleetSolver.solve(problem)
        #expect(FleetChecker.violations(solution, problem) == [])
        #expect(solution.routes.map(\.vehicle) == [1])
        #expect(solution.routes.first?.visits.count == 4)
        // 0.8 km at 1 per km and 800 s at 3.6 per hour, where the pricey van alone would cost 0.8 × 5.
        #expect(abs(solution.cost - 1.6) < 1e-9)

        // Room for two stops: the cheap van takes the far pair.
        var tight = cheap
        tight.capacity = 2
        let split = try Small.line(stops: stops, vehicles: [pricey, tight])
        let shared = FleetSolver.solve(split)
        #expect(FleetChecker.violations(shared, split) == [])
        #expect(shared.routes.map(\.vehicle) == [0, 1])
        #expect(shared.routes.map { Set($0.visits.map(\.stop)) } == [[0, 1], [2, 3]])
        // Pricey: 0.4 km × 5; cheap: 0.8 km × 1 + 800 s × 3.6 / h.
        #expect(abs(shared.cost - (2 + 0.8 + 0.8)) < 1e-9)
    }

    @Test func aFixedCostKeepsASecondVehicleUnused() throws {
        let stops = [FleetStop(id: "west", place: 1), FleetStop(id: "east", place: 4)]
        let vehicles = (1...2).map {
            FleetVehicle(id: "v\($0)", start: 0, capacity: 10, costs: FleetVehicleCosts(fixed: 50, perKilometre: 1))
        }
        let problem = try Small.line(stops: stops, vehicles: vehicles)
        let solution = FleetSolver.solve(problem)
        #expect(FleetChecker.violations(solution, problem) == [])
        #expect(solution.routes.count == 1)
        #expect(abs(solution.cost - 50.8) < 1e-9)
    }

    @Test(arguments: 1...4)
    func everyNewConstraintTogetherStaysFeasible(seed: UInt64) throws {
        let problem = try FleetOperatorTests.extendedProblem(seed: seed)
        let solution = FleetSolver.solve(problem, options: FleetSearchOptions(seed: seed, iterations: 300, timeLimit: nil))
        #expect(FleetChecker.violations(solution, problem) == [])
        #expect(solution.routes.count >= 2)
    }

    static let lunch = FleetBreak(window: TimeWindow(start: 250, end: 300), duration: 100)

    @Test func aBreakStartsInsideItsWindowWhereTheVehicleIs() throws {
        // Four stops 100 s apart in a row, the route ending at the last: the break must start
        // between 250 and 300 s.
        let problem = try Small.line(
            stops: (1...4).map { FleetStop(id: "s\($0)", place: $0) },
            vehicles: [FleetVehicle(
                id: "van", start: 0, end: .anywhere, shift: TimeWindow(start: 0, end: 10_000), breaks: [Self.lunch])])
        let solution = FleetSolver.solve(problem)
        #expect(FleetChecker.violations(solution, problem) == [])
        #expect(solution.unassigned.isEmpty)
        let route = try #require(solution.routes.first)
        let pause = try #require(route.breaks.first)
        #expect(route.breaks.count == 1)
        #expect((250...300).contains(pause.start) && pause.end == pause.start + 100)
        #expect(pause.afterVisit == 3, "taken at the third stop, at 300 s: the fourth would end after the window")
        #expect(route.visits[3].arrival == pause.end + 100, "the next leg starts after the break")
        #expect(route.visits.map(\.stop) == [0, 1, 2, 3])
        #expect(route.duration == 500, "400 s driving and the 100 s break")
    }

    @Test func aBreakThatCannotBeMetLeavesTheVehicleUnused() throws {
        let tired = FleetVehicle(
            id: "tired", start: 0, shift: TimeWindow(start: 1_000, end: 5_000),
            breaks: [FleetBreak(window: TimeWindow(start: 0, end: 500), duration: 60)])
        let alone = try Small.line(stops: [FleetStop(id: "a", place: 1), FleetStop(id: "b", place: 2)], vehicles: [tired])
        let refused = FleetSolver.solve(alone)
        #expect(FleetChecker.violations(refused, alone) == [])
        #expect(refused.routes.isEmpty)
        #expect(refused.unassigned.map(\.reason) == [.breaks, .breaks])

        let fresh = FleetVehicle(id: "fresh", start: 0, shift: TimeWindow(start: 1_000, end: 5_000))
        let shared = try Small.line(stops: [FleetStop(id: "a", place: 1), FleetStop(id: "b", place: 2)], vehicles: [tired, fresh])
        let solution = FleetSolver.solve(shared)
        #expect(FleetChecker.violations(solution, shared) == [])
        #expect(solution.routes.map(\.vehicle) == [1])
        #expect(solution.unassigned.isEmpty)
    }

    @Test func aBreakCountsInTheMaxDuration() throws {
        // 800 s of driving for all four stops plus the break exceed 850 s; three stops fit.
        let problem = try Small.line(
            stops: (1...4).map { FleetStop(id: "s\($0)", place: $0) },
            vehicles: [FleetVehicle(id: "van", start: 0, maxDuration: 850, breaks: [Self.lunch])])
        let solution = FleetSolver.solve(problem)
        #expect(FleetChecker.violations(solution, problem) == [])
        #expect(solution.routes.map { Set($0.visits.map(\.stop)) } == [[0, 1, 2]])
        #expect(solution.routes.first?.duration == 700)
        #expect(solution.unassigned.map(\.stop) == [3])
        #expect(solution.unassigned.map(\.reason) == [.breaks], "alone it fits 850 s without the break, not with it")
    }

    @Test func aBreakFitsInTheWaitForAWindow() throws {
        // The second stop opens at 1,000 s: the break (any time 0 to 2,000 s) goes in the wait
        // after the first stop and costs no time.
        let problem = try Small.line(
            stops: [
                FleetStop(id: "early", place: 1),
                FleetStop(id: "late", place: 2, timeWindows: [TimeWindow(start: 1_000, end: 1_100)]),
            ],
            vehicles: [FleetVehicle(
                id: "van", start: 0, end: .anywhere, shift: TimeWindow(start: 0, end: 5_000),
                breaks: [FleetBreak(window: TimeWindow(start: 0, end: 2_000), duration: 300)])])
        let solution = FleetSolver.solve(problem)
        #expect(FleetChecker.violations(solution, problem) == [])
        let route = try #require(solution.routes.first)
        #expect(route.visits.map(\.stop) == [0, 1])
        #expect(route.breaks.map(\.afterVisit) == [1])
        #expect(route.visits[1].serviceStart == 1_000)
        #expect(route.finish == 1_000)
        #expect(route.breaks.first?.start == 100)
    }

    @Test func badNewFieldsAreRejectedNamingTheVehicleOrStop() throws {
        let matrix = try CostMatrix(count: 2, values: [0, 1, 1, 0])
        let matrices = try TravelMatrices(distances: matrix, durations: matrix)
        func message(_ vehicle: FleetVehicle, _ stop: FleetStop = FleetStop(id: "s", place: 1)) -> String? {
            do {
                _ = try FleetProblem(matrices: matrices, vehicles: [vehicle], stops: [stop])
                return nil
            } catch {
                return error.description
            }
        }
        #expect(message(FleetVehicle(id: "v", start: 0, capacities: ["weight": -1]))
            == "vehicle 0 (v): capacity weight -1.0 must be 0 or more")
        #expect(message(FleetVehicle(id: "v", start: 0, capacities: ["items": 3]))
            == "vehicle 0 (v): give the items capacity as capacity, not as the dimension \"items\"")
        #expect(message(FleetVehicle(id: "v", start: 0, maxDuration: -5))
            == "vehicle 0 (v): max duration -5.0 must be 0 or more seconds")
        #expect(message(FleetVehicle(id: "v", start: 0, maxDistance: .infinity))
            == "vehicle 0 (v): max distance inf must be 0 or more metres")
        #expect(message(FleetVehicle(id: "v", start: 0, costs: FleetVehicleCosts(perHour: -2)))
            == "vehicle 0 (v): cost per hour -2.0 must be 0 or more")
        #expect(message(FleetVehicle(id: "v", start: 0, breaks: [FleetBreak(window: TimeWindow(start: 0, end: 10), duration: -1)]))
            == "vehicle 0 (v): break 1 duration -1.0 must be 0 or more seconds")
        #expect(message(FleetVehicle(id: "v", start: 0), FleetStop(id: "s", place: 1, amounts: ["weight": -2]))
            == "stop 0 (s): weight -2.0 must be 0 or more")
    }

    @Test func itemsThatAddUpPastTheLargestCountAreRefusedNamingTheStop() throws {
        let matrix = try CostMatrix(count: 3, values: [0, 1, 1, 1, 0, 1, 1, 1, 0])
        let matrices = try TravelMatrices(distances: matrix, durations: matrix)
        let half = Int.max / 2 + 1
        let stops = [FleetStop(id: "a", place: 1, items: half), FleetStop(id: "b", place: 2, items: half)]
        #expect(throws: FleetProblemError.invalid(
            "stop 1 (b): items \(half) bring the stops' total past \(Int.max); give smaller counts"
        )) {
            try FleetProblem(matrices: matrices, vehicles: [FleetVehicle(id: "v", start: 0)], stops: stops)
        }
        // Up to the largest count the problem stands, and one vehicle without a capacity serves both.
        let fitting = [FleetStop(id: "a", place: 1, items: half - 1), FleetStop(id: "b", place: 2, items: half)]
        let problem = try FleetProblem(matrices: matrices, vehicles: [FleetVehicle(id: "v", start: 0)], stops: fitting)
        #expect(FleetSolver.solve(problem).routes.first?.load == Int.max)
    }

    static func vehiclesError(_ json: String) -> String? {
        do {
            _ = try VehicleDefinition.vehicles(in: JSONFile(parsing: Array(json.utf8), name: "vehicles.json"))
            return nil
        } catch {
            return error.description
        }
    }

    @Test("a wrong new vehicle value names file:line:column, the path and the fix", arguments: [
        (#"[{"start": [24.9, 60.1], "capacity": {"items": 40, "weight": -5}}]"#,
         "vehicles.json:1:62: [0].capacity.weight: must be a number ≥ 0 (the most weight on one route), found number -5"),
        (#"[{"start": [24.9, 60.1], "capacity": {"items": 2.5}}]"#,
         "vehicles.json:1:48: [0].capacity.items: must be a whole number of items ≥ 0, found number 2.5"),
        (#"[{"start": [24.9, 60.1], "max_duration": "8h"}]"#,
         "vehicles.json:1:42: [0].max_duration: must be seconds ≥ 0, found string \"8h\""),
        (#"[{"start": [24.9, 60.1], "max_distance": -1}]"#,
         "vehicles.json:1:42: [0].max_distance: must be metres ≥ 0, found number -1"),
        (#"[{"start": [24.9, 60.1], "costs": {"per_mile": 2}}]"#,
         "vehicles.json:1:48: [0].costs.per_mile: is not a cost; known: fixed, per_km, per_hour"),
        (#"[{"start": [24.9, 60.1], "costs": {"fixed": -10}}]"#,
         "vehicles.json:1:45: [0].costs.fixed: must be money ≥ 0, found number -10"),
        (#"[{"start": [24.9, 60.1], "breaks": [{"window": [43200, 39600], "duration": 1800}]}]"#,
         "vehicles.json:1:48: [0].breaks[0].window: starts after it ends; write [start_s, end_s] with start ≤ end"),
        (#"[{"start": [24.9, 60.1], "breaks": [{"window": [39600, 43200], "length": 1800}]}]"#,
         "vehicles.json:1:74: [0].breaks[0].length: is not a break property; known: window, duration"),
        (#"[{"start": [24.9, 60.1], "costs": 12}]"#,
         "vehicles.json:1:35: [0].costs: must be an object {\"fixed\": x, \"per_km\": y, \"per_hour\": z}, found number 12"),
    ])
    func vehiclesFileErrors(json: String, expected: String) {
        #expect(Self.vehiclesError(json) == expected)
    }

    @Test func theNewVehicleFieldsAreRead() throws {
        let json = #"""
            [{"id": "v", "start": [24.9, 60.1], "capacity": {"items": 40, "weight": 800, "volume": 3.5},
              "max_duration": 28800, "max_distance": 120000, "costs": {"fixed": 30, "per_km": 0.4},
              "breaks": [{"window": [39600, 45000], "duration": 1800}]},
             {"id": "w", "start": [24.9, 60.1], "capacity": 12}]
            """#
        let vehicles = try VehicleDefinition.vehicles(in: JSONFile(parsing: Array(json.utf8), name: "vehicles.json"))
        #expect(vehicles[0].capacity == 40)
        #expect(vehicles[0].capacities == ["weight": 800, "volume": 3.5])
        #expect(vehicles[0].maxDuration == 28800)
        #expect(vehicles[0].maxDistance == 120000)
        #expect(vehicles[0].costs == FleetVehicleCosts(fixed: 30, perKilometre: 0.4, perHour: 0))
        #expect(vehicles[0].breaks == [FleetBreak(window: TimeWindow(start: 39600, end: 45000), duration: 1800)])
        #expect(vehicles[1].capacity == 12 && vehicles[1].capacities.isEmpty && vehicles[1].costs == nil)
    }

    @Test func stopAmountsAreReadForTheVehiclesDimensionsOnly() throws {
        func features(_ properties: String) throws -> [Feature] {
            let text = #"{"type":"FeatureCollection","features":[{"type":"Feature","geometry":{"type":"Point","coordinates":[24.94,60.17]},"properties":{"id":"s1"}},{"type":"Feature","geometry":{"type":"Point","coordinates":[24.95,60.17]},"properties":"# + properties + "}]}"
            return try GeoJSONReader().read(string: text).features
        }
        let vehicles = [FleetVehicle(id: "v", start: 2, capacities: ["weight": 100])]
        let good = try features(#"{"id":"s2","weight":12.5,"volume":"big"}"#)
        var (stops, _) = try FleetStop.stops(from: good)
        try FleetStop.readAmounts(into: &stops, from: good, vehicles: vehicles)
        #expect(stops.map(\.amounts) == [[:], ["weight": 12.5]], "no vehicle limits volume: not read")
        let bad = try features(#"{"id":"s2","weight":-3}"#)
        (stops, _) = try FleetStop.stops(from: bad)
        #expect(throws: FleetProblemError.invalid(
            "features[1].properties.weight (stop s2): expected a number ≥ 0 (the vehicles' capacity names weight), "
                + "found number -3; write a number such as 12.5, or leave it out for 0")
        ) { try FleetStop.readAmounts(into: &stops, from: bad, vehicles: vehicles) }
    }
}
