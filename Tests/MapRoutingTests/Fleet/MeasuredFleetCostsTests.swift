import Foundation
import MapGeometry
import MapGeoJSON
import Testing
import TestSupport

@testable import MapRouting

/// Fleets of more than 1,000 places read geodesic costs measured pair by pair instead of two
/// stored n² matrices (5,000 places: 400 MB; 10,000: 1.6 GB). The numbers must be the stored
/// matrices' bit for bit, so that the search sees the same problem.
@Suite("Measured fleet costs")
struct MeasuredFleetCostsTests {
    /// Seeded places over southern Bavaria (up to 220 km apart: lines past the fast measure's
    /// 50 km series, within its 300 km), or over Europe when `wide`, with a few places shared
    /// by two stops.
    static func places(_ count: Int, wide: Bool = false) -> [Position] {
        var random = SeededGenerator(seed: 11)
        var positions: [Position] = []
        for index in 0..<count {
            if index % 50 == 49 { positions.append(positions[index / 2]); continue }
            positions.append(wide
                ? Position(uncheckedLongitude: -9 + 37 * random.unit(), latitude: 36 + 24 * random.unit())
                : Position(uncheckedLongitude: 10 + 2 * random.unit(), latitude: 47.8 + 1.5 * random.unit()))
        }
        return positions
    }

    static let provider = GeodesicMatrixProvider(detourFactor: 1.3, metresPerSecond: 40 / 3.6)

    @Test("measured matrices equal the stored ones bit for bit")
    func measuredEqualsStored() throws {
        let positions = Self.places(300)
        let stored = try Self.provider.matrices(for: positions)
        let measured = try #require(Self.provider.measuredMatrices(for: positions))
        #expect(measured.distances.count == 300 && measured.durations.count == 300)
        #expect(measured.distances.values == stored.distances.values)
        #expect(measured.durations.values == stored.durations.values)
        for from in 0..<300 {
            for to in 0..<300 where measured.distances[from, to] != stored.distances[from, to] {
                Issue.record("distance \(from) → \(to): \(measured.distances[from, to]) against \(stored.distances[from, to])")
            }
        }
        #expect(measured.distances.isSymmetric)
        // Places farther apart than the fast measure reaches keep stored matrices.
        #expect(Self.provider.measuredMatrices(for: Self.places(300, wide: true)) == nil)
    }

    /// A fleet over `positions`: stops at all but the first place, vans from the first, some
    /// with money costs when `money`.
    static func problem(_ matrices: TravelMatrices, money: Bool, objective: RouteObjective) throws -> FleetProblem {
        let stops = (1..<matrices.distances.count).map { FleetStop(id: "s\($0)", place: $0) }
        let vans = (0..<4).map { index in
            FleetVehicle(
                id: "v\(index)", start: 0, capacity: 100,
                costs: money ? FleetVehicleCosts(fixed: 50, perKilometre: 0.4 + 0.1 * Double(index), perHour: 20) : nil)
        }
        return try FleetProblem(matrices: matrices, vehicles: vans, stops: stops, objective: objective)
    }

    @Test("the search's costs, times, metres and neighbour lists are the stored model's",
          arguments: [(false, RouteObjective.distance), (false, .duration), (true, .distance)])
    func modelsAgree(money: Bool, objective: RouteObjective) throws {
        let positions = Self.places(300)
        let stored = FleetModel<StoredTravel>(try Self.problem(try Self.provider.matrices(for: positions), money: money, objective: objective))
        let measured = FleetModel<MeasuredTravel>(try Self.problem(try #require(Self.provider.measuredMatrices(for: positions)), money: money, objective: objective))
        var differences = 0
        for from in 0..<300 {
            for to in -1..<300 {
                if measured.cost(from, to) != stored.cost(from, to) || measured.time(from, to) != stored.time(from, to)
                    || measured.distance(from, to) != stored.distance(from, to) {
                    differences += 1
                }
            }
        }
        #expect(differences == 0)
        #expect(measured.neighbours == stored.neighbours)
    }

    @Test("a plan of 6,000 stops over measured costs serves every stop within its vans' capacities")
    func largePlanIsFeasible() throws {
        let count = FleetPlanning.measuredAbove + 500
        var random = SeededGenerator(seed: 5)
        // Berlin, as the fleet benchmark: stops of one item, vans of 110 from Alexanderplatz;
        // a 5 s budget (a debug build's regret insertion alone would take minutes).
        let features = (0..<count).map { index in
            Feature(
                id: .string("s\(index)"),
                geometry: .point(Position(uncheckedLongitude: 13 + 0.8 * random.unit(), latitude: 52.3 + 0.45 * random.unit())))
        }
        let vans = (0..<(count / 100 + 5)).map { VehicleDefinition(id: "van-\($0)", start: Position(uncheckedLongitude: 13.4132, latitude: 52.5219), capacity: 110) }
        let plan = try FleetPlanning.plan(
            features, vehicles: vans, roads: { nil }, geodesic: GeodesicMatrixProvider(), objective: .distance, seed: 1,
            iterations: nil, deadline: .now + .seconds(5), inheriting: [])
        #expect(plan.problem.matrices.distances.measuredCosts != nil)
        #expect(plan.solution.unassigned.isEmpty)
        #expect(plan.solution.routes.reduce(0) { $0 + $1.visits.count } == count)
        #expect(FleetChecker.violations(plan.solution, plan.problem).isEmpty)
    }
}
