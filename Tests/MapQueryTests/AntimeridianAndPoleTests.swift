import Foundation
import MapGeometry
import MapQuery
import Testing
import TestSupport

/// Queries on Natural Earth countries where lon/lat boxes break: across ±180 and at the poles.
@Suite("Queries across ±180 and near the poles", .enabled(if: SharedData.isAvailable, SharedData.missingMessage))
struct AntimeridianAndPoleTests {
    let countries: FixtureFeatures
    let index: SpatialIndex

    init() throws {
        countries = try FixtureFeatures.load("real/countries.geojson")
        index = SpatialIndex(countries.geometries)
    }

    func names(_ hits: [DistanceHit]) -> [String] { hits.map { countries.string("name", $0.item)! } }

    func item(named name: String) -> Int { countries.features.firstIndex { $0.properties.string("name") == name }! }

    @Test("near me and nearest agree with a brute-force scan at places where boxes wrap or degenerate",
          arguments: [
              (179.9, -16.5, 400_000.0),  // between Fiji's halves, east of +180
              (-179.9, -16.5, 400_000.0),  // the same, west of -180
              (180.0, 67.0, 300_000.0),  // Chukotka, Russia on both sides of ±180
              (-170.0, 66.0, 600_000.0),  // Bering Strait: Russia and the USA
              (0.0, 89.5, 1_500_000.0),  // near the North Pole, circle holds the pole
              (45.0, -89.9, 200_000.0),  // inside Antarctica, near the South Pole
              (-60.0, -60.0, 900_000.0),  // Drake Passage
          ])
    func agreesWithBruteForce(longitude: Double, latitude: Double, radius: Double) throws {
        let position = try Position(longitude, latitude)
        let brute = try BruteForceDistance(countries.geometries)
        let expected = try brute.within(radius, of: position)
        let found = try index.items(within: radius, of: position)
        #expect(names(found) == names(expected))
        for (hit, want) in zip(found, expected) { #expect(abs(hit.distance - want.distance) < 1e-6) }
        let nearestExpected = try brute.nearest(3, to: position)
        let nearestFound = index.nearest(3, to: position)
        #expect(names(nearestFound) == names(nearestExpected))
        for (hit, want) in zip(nearestFound, nearestExpected) { #expect(abs(hit.distance - want.distance) < 1e-6) }
    }

    @Test func fijiIsFoundFromBothSidesOfTheAntimeridian() throws {
        let fiji = item(named: "Fiji")
        for longitude in [179.99, -179.99] {
            let hits = try index.items(within: 150_000, of: Position(longitude, -16.6))
            #expect(hits.contains { $0.item == fiji }, "from \(longitude)")
        }
        // Russia is found at distance 0 from inside Chukotka, on both sides of ±180.
        let russia = item(named: "Russia")
        for longitude in [179.5, -179.5] {
            let first = index.nearest(1, to: try Position(longitude, 68.0))
            #expect(first.first == DistanceHit(item: russia, distance: 0), "from \(longitude)")
        }
    }

    @Test func antarcticaContainsTheSouthPole() throws {
        let antarctica = item(named: "Antarctica")
        let hits = try index.items(within: 10, of: Position(0, -90))
        #expect(hits == [DistanceHit(item: antarctica, distance: 0)])
        // From the North Pole nothing is within 500 km; the nearest land is Greenland.
        #expect(try index.items(within: 500_000, of: Position(0, 90)).isEmpty)
        #expect(names(index.nearest(1, to: try Position(0, 90))) == ["Greenland"])
    }

    @Test func boxAcrossTheAntimeridianEqualsAnExactScan() throws {
        let box = try BoundingBox(west: 170, south: -25, east: -170, north: -10)
        let boxPolygons = Geometry.multiPolygon(try MultiPolygon([
            [[Position(170, -25), Position(180, -25), Position(180, -10), Position(170, -10), Position(170, -25)]],
            [[Position(-180, -25), Position(-170, -25), Position(-170, -10), Position(-180, -10), Position(-180, -25)]],
        ]))
        var expected: [Int] = []
        for (item, geometry) in countries.geometries.enumerated() {
            if let geometry, try geometry.intersects(boxPolygons) { expected.append(item) }
        }
        #expect(!expected.isEmpty)
        #expect(try index.items(intersecting: boxPolygons) == expected)
        // The box query may also return near misses, but never loses a hit.
        let candidates = Set(index.items(intersecting: box))
        #expect(Set(expected).isSubset(of: candidates))
        #expect(candidates.contains(item(named: "Fiji")))
    }
}

/// The near-me circle drawn as RFC 7946 wants it.
@Suite("Geodesic circle polygon")
struct GeodesicCircleTests {
    /// Vertices not on a cut are exactly `radius` from the centre.
    func expectOnCircle(_ geometry: Geometry, _ center: Position, _ radius: Double) {
        geometry.forEachPosition { position in
            if abs(position.longitude) == 180 || abs(position.latitude) == 90 { return }
            #expect(abs(Geodesic.distance(from: center, to: position) - radius) < 1e-3)
        }
    }

    @Test func plainCircle() throws {
        let center = try Position(24.94, 60.17)
        let circle = try GeodesicCircle.geometry(center: center, radius: 5_000)
        guard case let .polygon(polygon) = circle else { Issue.record("not a polygon: \(circle)"); return }
        #expect(polygon.rings.count == 1 && polygon.rings[0].positions.count == 65)
        #expect(polygon.rings[0].isCounterclockwise)
        expectOnCircle(circle, center, 5_000)
        #expect(try circle.contains(.point(center)))
    }

    @Test func circleAcrossTheAntimeridianIsCutInTwo() throws {
        let center = try Position(179.8, -17)
        let circle = try GeodesicCircle.geometry(center: center, radius: 100_000)
        guard case let .multiPolygon(multi) = circle else { Issue.record("not cut: \(circle)"); return }
        #expect(multi.polygons.count == 2)
        for polygon in multi.polygons {
            #expect(polygon.rings[0].isCounterclockwise)
            #expect(try Geometry.polygon(polygon).validity().isValid)
        }
        circle.forEachPosition { #expect(abs($0.longitude) <= 180) }
        expectOnCircle(circle, center, 100_000)
        // Points 50 km east and west of the centre, on both sides of ±180, are inside.
        for azimuth in [90.0, 270.0] {
            let inside = Geodesic.destination(from: center, azimuth: azimuth, distance: 50_000)
            #expect(try circle.intersects(.point(inside)), "azimuth \(azimuth)")
        }
    }

    @Test(arguments: [(10.0, 89.0, true), (-120.0, -88.5, false)])
    func circleAroundAPoleIsClosedAlongThePole(longitude: Double, latitude: Double, north: Bool) throws {
        let center = try Position(longitude, latitude)
        let circle = try GeodesicCircle.geometry(center: center, radius: 300_000)
        guard case let .polygon(polygon) = circle else { Issue.record("not a polygon: \(circle)"); return }
        #expect(try circle.validity().isValid)
        #expect(polygon.rings[0].isCounterclockwise)
        expectOnCircle(circle, center, 300_000)
        let nearPole = try Position(longitude + 180 > 180 ? longitude - 180 : longitude + 180, north ? 89.8 : -89.8)
        #expect(try circle.contains(.point(nearPole)))
        let outside = Geodesic.destination(from: center, azimuth: north ? 180 : 0, distance: 350_000)
        #expect(try !circle.contains(.point(outside)))
    }

    @Test func badRadiusIsRefused() throws {
        #expect(throws: QueryError.self) { try GeodesicCircle.geometry(center: Position(0, 0), radius: -1) }
        #expect(throws: QueryError.self) { try GeodesicCircle.geometry(center: Position(0, 0), radius: .nan) }
        #expect(throws: QueryError.self) { try SpatialIndex([]).items(within: -5, of: Position(0, 0)) }
    }
}
