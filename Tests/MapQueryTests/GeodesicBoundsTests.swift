@testable import MapGeometry
@testable import MapQuery
import Testing
import TestSupport

/// The pruning bounds never exceed a true distance, and the search area holds the circle.
@Suite("Geodesic lower bounds and search areas")
struct GeodesicBoundsTests {
    @Test func boxBoundNeverExceedsTheDistanceToAnyPointOfTheBox() throws {
        var random = SeededGenerator(seed: 7)
        for _ in 0..<400 {
            let position = try Position(Double.random(in: -180...180, using: &random), Double.random(in: -89...89, using: &random))
            let width = [0.01, 1, 20][Int.random(in: 0...2, using: &random)]
            let west = Double.random(in: -180...(180 - width), using: &random)
            let south = Double.random(in: -90...(90 - width), using: &random)
            let box = PlanarBox(minX: west, minY: south, maxX: west + width, maxY: south + width)
            let bound = GeodesicLowerBound(from: position).distance(to: box)
            var nearest = Double.infinity
            for i in 0...20 {
                for j in 0...20 {
                    let point = try Position(west + width * Double(i) / 20, south + width * Double(j) / 20)
                    nearest = min(nearest, Geodesic.distance(from: position, to: point))
                }
            }
            #expect(bound <= nearest, "\(bound) > \(nearest) from \(position) to \(box)")
            // Useful, not just valid: within a factor of two of the sampled distance (for a
            // position outside the box; inside, the bound is rightly 0).
            let inside = position.longitude >= box.minX && position.longitude <= box.maxX
                && position.latitude >= box.minY && position.latitude <= box.maxY
            if nearest > 1_000 && !inside { #expect(bound > nearest / 2, "\(bound) vs \(nearest) from \(position) to \(box)") }
        }
    }

    @Test func searchAreaHoldsTheGeodesicCircle() throws {
        var random = SeededGenerator(seed: 8)
        for _ in 0..<200 {
            let center = try Position(Double.random(in: -180...180, using: &random), Double.random(in: -90...90, using: &random))
            let radius = [50.0, 5_000, 500_000, 3_000_000][Int.random(in: 0...3, using: &random)]
            let boxes = GeodesicSearchArea.boxes(around: center, radius: radius)
            for step in 0..<72 {
                let point = Geodesic.destination(from: center, azimuth: Double(step) * 5, distance: radius)
                #expect(boxes.contains { box in
                    point.longitude >= box.minX && point.longitude <= box.maxX
                        && point.latitude >= box.minY && point.latitude <= box.maxY
                }, "\(point) outside \(boxes) for \(radius) m around \(center)")
            }
        }
    }
}
