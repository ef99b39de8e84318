import Testing
@testable import MapGeometry

/// EPSG:4326 → 3857, 25832, 32633 and 2056 against PROJ's own `cs2cs`, on real GeoNames
/// places inside each CRS's area of use, in bulk through one `transform(_:)` call each.
@Suite("Transforms match cs2cs")
struct TransformReferenceTests {
    @Test(arguments: ["EPSG:3857", "EPSG:25832", "EPSG:32633", "EPSG:2056"])
    func transformAgreesWithCs2cs(target: String) throws {
        let reference = try TransformReference.load()
        let expected = try #require(reference.transforms.first { $0.target == target })
        #expect(expected.points.count >= 40)
        let transform = try CoordinateTransform(from: expected.source, to: target)
        var coordinates = expected.points.map { Coordinate(x: $0.lonLat[0], y: $0.lonLat[1]) }
        try transform.transform(&coordinates)
        for (point, coordinate) in zip(expected.points, coordinates) {
            #expect(abs(coordinate.x - point.xy[0]) <= 1e-6, "\(target) \(point.name): easting \(coordinate.x), cs2cs \(point.xy[0])")
            #expect(abs(coordinate.y - point.xy[1]) <= 1e-6, "\(target) \(point.name): northing \(coordinate.y), cs2cs \(point.xy[1])")
        }
    }
}
