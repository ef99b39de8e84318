import CGEOS

/// A geometry prepared by GEOS for many predicate tests against it, such as
/// point-in-polygon for every marker against one functional location.
///
/// GEOS builds its indexes lazily on the first tests, so an instance is not `Sendable`:
/// prepare one per task.
public final class PreparedGeometry {
    /// The geometry the tests are against.
    public let base: GeosGeometry
    private let prepared: OpaquePointer

    public init(_ base: GeosGeometry) throws(GEOSError) {
        self.base = base
        let context = GEOSContext.current
        prepared = try context.check(GEOSPrepare_r(context.handle, base.pointer), "prepare")
    }

    public convenience init(_ geometry: Geometry) throws(GEOSError) {
        try self.init(GeosGeometry(geometry))
    }

    deinit { GEOSPreparedGeom_destroy_r(GEOSContext.current.handle, prepared) }

    /// True when the position lies in the interior (a point on the boundary is not contained).
    public func contains(_ position: Position) throws(GEOSError) -> Bool {
        try withPoint(position) { context, point in GEOSPreparedContains_r(context, prepared, point) }
    }

    /// True when the position lies in the interior or on the boundary.
    public func covers(_ position: Position) throws(GEOSError) -> Bool {
        try withPoint(position) { context, point in GEOSPreparedCovers_r(context, prepared, point) }
    }

    public func contains(_ other: GeosGeometry) throws(GEOSError) -> Bool {
        let context = GEOSContext.current
        return try context.predicate(GEOSPreparedContains_r(context.handle, prepared, other.pointer), "contains")
    }

    public func intersects(_ other: GeosGeometry) throws(GEOSError) -> Bool {
        let context = GEOSContext.current
        return try context.predicate(GEOSPreparedIntersects_r(context.handle, prepared, other.pointer), "intersects")
    }

    /// GEOS 3.11 has no XY predicates, so each test makes a short-lived point.
    private func withPoint(
        _ position: Position, _ test: (GEOSContextHandle_t, OpaquePointer) -> CChar
    ) throws(GEOSError) -> Bool {
        let context = GEOSContext.current
        let point = try context.check(
            GEOSGeom_createPointFromXY_r(context.handle, position.longitude, position.latitude), "create point")
        defer { GEOSGeom_destroy_r(context.handle, point) }
        return try context.predicate(test(context.handle, point), "point test")
    }
}
