internal import CGEOS

/// GEOS operations directly on values, for one-off questions. Each call moves the
/// geometry into GEOS once; for repeated questions about one geometry keep a ``PreparedGeometry``.
/// GEOS works in the plane: results are read back with the planar domain's rules.
extension Geometry {
    /// OGC validity, with GEOS's first problem and its location.
    public func validity(allowSelfTouchingRingFormingHole: Bool = false) throws(GeometryOperationError) -> ValidityReport {
        // The hottest one-off call (every edit is checked): no GeosGeometry object, one context look-up.
        let context = GEOSContext.current
        let geometry = try context.makeGEOSGeometry(self)
        defer { GEOSGeom_destroy_r(context.handle, geometry) }
        return try context.validity(of: geometry, allowSelfTouchingRingFormingHole: allowSelfTouchingRingFormingHole)
    }

    /// A valid geometry covering the same area (or lines and points), by GEOS's MakeValid.
    /// - Parameters:
    ///   - method: see ``MakeValidMethod``.
    ///   - keepCollapsed: keep parts that collapse to lower dimension (structure method only).
    public func makeValid(method: MakeValidMethod = .structure, keepCollapsed: Bool = false) throws -> Geometry {
        try GeosGeometry(self).makeValid(method: method, keepCollapsed: keepCollapsed).geometry()
    }

    public func intersects(_ other: Geometry) throws(GeometryOperationError) -> Bool {
        try GeosGeometry(self).intersects(GeosGeometry(other))
    }

    public func contains(_ other: Geometry) throws(GeometryOperationError) -> Bool {
        try GeosGeometry(self).contains(GeosGeometry(other))
    }

    public func within(_ other: Geometry) throws(GeometryOperationError) -> Bool {
        try GeosGeometry(self).within(GeosGeometry(other))
    }

    /// Planar distance in the coordinates' units (degrees for lon/lat).
    public func planarDistance(to other: Geometry) throws(GeometryOperationError) -> Double {
        try GeosGeometry(self).distance(to: GeosGeometry(other))
    }

    /// The centroid, nil for an empty geometry.
    public func centroid() throws -> Position? {
        try GeosGeometry(self).centroid().pointPosition()
    }

    /// A point on the geometry (inside a polygon), nil for an empty geometry.
    public func pointOnSurface() throws -> Position? {
        try GeosGeometry(self).pointOnSurface().pointPosition()
    }

    /// The area within `distance` of the geometry, in the coordinates' own units: **degrees**
    /// for longitude/latitude, which are not a distance (use ``buffered(metres:quadrantSegments:)``
    /// there); metres for projected coordinates.
    public func buffer(_ distance: Double, quadrantSegments: Int = 8) throws -> Geometry {
        try GeosGeometry(self).buffer(distance, quadrantSegments: quadrantSegments).geometry()
    }

    public func simplified(tolerance: Double) throws -> Geometry {
        try GeosGeometry(self).simplified(tolerance: tolerance).geometry()
    }

    public func union(_ other: Geometry) throws -> Geometry {
        try GeosGeometry(self).union(GeosGeometry(other)).geometry()
    }

    public func convexHull() throws -> Geometry {
        try GeosGeometry(self).convexHull().geometry()
    }

    public func envelope() throws -> Geometry {
        try GeosGeometry(self).envelope().geometry()
    }
}

extension GeosGeometry {
    /// The position of a point geometry; nil when it is empty or not a point.
    package func pointPosition() -> Position? {
        let context = GEOSContext.current
        guard GEOSGeomTypeId_r(context.handle, pointer) == Int32(GEOS_POINT.rawValue) else { return nil }
        return context.position(ofPoint: pointer)
    }
}
