import Foundation
@testable import MapGeometry
@testable import MapQuery
import Testing

/// The nearest point of a segment, checked against sampling the segment densely.
@Suite("Geodesic distance to a segment")
struct SegmentDistanceTests {
    /// The smallest geodesic distance over `samples` evenly spaced points of the lon/lat segment.
    func sampled(_ target: Position, _ a: Position, _ b: Position, samples: Int = 20_000) -> Double {
        var best = Double.infinity
        for step in 0...samples {
            let t = Double(step) / Double(samples)
            let point = Position(
                uncheckedLongitude: a.longitude + t * (b.longitude - a.longitude),
                latitude: a.latitude + t * (b.latitude - a.latitude))
            best = min(best, Geodesic.distance(from: target, to: point))
        }
        return best
    }

    @Test("equals dense sampling within a millimetre", arguments: [
        // A short Helsinki street and points beside, beyond and on it.
        ((24.9410, 60.1690), (24.9450, 60.1700), (24.9430, 60.1720)),
        ((24.9410, 60.1690), (24.9450, 60.1700), (24.9500, 60.1705)),
        ((24.9410, 60.1690), (24.9450, 60.1700), (24.9430, 60.1695)),
        // A long east-west edge at high latitude: the lon/lat line is not a geodesic there.
        ((-20.0, 70.0), (20.0, 70.0), (3.0, 72.0)),
        ((-20.0, 70.0), (20.0, 70.0), (3.0, 68.0)),
        // Long, diagonal, near the equator and far from the position.
        ((100.0, -5.0), (110.0, 5.0), (104.0, 3.0)),
        // Across a pole-ward segment close to the North Pole.
        ((0.0, 88.0), (90.0, 88.5), (40.0, 89.0)),
    ])
    func equalsSampling(a: (Double, Double), b: (Double, Double), target: (Double, Double)) throws {
        let start = try Position(a.0, a.1), end = try Position(b.0, b.1), point = try Position(target.0, target.1)
        let distance = SegmentDistance.distance(from: point, start.longitude, start.latitude, end.longitude, end.latitude)
        let reference = sampled(point, start, end)
        // Sampling can only overestimate; by at most (spacing)²/(2·distance), tiny here.
        #expect(distance <= reference + 1e-6)
        #expect(reference - distance < max(1e-3, reference * 1e-7), "\(distance) vs sampled \(reference)")
    }

    @Test func pipelineNearItsMiddleIsNearThoughItsEndsAreFar() throws {
        // A 10 km straight line: 30 m beside its middle, the ends are 5 km away.
        let start = try Position(24.80, 60.20)
        let end = Geodesic.destination(from: start, azimuth: 90, distance: 10_000)
        let middle = try Position((start.longitude + end.longitude) / 2, (start.latitude + end.latitude) / 2)
        let beside = Geodesic.destination(from: middle, azimuth: 0, distance: 30)
        let index = SpatialIndex([.lineString(try LineString([start, end])), .point(middle)])
        let hits = try index.items(within: 100, of: beside)
        #expect(hits.map(\.item) == [0, 1])
        #expect(abs(hits[0].distance - 30) < 0.05)
    }
}
