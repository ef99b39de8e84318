import Testing
@testable import MapGeometry

@Suite("Cached PROJ transforms")
struct CoordinateTransformCacheTests {
    /// Setting a transform up costs milliseconds (PROJ's database), so the cache must hand out
    /// the same object for the same pair, and a different one for another pair.
    @Test func samePairGivesTheSameTransform() throws {
        let first = try CoordinateTransform.cached(from: "EPSG:4326", to: "EPSG:25832")
        let again = try CoordinateTransform.cached(from: "EPSG:4326", to: "EPSG:25832")
        let other = try CoordinateTransform.cached(from: "EPSG:4326", to: "EPSG:32633")
        #expect(first === again)
        #expect(first !== other)
        #expect(other.target == "EPSG:32633")
    }
}
