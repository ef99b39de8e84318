import Testing
import TestSupport
@testable import MapRouting

/// An open path's dummy end costs 0 to every place and is in every place's candidates
/// (``CycleModel``'s potentials), so that one move can make any place the path's end; the
/// potentials shift every cycle's cost alike, so the shortest path is still the cheapest cycle.
@Suite("Open paths: the free end in the cycle model")
struct OpenPathModelTests {
    /// A dense table (300 random plane points) and measured costs (the 2,735 Helsinki sites),
    /// each with its plain cost of a place pair.
    static func problems() throws
        -> [(name: String, problem: TourProblem, plain: (CycleModel, Int, Int) -> Double)] {
        let matrix = Fixtures.randomPlaneMatrix(count: 300, seed: 3)
        let sites = GeodesicCosts(try MeasuredTourTests.helsinkiSites().map(\.position))
        let measured = try TourProblem(costs: .geodesic(sites, objective: .distance), start: 7, end: .anywhere)
        return [
            ("dense", try TourProblem(costs: matrix, start: 7, end: .anywhere), { matrix[$1, $2] }),
            ("measured", measured, { $0.table.measured!.arcs.placeCost($1, $2) }),
        ]
    }

    /// The model's nodes that are places, the start left out.
    static func places(of model: CycleModel) -> [Int] {
        (0..<model.table.size).filter { $0 != model.start && $0 != model.terminal }
    }

    @Test("the free end costs 0 to every place and the start its plain cost")
    func endCosts() throws {
        for (name, problem, plain) in try Self.problems() {
            let model = CycleModel(problem)
            let table = model.table
            #expect(model.hasFreeEnd)
            for place in Self.places(of: model) {
                #expect(table[model.terminal, place] == 0 && table[place, model.terminal] == 0, "\(name) \(place)")
                let cost = table[model.start, place], expected = plain(model, model.start, place)
                #expect(abs(cost - expected) <= 1e-6 * max(cost, 1), "\(name) \(place)")
            }
            #expect(table[model.start, model.terminal] < 0, "the closing edge is the cheapest of all")
        }
    }

    @Test("cycles through the closing edge differ in cost exactly as their paths do")
    func costsShiftAlike() throws {
        for (name, problem, plain) in try Self.problems() {
            let model = CycleModel(problem)
            var random = RandomSource(seed: 11)
            let paths = (0..<2).map { _ in [model.start] + Self.places(of: model).shuffled(using: &random) }
            func pathCost(_ path: [Int]) -> Double {
                zip(path, path.dropFirst()).reduce(0) { $0 + plain(model, $1.0, $1.1) }
            }
            let cycleDifference = model.table.cost(ofCycle: paths[0] + [model.terminal])
                - model.table.cost(ofCycle: paths[1] + [model.terminal])
            let pathDifference = pathCost(paths[0]) - pathCost(paths[1])
            #expect(abs(cycleDifference - pathDifference) <= 1e-6 * pathCost(paths[0]), "\(name)")
        }
    }

    @Test("every place has the free end among its candidates")
    func endInEveryList() throws {
        for (name, problem, _) in try Self.problems() {
            let model = CycleModel(problem)
            let lists = NeighbourLists(table: model.table, isSymmetric: model.isSymmetric, k: 10)
            let without = Self.places(of: model).filter { !lists.of($0).contains(Int32(model.terminal)) }
            #expect(without.isEmpty, "\(name): \(without.count) places without it")
        }
    }
}
