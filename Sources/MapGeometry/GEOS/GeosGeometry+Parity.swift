internal import CGEOS

extension GeosGeometry {
    /// The area that the rings of a polygonal geometry enclose an odd number of times: the
    /// meaning of GEOS's `linework` make-valid for polygons, built in one pass. The rings are
    /// noded together and polygonized into faces; a face is kept when a point inside it lies
    /// inside an odd number of rings. Across every edge that parity flips, so kept faces share
    /// no edge and form a valid MultiPolygon without a union. GEOS's own linework method merges
    /// faces one symmetric difference at a time, which ran over a minute on a 500-vertex
    /// scribble; this takes about half a second (`BoundedRepairTests` compares the two).
    ///
    /// - Parameter rings: the geometry's rings, for the parity count.
    func oddlyEnclosedArea(rings: [[Position]]) throws(GeometryOperationError) -> GeosGeometry {
        let context = GEOSContext.current
        // A valid input comes back as it is, as from GEOS's make-valid.
        if GEOSisValid_r(context.handle, pointer) == 1 {
            return GeosGeometry(owning: try context.check(GEOSGeom_clone_r(context.handle, pointer), "clone"))
        }
        let boundary = GeosGeometry(owning: try context.check(GEOSBoundary_r(context.handle, pointer), "boundary"))
        let noded = GeosGeometry(owning: try context.check(GEOSNode_r(context.handle, boundary.pointer), "node"))
        let inputs: [OpaquePointer?] = [noded.pointer]
        let polygonized = withExtendedLifetime(noded) {
            inputs.withUnsafeBufferPointer { GEOSPolygonize_r(context.handle, $0.baseAddress!, 1) }
        }
        let faces = GeosGeometry(owning: try context.check(polygonized, "polygonize"))
        var kept: [OpaquePointer?] = []
        for index in 0..<max(GEOSGetNumGeometries_r(context.handle, faces.pointer), 0) {
            guard let face = GEOSGetGeometryN_r(context.handle, faces.pointer, index),
                  let inside = GEOSPointOnSurface_r(context.handle, face) else { continue }
            var x = 0.0, y = 0.0
            GEOSGeomGetX_r(context.handle, inside, &x)
            GEOSGeomGetY_r(context.handle, inside, &y)
            GEOSGeom_destroy_r(context.handle, inside)
            if Self.enclosures(of: x, y, in: rings) % 2 == 1 { kept.append(GEOSGeom_clone_r(context.handle, face)) }
        }
        // One face is a Polygon, as GEOS returns it; the collection takes ownership of the clones.
        if kept.count == 1, let face = kept[0] { return GeosGeometry(owning: face) }
        let collection = kept.isEmpty
            ? GEOSGeom_createEmptyCollection_r(context.handle, Int32(GEOS_MULTIPOLYGON.rawValue))
            : kept.withUnsafeMutableBufferPointer {
                GEOSGeom_createCollection_r(context.handle, Int32(GEOS_MULTIPOLYGON.rawValue), $0.baseAddress!, UInt32($0.count))
            }
        return GeosGeometry(owning: try context.check(collection, "collect faces"))
    }

    /// How many of `rings` enclose (x, y): crossings of a ray to the east, each ring alone.
    static func enclosures(of x: Double, _ y: Double, in rings: [[Position]]) -> Int {
        var total = 0
        for ring in rings where ring.count > 3 {
            var inside = false
            var previous = ring[ring.count - 1]
            for current in ring {
                if (current.latitude > y) != (previous.latitude > y) {
                    let crossX = previous.longitude + (y - previous.latitude) / (current.latitude - previous.latitude)
                        * (current.longitude - previous.longitude)
                    if x < crossX { inside.toggle() }
                }
                previous = current
            }
            if inside { total += 1 }
        }
        return total
    }
}
