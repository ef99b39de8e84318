internal import CGEOS

/// Moves geometry values into GEOS and back, a coordinate sequence at a time.
extension GEOSContext {
    /// Creates a GEOS geometry from a value. The caller owns the result.
    func makeGEOSGeometry(_ geometry: Geometry) throws(GeometryOperationError) -> OpaquePointer {
        switch geometry {
        case let .point(position):
            return try check(
                GEOSGeom_createPointFromXY_r(handle, position.longitude, position.latitude), "create point")
        case let .multiPoint(multi):
            return try makeCollection(GEOS_MULTIPOINT, multi.positions) { position throws(GeometryOperationError) in
                try makeGEOSGeometry(.point(position))
            }
        case let .lineString(line):
            guard !line.isEmpty else { return try check(GEOSGeom_createEmptyLineString_r(handle), "create line") }
            let sequence = try makeSequence(line.positions)
            return try check(GEOSGeom_createLineString_r(handle, sequence), "create line")
        case let .multiLineString(multi):
            return try makeCollection(GEOS_MULTILINESTRING, multi.lineStrings) { line throws(GeometryOperationError) in
                try makeGEOSGeometry(.lineString(line))
            }
        case let .polygon(polygon):
            return try makePolygon(polygon)
        case let .multiPolygon(multi):
            return try makeCollection(GEOS_MULTIPOLYGON, multi.polygons, makePolygon)
        case let .geometryCollection(geometries):
            return try makeCollection(GEOS_GEOMETRYCOLLECTION, geometries, makeGEOSGeometry)
        }
    }

    /// A coordinate sequence copied from one flat x/y buffer (GEOS's bulk path). The buffer is
    /// temporary (on the stack for small rings), filled by index: no array growth, no exclusivity checks.
    private func makeSequence(_ positions: [Position]) throws(GeometryOperationError) -> OpaquePointer {
        let count = positions.count
        let sequence = withUnsafeTemporaryAllocation(of: Double.self, capacity: 2 * count) { buffer in
            for index in 0..<count {
                buffer[2 * index] = positions[index].longitude
                buffer[2 * index + 1] = positions[index].latitude
            }
            return GEOSCoordSeq_copyFromBuffer_r(handle, buffer.baseAddress, UInt32(count), 0, 0)
        }
        return try check(sequence, "create coordinate sequence")
    }

    private func makePolygon(_ polygon: Polygon) throws(GeometryOperationError) -> OpaquePointer {
        guard !polygon.isEmpty else { return try check(GEOSGeom_createEmptyPolygon_r(handle), "create polygon") }
        let shell = try makeRing(polygon.rings[0])
        // Most polygons have no hole: no array of rings to allocate then.
        guard polygon.rings.count > 1 else {
            return try check(GEOSGeom_createPolygon_r(handle, shell, nil, 0), "create polygon")
        }
        var holes: [OpaquePointer?] = []
        holes.reserveCapacity(polygon.rings.count - 1)
        do {
            for ring in polygon.rings.dropFirst() { holes.append(try makeRing(ring)) }
        } catch {
            GEOSGeom_destroy_r(handle, shell)
            for hole in holes { GEOSGeom_destroy_r(handle, hole) }
            throw error
        }
        let created = holes.withUnsafeMutableBufferPointer { buffer in
            GEOSGeom_createPolygon_r(handle, shell, buffer.baseAddress, UInt32(buffer.count))
        }
        return try check(created, "create polygon")
    }

    private func makeRing(_ ring: LinearRing) throws(GeometryOperationError) -> OpaquePointer {
        try check(GEOSGeom_createLinearRing_r(handle, try makeSequence(ring.positions)), "create ring")
    }

    /// Makes every part, then the collection; frees whatever was made if any step fails.
    private func makeCollection<Member>(
        _ type: GEOSGeomTypes, _ members: [Member], _ makePart: (Member) throws(GeometryOperationError) -> OpaquePointer
    ) throws(GeometryOperationError) -> OpaquePointer {
        var parts: [OpaquePointer?] = []
        parts.reserveCapacity(members.count)
        do {
            for member in members { parts.append(try makePart(member)) }
        } catch {
            for part in parts { GEOSGeom_destroy_r(handle, part) }
            throw error
        }
        let created = parts.withUnsafeMutableBufferPointer { buffer in
            GEOSGeom_createCollection_r(handle, Int32(type.rawValue), buffer.baseAddress, UInt32(buffer.count))
        }
        guard let created else {
            for part in parts { GEOSGeom_destroy_r(handle, part) }
            throw failure("create collection")
        }
        return created
    }

    /// Reads a GEOS geometry back into a value, checking every coordinate against `domain`
    /// and every line and ring against the value types' rules.
    func makeGeometry(_ geometry: OpaquePointer, domain: CoordinateDomain) throws(GeometryReadError) -> Geometry {
        let type = GEOSGeomTypeId_r(handle, geometry)
        switch GEOSGeomTypes(UInt32(type)) {
        case GEOS_POINT:
            if GEOSisEmpty_r(handle, geometry) == 1 { return .geometryCollection([]) }
            return .point(try positions(of: geometry, domain: domain)[0])
        case GEOS_LINESTRING, GEOS_LINEARRING:
            return .lineString(try lineString(geometry, domain: domain))
        case GEOS_POLYGON:
            return .polygon(try polygon(geometry, domain: domain))
        case GEOS_MULTIPOINT:
            var points: [Position] = []
            for index in 0..<GEOSGetNumGeometries_r(handle, geometry) {
                do {
                    points += try positions(of: GEOSGetGeometryN_r(handle, geometry, index)!, domain: domain)
                } catch { throw error.nested(in: Int(index)) }
            }
            return .multiPoint(MultiPoint(points))
        case GEOS_MULTILINESTRING:
            var lines: [LineString] = []
            for index in 0..<GEOSGetNumGeometries_r(handle, geometry) {
                do { lines.append(try lineString(GEOSGetGeometryN_r(handle, geometry, index)!, domain: domain)) } catch {
                    throw error.nested(in: Int(index))
                }
            }
            return .multiLineString(MultiLineString(lines))
        case GEOS_MULTIPOLYGON:
            var polygons: [Polygon] = []
            for index in 0..<GEOSGetNumGeometries_r(handle, geometry) {
                do { polygons.append(try polygon(GEOSGetGeometryN_r(handle, geometry, index)!, domain: domain)) } catch {
                    throw error.nested(in: Int(index))
                }
            }
            return .multiPolygon(MultiPolygon(polygons))
        default:
            var members: [Geometry] = []
            for index in 0..<GEOSGetNumGeometries_r(handle, geometry) {
                do { members.append(try makeGeometry(GEOSGetGeometryN_r(handle, geometry, index)!, domain: domain)) } catch {
                    throw error.nested(in: Int(index))
                }
            }
            return .geometryCollection(members)
        }
    }

    private func lineString(_ geometry: OpaquePointer, domain: CoordinateDomain) throws(GeometryReadError) -> LineString {
        let points = try positions(of: geometry, domain: domain)
        do { return try LineString(points) } catch { throw .invalidValue(error) }
    }

    private func polygon(_ geometry: OpaquePointer, domain: CoordinateDomain) throws(GeometryReadError) -> Polygon {
        if GEOSisEmpty_r(handle, geometry) == 1 { return Polygon([LinearRing]()) }
        var rings: [[Position]] = []
        do { rings.append(try positions(of: GEOSGetExteriorRing_r(handle, geometry)!, domain: domain)) } catch {
            throw error.nested(in: 0)
        }
        for index in 0..<GEOSGetNumInteriorRings_r(handle, geometry) {
            let hole = GEOSGetInteriorRingN_r(handle, geometry, index)!
            // An empty hole (WKT "POLYGON ((...), EMPTY)") removes nothing: drop it.
            if GEOSisEmpty_r(handle, hole) == 1 { continue }
            do { rings.append(try positions(of: hole, domain: domain)) } catch {
                throw error.nested(in: Int(index) + 1)
            }
        }
        do { return try Polygon(rings) } catch { throw .invalidValue(error) }
    }

    /// The positions of a point, line or ring, copied out of GEOS in one call.
    private func positions(of geometry: OpaquePointer, domain: CoordinateDomain) throws(GeometryReadError) -> [Position] {
        guard let sequence = GEOSGeom_getCoordSeq_r(handle, geometry) else { throw .operation(failure("read coordinates")) }
        var size: UInt32 = 0
        GEOSCoordSeq_getSize_r(handle, sequence, &size)
        var buffer = [Double](repeating: 0, count: Int(size) * 2)
        let copied = buffer.withUnsafeMutableBufferPointer { pointer in
            GEOSCoordSeq_copyToBuffer_r(handle, sequence, pointer.baseAddress, 0, 0)
        }
        guard copied != 0 else { throw .operation(failure("read coordinates")) }
        var positions: [Position] = []
        positions.reserveCapacity(Int(size))
        for index in 0..<Int(size) {
            do {
                positions.append(try Position(longitude: buffer[2 * index], latitude: buffer[2 * index + 1], domain: domain))
            } catch { throw .invalidValue(error.nested(in: index)) }
        }
        return positions
    }
}

/// Why a geometry read from WKT, WKB or a GEOS result could not become a value.
public enum GeometryReadError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The operation itself failed (a WKT syntax error, for example).
    case operation(GeometryOperationError)
    /// GEOS read it, but the value types refuse it (a NaN coordinate, a 3-position ring...).
    case invalidValue(GeometryError)

    func nested(in index: Int) -> GeometryReadError {
        if case let .invalidValue(error) = self { return .invalidValue(error.nested(in: index)) }
        return self
    }

    public var description: String {
        switch self {
        case let .operation(error): error.description
        case let .invalidValue(error): error.description
        }
    }
}
