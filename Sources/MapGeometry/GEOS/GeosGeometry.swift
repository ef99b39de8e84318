internal import CGEOS

/// A geometry held inside GEOS, built once and used for many operations, so repeated
/// questions do not pay for moving coordinates into GEOS each time.
///
/// Operations use the calling thread's GEOS context. An instance is not `Sendable`:
/// keep one per task (values of ``Geometry`` are cheap to share and convert).
/// GEOS computes in the plane: with lon/lat input, distances, areas and buffers are in degrees.
package final class GeosGeometry {
    let pointer: OpaquePointer

    /// Takes ownership of a geometry GEOS returned.
    init(owning pointer: OpaquePointer) { self.pointer = pointer }

    /// Moves a value into GEOS.
    package convenience init(_ geometry: Geometry) throws(GeometryOperationError) {
        self.init(owning: try GEOSContext.current.makeGEOSGeometry(geometry))
    }

    /// Reads Well-Known Text with GEOS's reader.
    package convenience init(wkt: String) throws(GeometryOperationError) {
        let context = GEOSContext.current
        let reader = GEOSWKTReader_create_r(context.handle)
        defer { GEOSWKTReader_destroy_r(context.handle, reader) }
        self.init(owning: try context.check(GEOSWKTReader_read_r(context.handle, reader, wkt), "read WKT"))
    }

    /// Reads hexadecimal Well-Known Binary with GEOS's reader.
    package convenience init(hexWKB: String) throws(GeometryOperationError) {
        let context = GEOSContext.current
        let reader = GEOSWKBReader_create_r(context.handle)
        defer { GEOSWKBReader_destroy_r(context.handle, reader) }
        let bytes = Array(hexWKB.utf8)
        let read = bytes.withUnsafeBufferPointer { buffer in
            GEOSWKBReader_readHEX_r(context.handle, reader, buffer.baseAddress, buffer.count)
        }
        self.init(owning: try context.check(read, "read WKB"))
    }

    deinit { GEOSGeom_destroy_r(GEOSContext.current.handle, pointer) }

    /// The geometry as a value, checking coordinates against `domain`.
    /// - Throws: ``GeometryReadError`` when the geometry breaks the value types' rules
    ///   (a NaN coordinate, a ring of three positions...).
    package func geometry(domain: CoordinateDomain = .planar) throws(GeometryReadError) -> Geometry {
        try GEOSContext.current.makeGeometry(pointer, domain: domain)
    }

    /// Well-Known Text, trimmed of needless zeros.
    package var wkt: String {
        let context = GEOSContext.current
        let writer = GEOSWKTWriter_create_r(context.handle)
        defer { GEOSWKTWriter_destroy_r(context.handle, writer) }
        GEOSWKTWriter_setTrim_r(context.handle, writer, 1)
        guard let text = GEOSWKTWriter_write_r(context.handle, writer, pointer) else { return "" }
        defer { GEOSFree_r(context.handle, text) }
        return String(cString: text)
    }

    /// True when the geometry has no coordinates.
    package var isEmpty: Bool { GEOSisEmpty_r(GEOSContext.current.handle, pointer) == 1 }

    // MARK: Validity

    /// Checks OGC validity and reports GEOS's first problem with its location.
    /// - Parameter allowSelfTouchingRingFormingHole: accept a shell that touches itself to
    ///   enclose a hole (the "ESRI" convention), which GEOS rejects by default.
    package func validity(allowSelfTouchingRingFormingHole: Bool = false) throws(GeometryOperationError) -> ValidityReport {
        try GEOSContext.current.validity(of: pointer, allowSelfTouchingRingFormingHole: allowSelfTouchingRingFormingHole)
    }

    /// A valid geometry covering the same area (or lines and points), by GEOS's MakeValid.
    /// - Parameters:
    ///   - method: see ``MakeValidMethod``.
    ///   - keepCollapsed: keep parts that collapse to lower dimension (structure method only).
    package func makeValid(method: MakeValidMethod = .structure, keepCollapsed: Bool = false) throws(GeometryOperationError) -> GeosGeometry {
        // Polygons by linework: the same area as GEOS's method, built in one pass (see oddlyEnclosedArea).
        if method == .linework, !keepCollapsed, let rings = try? polygonRings() {
            return try oddlyEnclosedArea(rings: rings)
        }
        return try makeValidByGEOS(method: method, keepCollapsed: keepCollapsed)
    }

    /// GEOS's own make-valid, whatever the method and type (the reference for tests).
    package func makeValidByGEOS(method: MakeValidMethod, keepCollapsed: Bool = false) throws(GeometryOperationError) -> GeosGeometry {
        let context = GEOSContext.current
        guard let parameters = GEOSMakeValidParams_create_r(context.handle) else { throw context.failure("make valid") }
        defer { GEOSMakeValidParams_destroy_r(context.handle, parameters) }
        let geosMethod = method == .structure ? GEOS_MAKE_VALID_STRUCTURE : GEOS_MAKE_VALID_LINEWORK
        GEOSMakeValidParams_setMethod_r(context.handle, parameters, geosMethod)
        GEOSMakeValidParams_setKeepCollapsed_r(context.handle, parameters, keepCollapsed ? 1 : 0)
        return try derived(GEOSMakeValidWithParams_r(context.handle, pointer, parameters), "make valid")
    }

    /// The rings of a Polygon or MultiPolygon; nil for any other type.
    private func polygonRings() throws -> [[Position]]? {
        switch try geometry(domain: .planar) {
        case let .polygon(polygon): polygon.rings.map(\.positions)
        case let .multiPolygon(polygons): polygons.polygons.flatMap { $0.rings.map(\.positions) }
        default: nil
        }
    }

    /// The geometry with every coordinate on a grid of `gridSize` (GEOS's precision reducer:
    /// it nodes the rounded linework, so the result stays valid; collapsed parts disappear).
    package func snappedToGrid(_ gridSize: Double) throws(GeometryOperationError) -> GeosGeometry {
        try derived(GEOSGeom_setPrecision_r(GEOSContext.current.handle, pointer, gridSize, 0), "set precision")
    }

    // MARK: Predicates

    package func intersects(_ other: GeosGeometry) throws(GeometryOperationError) -> Bool {
        let context = GEOSContext.current
        return try context.predicate(GEOSIntersects_r(context.handle, pointer, other.pointer), "intersects")
    }

    package func contains(_ other: GeosGeometry) throws(GeometryOperationError) -> Bool {
        let context = GEOSContext.current
        return try context.predicate(GEOSContains_r(context.handle, pointer, other.pointer), "contains")
    }

    package func within(_ other: GeosGeometry) throws(GeometryOperationError) -> Bool {
        let context = GEOSContext.current
        return try context.predicate(GEOSWithin_r(context.handle, pointer, other.pointer), "within")
    }

    package func covers(_ other: GeosGeometry) throws(GeometryOperationError) -> Bool {
        let context = GEOSContext.current
        return try context.predicate(GEOSCovers_r(context.handle, pointer, other.pointer), "covers")
    }

    /// Same point set, whatever the vertex order or start.
    package func equalsTopologically(_ other: GeosGeometry) throws(GeometryOperationError) -> Bool {
        let context = GEOSContext.current
        return try context.predicate(GEOSEquals_r(context.handle, pointer, other.pointer), "equals")
    }

    // MARK: Measures (planar, in the coordinates' units)

    /// The shortest planar distance to `other`.
    package func distance(to other: GeosGeometry) throws(GeometryOperationError) -> Double {
        let context = GEOSContext.current
        var distance = 0.0
        guard GEOSDistance_r(context.handle, pointer, other.pointer, &distance) == 1 else {
            throw context.failure("distance")
        }
        return distance
    }

    /// Planar area (degrees² for lon/lat; use ``Geodesic`` for square metres).
    package func area() throws(GeometryOperationError) -> Double {
        let context = GEOSContext.current
        var area = 0.0
        guard GEOSArea_r(context.handle, pointer, &area) == 1 else { throw context.failure("area") }
        return area
    }

    /// Planar length (degrees for lon/lat; use ``Geodesic`` for metres).
    package func length() throws(GeometryOperationError) -> Double {
        let context = GEOSContext.current
        var length = 0.0
        guard GEOSLength_r(context.handle, pointer, &length) == 1 else { throw context.failure("length") }
        return length
    }

    // MARK: Derived geometries

    package func centroid() throws(GeometryOperationError) -> GeosGeometry {
        try derived(GEOSGetCentroid_r(GEOSContext.current.handle, pointer), "centroid")
    }

    /// A point guaranteed to lie on the geometry (inside a polygon, on a line): the place
    /// for a polygon's marker, where a centroid may fall outside (a U-shaped building).
    package func pointOnSurface() throws(GeometryOperationError) -> GeosGeometry {
        try derived(GEOSPointOnSurface_r(GEOSContext.current.handle, pointer), "point on surface")
    }

    package func envelope() throws(GeometryOperationError) -> GeosGeometry {
        try derived(GEOSEnvelope_r(GEOSContext.current.handle, pointer), "envelope")
    }

    package func convexHull() throws(GeometryOperationError) -> GeosGeometry {
        try derived(GEOSConvexHull_r(GEOSContext.current.handle, pointer), "convex hull")
    }

    /// The area within `distance` of the geometry, arcs drawn with `quadrantSegments` per quarter
    /// circle. GEOS works in the plane: `distance` is in the coordinates' units (degrees for
    /// longitude/latitude; see ``Geometry/buffered(metres:quadrantSegments:)`` for metres).
    package func buffer(_ distance: Double, quadrantSegments: Int = 8) throws(GeometryOperationError) -> GeosGeometry {
        try derived(GEOSBuffer_r(GEOSContext.current.handle, pointer, distance, Int32(quadrantSegments)), "buffer")
    }

    /// Fewer vertices within `tolerance`, never creating self-intersections or moving holes out.
    package func simplified(tolerance: Double) throws(GeometryOperationError) -> GeosGeometry {
        try derived(GEOSTopologyPreserveSimplify_r(GEOSContext.current.handle, pointer, tolerance), "simplify")
    }

    package func union(_ other: GeosGeometry) throws(GeometryOperationError) -> GeosGeometry {
        try derived(GEOSUnion_r(GEOSContext.current.handle, pointer, other.pointer), "union")
    }

    /// The union of all parts of this geometry (dissolves overlapping polygons of a collection).
    package func unaryUnion() throws(GeometryOperationError) -> GeosGeometry {
        try derived(GEOSUnaryUnion_r(GEOSContext.current.handle, pointer), "union")
    }

    package func intersection(_ other: GeosGeometry) throws(GeometryOperationError) -> GeosGeometry {
        try derived(GEOSIntersection_r(GEOSContext.current.handle, pointer, other.pointer), "intersection")
    }

    package func difference(_ other: GeosGeometry) throws(GeometryOperationError) -> GeosGeometry {
        try derived(GEOSDifference_r(GEOSContext.current.handle, pointer, other.pointer), "difference")
    }

    /// A copy in GEOS's normal form (ordered parts and vertices), for exact comparisons.
    package func normalized() throws(GeometryOperationError) -> GeosGeometry {
        let context = GEOSContext.current
        let copy = try derived(GEOSGeom_clone_r(context.handle, pointer), "clone")
        guard GEOSNormalize_r(context.handle, copy.pointer) == 0 else { throw context.failure("normalize") }
        return copy
    }

    private func derived(_ result: OpaquePointer?, _ operation: String) throws(GeometryOperationError) -> GeosGeometry {
        GeosGeometry(owning: try GEOSContext.current.check(result, operation))
    }
}

extension GEOSContext {
    /// GEOS's validity verdict for `geometry`, with the first problem's kind and location.
    func validity(of geometry: OpaquePointer, allowSelfTouchingRingFormingHole: Bool) throws(GeometryOperationError) -> ValidityReport {
        var reason: UnsafeMutablePointer<CChar>?
        var location: OpaquePointer?
        let flags: Int32 = allowSelfTouchingRingFormingHole
            ? Int32(GEOSVALID_ALLOW_SELFTOUCHING_RING_FORMING_HOLE.rawValue) : 0
        let answer = GEOSisValidDetail_r(handle, geometry, flags, &reason, &location)
        defer {
            if let reason { GEOSFree_r(handle, reason) }
            if let location { GEOSGeom_destroy_r(handle, location) }
        }
        guard try predicate(answer, "validity check") == false else { return .valid }
        let text = reason.map { String(cString: $0) } ?? ""
        let kind = ValidityProblemKind(rawValue: text) ?? .topologyValidationError
        return ValidityReport(problem: ValidityProblem(kind: kind, location: location.flatMap(position(ofPoint:))))
    }

    /// The position of a GEOS point, nil when empty or not finite.
    func position(ofPoint point: OpaquePointer) -> Position? {
        var x = 0.0, y = 0.0
        guard GEOSisEmpty_r(handle, point) == 0,
            GEOSGeomGetX_r(handle, point, &x) == 1, GEOSGeomGetY_r(handle, point, &y) == 1,
            x.isFinite, y.isFinite
        else { return nil }
        return Position(uncheckedLongitude: x, latitude: y)
    }
}
