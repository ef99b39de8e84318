import Testing
@testable import MapRouting

/// The ruin step's strings: from each route it ruins, one stretch of stops, or (a split
/// string) two stretches around a run of kept stops.
@Suite("String removal")
struct StringRemovalTests {
    /// 40 stops without windows in two vehicles of room for 20 each, so routes are long enough
    /// for kept runs of any allowed length.
    static func longRoutesProblem(seed: UInt64) throws -> FleetProblem {
        var random = RandomSource(seed: seed)
        let matrices = FleetSmallTests.matrices(places: 41, random: &random)
        let stops = (1...40).map { FleetStop(id: "s\($0)", place: $0, items: 1) }
        let vehicles = (0..<2).map { FleetVehicle(id: "v\($0)", start: 0, capacity: 20) }
        return try FleetProblem(matrices: matrices, vehicles: vehicles, stops: stops)
    }

    @Test(arguments: 1...4)
    func eachRuinedRouteLosesOneStretchOrTwoAroundAKeptRun(seed: UInt64) throws {
        let model = FleetModel<StoredTravel>(try Self.longRoutesProblem(seed: seed))
        let built = RegretInsertion.build(model)
        #expect(built.routes.allSatisfy { $0.stops.count >= 12 })
        var random = RandomSource(seed: seed)
        var (whole, split, longestKept) = (0, 0, 0)
        for _ in 0..<300 {
            var state = built
            let removed = StringRemoval.ruin(&state, model, random: &random)
            #expect(Set(removed).count == removed.count && removed.allSatisfy { built.routeOf[$0] >= 0 })
            // The removed stops are unserved; every other stop stays, in its order.
            #expect(removed.allSatisfy { state.routeOf[$0] < 0 })
            #expect(zip(state.routes, built.routes).allSatisfy { $0.stops == $1.stops.filter { !removed.contains($0) } })
            for route in built.routes where !route.stops.isEmpty {
                // The removed stops' places in the route, split into runs of neighbours.
                let places = route.stops.indices.filter { removed.contains(route.stops[$0]) }
                guard let first = places.first else { continue }
                var runs = [[first]]
                for index in places.dropFirst() {
                    if index == runs[runs.count - 1].last! + 1 { runs[runs.count - 1].append(index) } else { runs.append([index]) }
                }
                #expect(runs.count <= 2)
                if runs.count == 1 { whole += 1 }
                if runs.count == 2 {
                    split += 1
                    let kept = runs[1].first! - runs[0].last! - 1
                    #expect(kept >= 1 && kept <= 10)
                    longestKept = max(longestKept, kept)
                }
            }
        }
        // Both kinds are frequent (a split string whose kept run ends its stretch looks like one
        // stretch, so fewer than half show as two), and kept runs reach the cap.
        #expect(whole > 100 && split > 100)
        #expect(longestKept == 10)
    }
}
