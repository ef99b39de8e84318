import Foundation
import MapGeometry
import MapGeoJSON
import Testing
import TestSupport
@testable import MapRouting

/// Routes through more than ``RoutePlanner/matrixPlaceLimit`` places measure geodesic
/// estimates pair by pair instead of filling n² matrices. Checked on the 2,735 Point objects
/// of Data/objects.geojson (Helsinki): the route visits every site once, its legs are the
/// geodesic distances PROJ gives, groups and ends are kept, and the order is as short as the
/// one searched on the full matrices with the same budget.
@Suite("Routes of thousands of stops, costs measured on demand")
struct MeasuredTourTests {
    static func helsinkiSites() throws -> [StopSite] {
        let file = SharedData.packageRoot.appendingPathComponent("Data/objects.geojson").path
        let points = try GeoJSONReader().read(contentsOfFile: file).features.filter {
            if case .point = $0.geometry { return true }
            return false
        }
        return StopGrouping.sites(from: try StopObject.objects(from: points))
    }

    /// A fixed budget, so that both searches do the same work on any machine.
    static let options = TourSearchOptions(iterations: 4_000, timeLimit: nil)

    @Test("every site once; legs and totals are PROJ's geodesic distances times the detour factor")
    func legsAreGeodesic() throws {
        let sites = try Self.helsinkiSites()
        #expect(sites.count > RoutePlanner.matrixPlaceLimit)
        let request = RouteRequest(sites: sites, end: .returnToStart)
        let route = try RoutePlanner.plan(request, options: Self.options)
        #expect(route.visits.map(\.siteIndex).sorted() == Array(sites.indices))
        var previous = route.start, total = 0.0
        for visit in route.visits {
            let expected = Geodesic.distance(from: previous, to: visit.site.position) * 1.3
            #expect(abs(visit.legDistance - expected) < 1e-3, "stop \(visit.sequence)")
            #expect(abs(visit.legDuration - expected / (30 / 3.6)) < 1e-3)
            total += expected
            previous = visit.site.position
        }
        total += Geodesic.distance(from: previous, to: route.start) * 1.3
        #expect(abs(route.distance - total) < 1e-2)
        #expect(route.finish == route.start)
    }

    @Test("as short as the search on full matrices with the same iterations (within 0.5 %)",
          arguments: [RouteEnd<Position>.returnToStart, .anywhere])
    func asShortAsMatrixSearch(end: RouteEnd<Position>) throws {
        let sites = try Self.helsinkiSites()
        let request = RouteRequest(sites: sites, end: end)
        let measured = try RoutePlanner.plan(request, options: Self.options)
        let matrices = try GeodesicMatrixProvider().matrices(for: request.places)
        let dense = try RoutePlanner.plan(request, matrices: matrices, options: Self.options)
        #expect(measured.distance <= dense.distance * 1.005, "measured \(measured.distance) m, matrix \(dense.distance) m")
    }

    /// Small groups far apart (their members are not each other's nearest places), and large ones.
    @Test("first and last groups and a fixed end are kept", arguments: [
        (Set([5, 400, 799]), Set([0, 17])),
        (Set(stride(from: 2, to: 800, by: 3)), Set(stride(from: 0, to: 800, by: 9))),
    ])
    func groupsAndEnds(first: Set<Int>, last: Set<Int>) throws {
        let sites = Array(try Self.helsinkiSites().prefix(800))
        let end = try Position(24.9, 60.2)
        let request = RouteRequest(
            sites: sites, start: try Position(25.0, 60.15), end: .at(end), firstSites: first, lastSites: last)
        let route = try RoutePlanner.plan(request, options: TourSearchOptions(iterations: 1_000, timeLimit: nil))
        let order = route.visits.map(\.siteIndex)
        #expect(order.sorted() == Array(sites.indices))
        #expect(Set(order.prefix(first.count)) == first)
        #expect(Set(order.suffix(last.count)) == last)
        #expect(route.finish == end)
        #expect(abs(route.finishDistance - Geodesic.distance(from: sites[order.last!].position, to: end) * 1.3) < 1e-3)
    }

    /// The bound behind the rank penalties measures only the places farthest by chord; it must
    /// equal the bound from every place's geodesic, so that routes keep their costs to the bit.
    @Test("the largest cost from place 0 is found among the farthest by chord: as measuring every place, worldwide too")
    func largestCostBoundEqualsEveryPlaceMeasured() {
        var random = SeededGenerator(seed: 11)
        for (spread, count) in [(1.0, 300), (8.0, 2_000), (80.0, 2_000), (179.0, 3_000)] {
            let positions = (0..<count).map { _ in
                Position(uncheckedLongitude: Double.random(in: -spread...spread, using: &random),
                         latitude: Double.random(in: -min(spread, 85)...min(spread, 85), using: &random))
            }
            let costs = GeodesicCosts(positions)
            for objective in [RouteObjective.distance, .duration] {
                let everyPlace = 2.01 * (1..<count).map { costs.cost(0, $0, objective: objective) }.max()!
                #expect(MeasuredCycleCosts.largestCostBound(costs, objective: objective) == everyPlace, "±\(spread)°, \(objective)")
            }
        }
    }

    @Test("the search's arcs are within 10⁻⁷ of the geodesic up to 100 km around Helsinki")
    func arcsMatchGeodesic() throws {
        var random = SeededGenerator(seed: 7)
        let origin = try Position(24.94, 60.17)
        var positions = [origin]
        for _ in 0..<400 {
            positions.append(Geodesic.destination(
                from: origin, azimuth: Double.random(in: 0..<360, using: &random),
                distance: Double.random(in: 1...100_000, using: &random)))
        }
        let costs = GeodesicCosts(positions, provider: GeodesicMatrixProvider(detourFactor: 1))
        let problem = try TourProblem(costs: .geodesic(costs, objective: .distance), end: .at(positions.count - 1))
        let model = CycleModel(problem)
        for place in 1..<(positions.count - 1) {
            let exact = Geodesic.distance(from: origin, to: positions[place])
            let arc = try #require(model.table.measured).arcs.placeCost(0, place)
            #expect(abs(arc - exact) <= 1e-7 * exact, "\(exact) m: arc \(arc) m")
        }
    }

    @Test("up to 15 stops the order is proven optimal on measured costs too (brute force)")
    func smallProblemsExact() throws {
        let sites = Array(try Self.helsinkiSites().prefix(9))
        let costs = GeodesicCosts(sites.map(\.position))
        for end in [TourEnd.returnToStart, .anywhere, .at(8)] {
            let problem = try TourProblem(costs: .geodesic(costs, objective: .distance), end: end, first: [3])
            let solution = try TourSolver.solve(problem)
            #expect(solution.isProvenOptimal)
            let best = Fixtures.bruteForce(problem)
            #expect(abs(solution.cost - best) <= 1e-6 * best, "\(end): \(solution.cost) vs \(best)")
        }
    }
}
