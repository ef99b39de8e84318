import MapGeometry
import TestSupport
import Testing

/// Distances measured pair by pair equal the full matrix's, and the k-d tree's nearest
/// neighbours equal a brute-force scan measured by PROJ's `geod_inverse`.
@Suite("Geodesic distances on demand")
struct GeodesicDistancesTests {
    static let regions: [(longitude: Double, latitude: Double, spread: Double)] = [
        (24.94, 60.17, 0.2),  // a city
        (10.0, 50.0, 12.0),  // a continent
        (-170.0, 75.0, 40.0),  // the Arctic across ±180
        (0.0, 0.0, 180.0),  // the world
    ]

    static func positions(_ count: Int, around region: (longitude: Double, latitude: Double, spread: Double)) throws -> [Position] {
        var random = SeededGenerator(seed: UInt64(abs(region.longitude * 1000 + region.latitude)) + UInt64(count))
        return try (0..<count).map { _ in
            var longitude = region.longitude + Double.random(in: -region.spread...region.spread, using: &random)
            if longitude > 180 { longitude -= 360 } else if longitude < -180 { longitude += 360 }
            let latitude = region.latitude + Double.random(in: -region.spread / 2...region.spread / 2, using: &random)
            return try Position(longitude, max(-89.9, min(89.9, latitude)))
        }
    }

    @Test("every pair equals the matrix entry bit for bit", arguments: 0..<4)
    func equalsMatrix(region: Int) throws {
        let positions = try Self.positions(300, around: Self.regions[region])
        let matrix = Geodesic.distanceMatrix(positions)
        let distances = GeodesicDistances(positions)
        for from in positions.indices {
            for to in positions.indices {
                #expect(distances.distance(from, to) == matrix[from * positions.count + to])
            }
        }
    }

    @Test("nearest neighbours equal a brute-force scan by geod_inverse", arguments: 0..<4)
    func nearestEqualsBruteForce(region: Int) throws {
        let positions = try Self.positions(1_200, around: Self.regions[region])
        let (k, lists) = GeodesicDistances(positions).nearestNeighbours(10)
        #expect(k == 10)
        for place in positions.indices {
            let exact = positions.indices.filter { $0 != place }
                .map { Geodesic.distance(from: positions[place], to: positions[$0]) }
                .sorted()
            let found = lists[(place * k)..<(place * k + k)].map { Geodesic.distance(from: positions[place], to: positions[Int($0)]) }
            #expect(found == found.sorted(), "place \(place): not nearest first")
            #expect(Set(lists[(place * k)..<(place * k + k)]).count == k && !lists[(place * k)..<(place * k + k)].contains(Int32(place)))
            // The k found are the k nearest (the chord may swap near-ties at the boundary).
            for (slot, distance) in found.enumerated() {
                #expect(abs(distance - exact[slot]) <= 1e-5 * exact[slot], "place \(place), slot \(slot): \(distance) m, nearest \(exact[slot]) m")
            }
        }
    }

    /// Far queries too: Europe's places ask for the nearest of South America's, where a tree
    /// that prunes by its split planes alone visits nearly every point.
    @Test("the nearest of other places equals a brute-force scan by geod_inverse, near and far")
    func nearestAmongOthersEqualsBruteForce() throws {
        let europe = try Self.positions(600, around: Self.regions[1])
        let positions = europe + (try Self.positions(600, around: (-50.0, -15.0, 10.0)))
        let distances = GeodesicDistances(positions)
        for (queries, candidates) in [(Array(0..<300), Array(300..<600)), (Array(0..<600), Array(600..<1_200)),
                                      (Array(600..<1_200), Array(stride(from: 0, to: 600, by: 7))), (Array(0..<5), [])] {
            let found = distances.nearest(of: queries, among: candidates)
            #expect(found.count == queries.count)
            for (query, end) in zip(queries, found) {
                let exact = candidates.map { Geodesic.distance(from: positions[query], to: positions[$0]) }.min()
                guard let exact else {
                    #expect(end == -1)
                    continue
                }
                let distance = Geodesic.distance(from: positions[query], to: positions[end])
                #expect(candidates.contains(end) && abs(distance - exact) <= 1e-5 * exact, "place \(query): \(distance) m, nearest \(exact) m")
            }
        }
    }

    @Test("a stopped search answers at once with valid lists: the nearest up to the stop, other places after")
    func stoppedSearch() throws {
        let positions = try Self.positions(1_000, around: Self.regions[1])
        let distances = GeodesicDistances(positions)
        let full = distances.nearestNeighbours(10)
        var asked = 0
        // Stops at its third look: positions 0–127 searched, the rest padded.
        let stopped = distances.nearestNeighbours(10) {
            asked += 1
            return asked > 2
        }
        #expect(asked == 3, "asked \(asked) times: it looked again after stopping, or too seldom")
        #expect(stopped.k == full.k && stopped.lists.count == full.lists.count)
        #expect(stopped.lists[..<(128 * 10)] == full.lists[..<(128 * 10)])
        for place in 128..<positions.count {
            let list = stopped.lists[(place * 10)..<(place * 10 + 10)]
            #expect(Set(list).count == 10 && !list.contains(Int32(place)) && list.allSatisfy { $0 >= 0 && $0 < 1_000 })
        }
        #expect(distances.nearestNeighbours(10, until: { false }).lists == full.lists)
    }

    /// Route setup takes a rank's lists (every place but the start) from one longer search.
    @Test("lists by chord: a longer list's first k are the k nearest, its members of a subset the subset's own list")
    func chordListsServeShorterListsAndSubsets() throws {
        let positions = try Self.positions(1_200, around: Self.regions[1])
        let distances = GeodesicDistances(positions)
        let nearest = distances.nearestNeighbours(10)
        let long = distances.nearestByChord(14, until: { false })
        #expect(long.k == 14)
        func longList(_ place: Int) -> [Int] { long.lists[(place * 14)..<(place * 14 + 14)].map(Int.init) }
        for place in positions.indices {
            #expect(Set(longList(place).prefix(10)) == Set(nearest.lists[(place * 10)..<(place * 10 + 10)].map(Int.init)))
        }
        let outside: Set = [0, 17, 400, 999]
        let subset = positions.indices.filter { !outside.contains($0) }
        let own = GeodesicDistances(subset.map { positions[$0] }).nearestByChord(10, until: { false })
        for (index, place) in subset.enumerated() {
            let ownList = own.lists[(index * 10)..<(index * 10 + 10)].map { subset[Int($0)] }
            #expect(Array(longList(place).filter { !outside.contains($0) }.prefix(10)) == ownList, "place \(place)")
        }
    }

    @Test("fewer places than k: every other place")
    func shortLists() throws {
        let positions = try Self.positions(4, around: Self.regions[0])
        let (k, lists) = GeodesicDistances(positions).nearestNeighbours(10)
        #expect(k == 3 && lists.count == 12)
        #expect(GeodesicDistances([positions[0]]).nearestNeighbours(10).k == 0)
    }
}
