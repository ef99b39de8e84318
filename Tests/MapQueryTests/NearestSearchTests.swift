import Foundation
@testable import MapGeometry
@testable import MapQuery
import Testing
import TestSupport

/// The parts of nearest k that make it fast — the first guess from the Hilbert curve
/// neighbours, the search area of the threshold, the stack-backed queue and list — change
/// no answer: next to real places (where the guess is full and tight), with a filter, and
/// for k on both sides of the guess's limit of 64.
@Suite("Nearest k next to places equals a full scan", .enabled(if: SharedData.isAvailable, SharedData.missingMessage))
struct NearestSearchTests {
    @Test func nextToPlacesWithAndWithoutFilter() throws {
        let places = try FixtureFeatures.load("real/places_15000.geojson")
        let positions: [Position] = places.features.map { feature in
            guard case let .point(position)? = feature.geometry else { fatalError("places are points") }
            return position
        }
        let index = SpatialIndex(places.geometries)
        var random = SeededGenerator(seed: 64)
        for trial in 0..<60 {
            let place = positions.randomElement(using: &random)!
            let query = try Position(
                max(-180, min(180, place.longitude + Double.random(in: -0.05...0.05, using: &random))),
                max(-90, min(90, place.latitude + Double.random(in: -0.05...0.05, using: &random))))
            let k = [1, 10, 64, 65, 200][trial % 5]
            // Every third query keeps only items whose number is a multiple of 3.
            let include: ((Int) -> Bool)? = trial % 3 == 0 ? { $0 % 3 == 0 } : nil
            let all = positions.enumerated()
                .filter { include?($0.offset) ?? true }
                .map { DistanceHit(item: $0.offset, distance: Geodesic.distance(from: query, to: $0.element)) }
            let expected = Array(all.sorted(by: DistanceHit.nearerFirst).prefix(k))
            let found = index.nearest(k, to: query, where: include)
            #expect(found.count == expected.count, "nearest \(k) to \(query)")
            // Membership is decided by the k-th distance; the two measures may differ by 10⁻⁶ m.
            let kth = expected.last!.distance
            for (hit, want) in zip(found, expected) {
                #expect(abs(hit.distance - want.distance) < 1e-6, "\(hit) vs \(want): nearest \(k) to \(query)")
                if abs(want.distance - kth) > 1e-6 { #expect(hit.item == want.item, "nearest \(k) to \(query)") }
            }
            if let include { #expect(found.allSatisfy { include($0.item) }) }
            // With a limit below the k-th distance, only what lies within it.
            let limit = expected[expected.count / 2].distance
            let limited = index.nearest(k, to: query, maxDistance: limit, where: include)
            #expect(limited.allSatisfy { $0.distance <= limit + 1e-6 })
            #expect(limited.count >= expected.filter { $0.distance < limit - 1e-6 }.count)
        }
    }

    @Test func queuePopsInKeyThenCodeOrderPastItsStackSpace() {
        var random = SeededGenerator(seed: 5)
        // 300 entries (beyond the 64 on the stack), with ties on the key.
        let entries = (0..<300).map { code in (Double(Int.random(in: 0..<40, using: &random)), code) }
        let popped: [(Double, Int)] = withUnsafeTemporaryAllocation(of: DistanceQueue.Entry.self, capacity: 64) { storage in
            var queue = DistanceQueue(storage)
            for (key, code) in entries.shuffled(using: &random) { queue.push(key, code) }
            var out: [(Double, Int)] = []
            while let entry = queue.pop() { out.append(entry) }
            return out
        }
        let sorted = entries.sorted { $0.0 != $1.0 ? $0.0 < $1.0 : $0.1 < $1.1 }
        #expect(popped.map(\.1) == sorted.map(\.1))
    }

    @Test func listKeepsTheNearestPartOfEachItem() {
        let hits: [DistanceHit] = withUnsafeTemporaryAllocation(of: DistanceHit.self, capacity: 3) { storage in
            var list = NearestList(storage: storage, limit: 100, mergeParts: true)
            for (item, distance) in [(1, 50.0), (2, 40), (1, 30), (3, 60), (4, 70), (2, 45), (5, 101)] {
                if distance <= list.threshold { list.offer(item, distance) }
            }
            return list.hits
        }
        #expect(hits == [DistanceHit(item: 1, distance: 30), DistanceHit(item: 2, distance: 40), DistanceHit(item: 3, distance: 60)])
    }
}
