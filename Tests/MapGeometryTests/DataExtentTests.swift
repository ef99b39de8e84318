import Testing
import TestSupport
@testable import MapGeometry

/// The smallest bounding box of a data set, across the antimeridian when that is smaller.
@Suite("Camera fit: smallest bounds of geometries")
struct DataExtentTests {
    static func point(_ longitude: Double, _ latitude: Double) throws -> Geometry {
        .point(try Position(longitude: longitude, latitude: latitude, domain: .unwrappedGeographic))
    }

    static func ring(_ coordinates: [(Double, Double)]) throws -> LinearRing {
        try LinearRing(coordinates.map { try Position(longitude: $0.0, latitude: $0.1, domain: .unwrappedGeographic) })
    }

    @Test func pointsAroundFijiGiveABoxAcrossTheAntimeridian() throws {
        let bounds = try #require(BoundingBox.smallest(containing: [
            Self.point(178.4, -18.1), Self.point(-179.9, -16.5), Self.point(179.3, -17.0), Self.point(-178.5, -19.0),
        ]))
        #expect(bounds == BoundingBox(unchecked: 178.4, -19.0, -178.5, -16.5))
        #expect(bounds.crossesAntimeridian)
        #expect(abs(bounds.longitudeSpan - 3.1) < 1e-9, "3.1° wide, not the 356.9° a min/max box gives")
    }

    @Test func pointsAroundGreenwichStayOrdinary() throws {
        let bounds = try #require(BoundingBox.smallest(containing: [Self.point(-1, 51), Self.point(2, 49), Self.point(0.5, 50)]))
        #expect(bounds == BoundingBox(unchecked: -1, 49, 2, 51))
    }

    @Test func equalGapsPreferTheBoxThatDoesNotCrossTheAntimeridian() throws {
        // Gaps of 180° on both sides: both boxes are equally small; the answer is stable.
        let bounds = try #require(BoundingBox.smallest(containing: [Self.point(-90, 0), Self.point(90, 0)]))
        #expect(bounds == BoundingBox(unchecked: -90, 0, 90, 0))
    }

    @Test func unwrappedSegmentAcrossTheAntimeridian() throws {
        // Written 170° → 190°: it crosses ±180 and covers 20° of longitude.
        let line = Geometry.lineString(try LineString([
            Position(longitude: 170, latitude: 0, domain: .unwrappedGeographic),
            Position(longitude: 190, latitude: 5, domain: .unwrappedGeographic),
        ]))
        #expect(BoundingBox.smallest(containing: [line]) == BoundingBox(unchecked: 170, 0, -170, 5))
    }

    @Test func segmentFrom170ToMinus170RunsTheLongWay() throws {
        // RFC 7946 draws the straight segment between the coordinates as written: through 0°.
        let line = Geometry.lineString(try LineString([Position(170, 0), Position(-170, 1)]))
        #expect(BoundingBox.smallest(containing: [line]) == BoundingBox(unchecked: -170, 0, 170, 1))
    }

    @Test func polygonSplitAtTheAntimeridianLikeNaturalEarth() throws {
        // Natural Earth's Fiji: one part ends at 180°, the other starts at −180°.
        let east = Polygon([try Self.ring([(177, -17), (180, -17), (180, -16), (177, -16), (177, -17)])])
        let west = Polygon([try Self.ring([(-180, -17), (-178, -17), (-178, -16), (-180, -16), (-180, -17)])])
        let bounds = try #require(BoundingBox.smallest(containing: [.multiPolygon(MultiPolygon([east, west]))]))
        #expect(bounds == BoundingBox(unchecked: 177, -17, -178, -16))
    }

    @Test func ringAroundThePoleCoversEveryLongitude() throws {
        let antarctica = Polygon([try Self.ring([(-180, -90), (-180, -70), (0, -65), (180, -70), (180, -90), (-180, -90)])])
        let bounds = try #require(BoundingBox.smallest(containing: [.polygon(antarctica), Self.point(20, -60)]))
        #expect(bounds == BoundingBox(unchecked: -180, -90, 180, -60))
    }

    @Test func identicalPointsAndEmptyInput() throws {
        let same = try #require(BoundingBox.smallest(containing: [Self.point(24.94, 60.17), Self.point(24.94, 60.17)]))
        #expect(same == BoundingBox(unchecked: 24.94, 60.17, 24.94, 60.17))
        #expect(BoundingBox.smallest(containing: [Geometry]()) == nil)
        #expect(BoundingBox.smallest(containing: [.geometryCollection([]), .lineString(try LineString([]))]) == nil)
    }

    @Test func overlappingPathsWithANarrowGap() throws {
        // Three long paths leave one 10° gap, narrower than a bucket (350° / 3): the exact
        // sorted sweep must find it.
        var coverage = LongitudeCoverage()
        coverage.add(from: -180, to: -50)
        coverage.add(from: 95, to: 180)
        coverage.add(from: -40, to: 100)
        let answer = try #require(coverage.smallestInterval())
        #expect(answer.west == -40 && answer.east == -50)
    }

    /// The O(n) bucket method (with its sort fallback for overlapping intervals) against a
    /// brute-force search over every possible west edge, on random mixes of points and paths.
    @Test(arguments: 1...40)
    func agreesWithBruteForce(seed: UInt64) throws {
        var random = SeededGenerator(seed: seed)
        var coverage = LongitudeCoverage()
        var intervals: [(Double, Double)] = []
        let center = Double.random(in: -180..<180, using: &random)
        let spread = [1.0, 30, 200, 500].randomElement(using: &random)!
        for _ in 0..<Int.random(in: 1...60, using: &random) {
            let start = center + Double.random(in: -spread...spread, using: &random)
            // Points, short paths and, now and then, long ones that overlap the others.
            let length = [0, 0, 0.5, 5, 60].randomElement(using: &random)! * Double.random(in: 0...1, using: &random)
            coverage.add(from: start, to: start + length)
            intervals.append((start, start + length))
        }
        let answer = try #require(coverage.smallestInterval())
        let span = answer.west > answer.east ? answer.east + 360 - answer.west : answer.east - answer.west
        #expect(abs(span - Self.bruteForceSpan(intervals)) < 1e-9, "seed \(seed): \(answer)")
        for (start, end) in intervals where end - start < 360 {
            var offset = (start - answer.west).truncatingRemainder(dividingBy: 360)
            if offset < 0 { offset += 360 }
            if offset > 360 - 1e-9 { offset = 0 }
            #expect(offset + (end - start) <= span + 1e-9, "seed \(seed): [\(start), \(end)] outside \(answer)")
        }
    }

    /// Smallest arc containing all intervals: try each interval's start as the west edge.
    static func bruteForceSpan(_ intervals: [(Double, Double)]) -> Double {
        var best = 360.0
        for (candidate, _) in intervals {
            var needed = 0.0
            for (start, end) in intervals {
                var offset = (start - candidate).truncatingRemainder(dividingBy: 360)
                if offset < 0 { offset += 360 }
                needed = max(needed, offset + (end - start))
            }
            best = min(best, needed)
        }
        return min(best, 360)
    }
}
