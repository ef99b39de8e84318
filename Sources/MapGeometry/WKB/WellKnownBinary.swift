/// Geometries as ISO Well-Known Binary (little-endian; Z types `1001`… when positions carry an
/// altitude), the form PostGIS takes and gives (`ST_GeomFromWKB`, `ST_AsBinary`). Coordinates
/// travel as IEEE doubles, so a round trip gives back exactly the positions written.
public enum WellKnownBinary {
    /// The WKB bytes of `geometry`.
    public static func encode(_ geometry: Geometry) -> [UInt8] {
        var writer = Writer()
        writer.write(geometry)
        return writer.bytes
    }

    /// The geometry of WKB `bytes` (either byte order, 2D or Z; M and ZM are refused).
    /// - Throws: ``WellKnownBinaryError`` saying what is wrong and at which byte.
    public static func decode(_ bytes: some Collection<UInt8>) throws(WellKnownBinaryError) -> Geometry {
        var reader = Reader(bytes: Array(bytes))
        let geometry = try reader.geometry(depth: 0)
        guard reader.offset == reader.bytes.count else {
            throw WellKnownBinaryError(offset: reader.offset, reason: "\(reader.bytes.count - reader.offset) bytes follow the geometry")
        }
        return geometry
    }

    private enum Code: UInt32 {
        case point = 1, lineString, polygon, multiPoint, multiLineString, multiPolygon, geometryCollection
    }

    private struct Writer {
        var bytes: [UInt8] = []

        mutating func write(_ geometry: Geometry) {
            var hasZ = false
            geometry.forEachPosition { if $0.altitude != nil { hasZ = true } }
            header(code(geometry), hasZ)
            switch geometry {
            case let .point(position): write(position, hasZ)
            case let .lineString(line): write(line.positions, hasZ)
            case let .polygon(polygon): write(polygon, hasZ)
            case let .multiPoint(multi):
                count(multi.positions.count)
                for position in multi.positions { header(.point, hasZ); write(position, hasZ) }
            case let .multiLineString(multi):
                count(multi.lineStrings.count)
                for line in multi.lineStrings { header(.lineString, hasZ); write(line.positions, hasZ) }
            case let .multiPolygon(multi):
                count(multi.polygons.count)
                for polygon in multi.polygons { header(.polygon, hasZ); write(polygon, hasZ) }
            case let .geometryCollection(members):
                count(members.count)
                for member in members { write(member) }
            }
        }

        private func code(_ geometry: Geometry) -> Code {
            switch geometry {
            case .point: .point
            case .lineString: .lineString
            case .polygon: .polygon
            case .multiPoint: .multiPoint
            case .multiLineString: .multiLineString
            case .multiPolygon: .multiPolygon
            case .geometryCollection: .geometryCollection
            }
        }

        private mutating func header(_ code: Code, _ hasZ: Bool) {
            bytes.append(1)
            integer(code.rawValue + (hasZ ? 1000 : 0))
        }

        private mutating func write(_ polygon: Polygon, _ hasZ: Bool) {
            count(polygon.rings.count)
            for ring in polygon.rings { write(ring.positions, hasZ) }
        }

        private mutating func write(_ positions: [Position], _ hasZ: Bool) {
            count(positions.count)
            for position in positions { write(position, hasZ) }
        }

        private mutating func write(_ position: Position, _ hasZ: Bool) {
            double(position.longitude)
            double(position.latitude)
            if hasZ { double(position.altitude ?? 0) }
        }

        private mutating func count(_ value: Int) { integer(UInt32(value)) }

        private mutating func integer(_ value: UInt32) {
            withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
        }

        private mutating func double(_ value: Double) {
            withUnsafeBytes(of: value.bitPattern.littleEndian) { bytes.append(contentsOf: $0) }
        }
    }

    private struct Reader {
        let bytes: [UInt8]
        var offset = 0
        var littleEndian = true

        init(bytes: [UInt8]) { self.bytes = bytes }

        mutating func geometry(depth: Int, expected: Code? = nil) throws(WellKnownBinaryError) -> Geometry {
            guard depth < 64 else { throw fail("geometry collections nest deeper than 64") }
            let start = offset
            let (code, hasZ) = try header()
            if let expected, code != expected { throw WellKnownBinaryError(offset: start, reason: "expected a \(expected) in a multi-geometry, found a \(code)") }
            do {
                switch code {
                case .point:
                    return .point(try position(hasZ))
                case .lineString:
                    return .lineString(try LineString(try positions(hasZ)))
                case .polygon:
                    return .polygon(try polygon(hasZ))
                case .multiPoint:
                    return .multiPoint(MultiPoint(try members(.point, depth).compactMap { if case let .point(p) = $0 { p } else { nil } }))
                case .multiLineString:
                    return .multiLineString(MultiLineString(try members(.lineString, depth).compactMap { if case let .lineString(l) = $0 { l } else { nil } }))
                case .multiPolygon:
                    return .multiPolygon(MultiPolygon(try members(.polygon, depth).compactMap { if case let .polygon(p) = $0 { p } else { nil } }))
                case .geometryCollection:
                    return .geometryCollection(try members(nil, depth))
                }
            } catch let error as WellKnownBinaryError {
                throw error
            } catch let error as GeometryError {
                throw WellKnownBinaryError(offset: start, reason: "the \(code) is not valid GeoJSON: \(error.reasonDescription)")
            } catch {
                throw WellKnownBinaryError(offset: start, reason: "\(error)")
            }
        }

        /// The counted members of a multi-geometry (each of type `expected`) or a collection (any).
        private mutating func members(_ expected: Code?, _ depth: Int) throws(WellKnownBinaryError) -> [Geometry] {
            var members: [Geometry] = []
            for _ in 0..<(try count()) { members.append(try geometry(depth: depth + 1, expected: expected)) }
            return members
        }

        private mutating func header() throws(WellKnownBinaryError) -> (Code, Bool) {
            guard offset < bytes.count else { throw fail("the geometry ends before its byte order") }
            switch bytes[offset] {
            case 0: littleEndian = false
            case 1: littleEndian = true
            default: throw fail("byte order must be 0 or 1, found \(bytes[offset])")
            }
            offset += 1
            var type = try integer()
            // EWKB (PostGIS's own form) flags Z and SRID in the high bits.
            let ewkbZ = type & 0x8000_0000 != 0
            if type & 0x2000_0000 != 0 { _ = try integer() }
            if type & 0x4000_0000 != 0 { throw fail("measured (M) coordinates are not supported") }
            type &= 0x0FFF_FFFF
            let hasZ = ewkbZ || (1001...1007).contains(type)
            if (2001...2007).contains(type) || (3001...3007).contains(type) { throw fail("measured (M) coordinates are not supported") }
            guard let code = Code(rawValue: hasZ && type > 1000 ? type - 1000 : type) else { throw fail("unknown geometry type \(type)") }
            return (code, hasZ)
        }

        private mutating func polygon(_ hasZ: Bool) throws -> Polygon {
            var rings: [[Position]] = []
            for _ in 0..<(try count()) { rings.append(try positions(hasZ)) }
            return try Polygon(rings)
        }

        private mutating func positions(_ hasZ: Bool) throws(WellKnownBinaryError) -> [Position] {
            let count = try count()
            var positions: [Position] = []
            positions.reserveCapacity(count)
            for _ in 0..<count { positions.append(try position(hasZ)) }
            return positions
        }

        private mutating func position(_ hasZ: Bool) throws(WellKnownBinaryError) -> Position {
            let start = offset
            let longitude = try double(), latitude = try double()
            let altitude = hasZ ? try double() : nil
            do {
                return try Position(longitude: longitude, latitude: latitude, altitude: altitude)
            } catch {
                throw WellKnownBinaryError(offset: start, reason: error.reasonDescription)
            }
        }

        private mutating func count() throws(WellKnownBinaryError) -> Int {
            let value = Int(try integer())
            // Every element takes at least 4 bytes: a larger count is a corrupt or hostile length.
            guard value <= (bytes.count - offset) / 4 else { throw fail("a count of \(value) runs past the end") }
            return value
        }

        private mutating func integer() throws(WellKnownBinaryError) -> UInt32 {
            guard offset + 4 <= bytes.count else { throw fail("the geometry ends inside a number") }
            var value: UInt32 = 0
            for index in 0..<4 { value |= UInt32(bytes[offset + index]) << (8 * UInt32(index)) }
            offset += 4
            return littleEndian ? value : value.byteSwapped
        }

        private mutating func double() throws(WellKnownBinaryError) -> Double {
            guard offset + 8 <= bytes.count else { throw fail("the geometry ends inside a coordinate") }
            var value: UInt64 = 0
            for index in 0..<8 { value |= UInt64(bytes[offset + index]) << (8 * UInt64(index)) }
            offset += 8
            return Double(bitPattern: littleEndian ? value : value.byteSwapped)
        }

        private func fail(_ reason: String) -> WellKnownBinaryError { WellKnownBinaryError(offset: offset, reason: reason) }
    }
}

/// WKB that cannot be read: the byte offset and the reason.
public struct WellKnownBinaryError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The byte where the problem was found (the start of the geometry for an invalid one).
    public let offset: Int
    /// What is wrong, in words.
    public let reason: String
    public var description: String { "WKB at byte \(offset): \(reason)" }
}
