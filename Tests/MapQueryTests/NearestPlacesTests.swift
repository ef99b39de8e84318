import Foundation
import MapGeometry
import MapQuery
import Testing
import TestSupport

/// Nearest k over 34,024 places worldwide, where neighbours may be thousands of kilometres
/// away (oceans, poles, ±180): the index agrees with measuring every place.
@Suite("Nearest places worldwide equal a full scan", .enabled(if: SharedData.isAvailable, SharedData.missingMessage))
struct NearestPlacesTests {
    @Test func nearestFiveFromAnywhere() throws {
        let places = try FixtureFeatures.load("real/places_15000.geojson")
        let positions: [Position] = places.features.map { feature in
            guard case let .point(position)? = feature.geometry else { fatalError("places are points") }
            return position
        }
        let index = SpatialIndex(places.geometries)
        var random = SeededGenerator(seed: 34_024)
        var queries = [try Position(179.9, -16.8), try Position(-179.9, 65.5), try Position(0, 90), try Position(0, -90)]
        for _ in 0..<36 {
            queries.append(try Position(
                Double.random(in: -180...180, using: &random), Double.random(in: -90...90, using: &random)))
        }
        for query in queries {
            let all = positions.enumerated().map { DistanceHit(item: $0.offset, distance: Geodesic.distance(from: query, to: $0.element)) }
            let expected = Array(all.sorted { $0.distance != $1.distance ? $0.distance < $1.distance : $0.item < $1.item }.prefix(5))
            let found = index.nearest(5, to: query)
            #expect(found.map(\.item) == expected.map(\.item), "from \(query)")
            for (hit, want) in zip(found, expected) {
                #expect(abs(hit.distance - want.distance) < 1e-6, "\(hit) vs \(want) from \(query)")
            }
            // Near me agrees too, with the fifth distance (plus the 1e-6 m the two measures may
            // differ by) as radius.
            let radius = expected.last!.distance + 1e-6
            let near = try index.items(within: radius, of: query)
            #expect(Array(near.prefix(5)).map(\.item) == expected.map(\.item), "from \(query)")
            #expect(near.allSatisfy { $0.distance <= radius })
        }
    }
}
