internal import CGEOS

/// A geometry prepared by GEOS for many predicate tests against it, such as
/// point-in-polygon for every marker against one functional location.
///
/// GEOS builds its indexes lazily on the first tests, so an instance is not `Sendable`:
/// prepare one per task.
package final class PreparedGeometry {
    /// The geometry the tests are against.
    package let base: GeosGeometry
    private let prepared: OpaquePointer

    package init(_ base: GeosGeometry) throws(GeometryOperationError) {
        self.base = base
        let context = GEOSContext.current
        prepared = try context.check(GEOSPrepare_r(context.handle, base.pointer), "prepare")
    }

    package convenience init(_ geometry: Geometry) throws(GeometryOperationError) {
        try self.init(GeosGeometry(geometry))
    }

    deinit { GEOSPreparedGeom_destroy_r(GEOSContext.current.handle, prepared) }

    /// True when the position lies in the interior (a point on the boundary is not contained).
    package func contains(_ position: Position) throws(GeometryOperationError) -> Bool {
        try withPoint(position) { context, point in GEOSPreparedContains_r(context, prepared, point) }
    }

    /// True when the position lies in the interior or on the boundary.
    package func covers(_ position: Position) throws(GeometryOperationError) -> Bool {
        try withPoint(position) { context, point in GEOSPreparedCovers_r(context, prepared, point) }
    }

    package func contains(_ other: GeosGeometry) throws(GeometryOperationError) -> Bool {
        let context = GEOSContext.current
        return try context.predicate(GEOSPreparedContains_r(context.handle, prepared, other.pointer), "contains")
    }

    package func intersects(_ other: GeosGeometry) throws(GeometryOperationError) -> Bool {
        let context = GEOSContext.current
        return try context.predicate(GEOSPreparedIntersects_r(context.handle, prepared, other.pointer), "intersects")
    }

    /// GEOS 3.11 has no XY predicates, so each test makes a short-lived point.
    private func withPoint(
        _ position: Position, _ test: (GEOSContextHandle_t, OpaquePointer) -> CChar
    ) throws(GeometryOperationError) -> Bool {
        let context = GEOSContext.current
        let point = try context.check(
            GEOSGeom_createPointFromXY_r(context.handle, position.longitude, position.latitude), "create point")
        defer { GEOSGeom_destroy_r(context.handle, point) }
        return try context.predicate(test(context.handle, point), "point test")
    }
}
