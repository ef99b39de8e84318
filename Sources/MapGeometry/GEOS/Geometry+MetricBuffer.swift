import Foundation

extension Geometry {
    /// The area within `metres` of this longitude/latitude geometry, as a longitude/latitude
    /// polygon.
    ///
    /// ``buffer(_:quadrantSegments:)`` works in the coordinates' own units, which for
    /// longitude/latitude are degrees (a degree of longitude is 111 km at the equator and 56 km
    /// in Helsinki): use it only for projected data. This one draws the buffer in an azimuthal
    /// equidistant projection centred on the geometry, where distances from the centre are
    /// true, then projects it back. Within a few hundred kilometres of the centre the buffer
    /// edge lies at `metres` from the geometry to better than 0.1 % (`MetricBufferTests`).
    ///
    /// - Parameters:
    ///   - metres: buffer distance (negative shrinks polygons).
    ///   - quadrantSegments: segments per quarter circle of the rounded corners.
    /// - Throws: ``ProjectionError`` or ``GeometryOperationError``; a geometry with no position has no buffer.
    public func buffered(metres: Double, quadrantSegments: Int = 8) throws -> Geometry {
        guard metres.isFinite else { throw GeometryError(.nonFiniteCoordinate(axis: "buffer distance", value: metres)) }
        guard let bounds = boundingBox else { return self }
        var longitude = bounds.west + bounds.longitudeSpan / 2
        if longitude > 180 { longitude -= 360 }
        let latitude = (bounds.south + bounds.north) / 2
        let local = String(format: "+proj=aeqd +lat_0=%.9f +lon_0=%.9f +datum=WGS84 +units=m +type=crs", latitude, longitude)
        let projection = try CoordinateTransform(from: "EPSG:4326", to: local)
        let planar = try projection.transform(self)
        let grown = try planar.buffer(metres, quadrantSegments: quadrantSegments)
        return try projection.transform(grown, inverse: true)
    }
}
