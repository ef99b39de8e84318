internal import CGEOS

extension GeosGeometry {
    /// True when the two geometries meet only on their boundaries: they have a point in
    /// common but their interiors do not intersect (neighbouring parcels sharing an edge).
    /// `intersects && !touches` is "the interiors overlap".
    package func touches(_ other: GeosGeometry) throws(GeometryOperationError) -> Bool {
        let context = GEOSContext.current
        return try context.predicate(GEOSTouches_r(context.handle, pointer, other.pointer), "touches")
    }
}
