import MapGeometry
import Testing

/// WKB as OGC/ISO write it (the same bytes as PostGIS's `ST_AsBinary`, which
/// `PostgresImportTests` checks against a running PostGIS).
@Suite("Well-Known Binary")
struct WellKnownBinaryTests {
    static func hex(_ bytes: [UInt8]) -> String { bytes.map { String(format: "%02X", $0) }.joined() }
    static func bytes(_ hex: String) -> [UInt8] {
        var bytes: [UInt8] = []
        var index = hex.startIndex
        while index < hex.endIndex {
            let next = hex.index(index, offsetBy: 2)
            bytes.append(UInt8(hex[index..<next], radix: 16)!)
            index = next
        }
        return bytes
    }

    @Test("points, lines and polygons encode as PostGIS writes them")
    func encodesAsPostGIS() throws {
        // SELECT ST_AsBinary('POINT(1 2)'::geometry), ... 'LINESTRING(0 0,1 1)', 'POINT Z(1 2 3)'
        #expect(Self.hex(WellKnownBinary.encode(.point(try Position(1, 2)))) == "0101000000000000000000F03F0000000000000040")
        let line = Geometry.lineString(try LineString([try Position(0, 0), try Position(1, 1)]))
        #expect(Self.hex(WellKnownBinary.encode(line)) == "0102000000" + "02000000" + String(repeating: "0000000000000000", count: 2) + String(repeating: "000000000000F03F", count: 2))
        let high = Geometry.point(try Position(longitude: 1, latitude: 2, altitude: 3))
        #expect(Self.hex(WellKnownBinary.encode(high)) == "01E9030000000000000000F03F00000000000000400000000000000840")
    }

    @Test("every geometry type survives a round trip bit for bit")
    func roundTrip() throws {
        let ring = [[24.94, 60.168], [24.9406, 60.168], [24.9406, 60.1683], [24.94, 60.168]].map { try! Position($0[0], $0[1]) }
        let polygon = try Polygon([ring])
        let geometries: [Geometry] = [
            .point(try Position(-179.9999999, -89.5)),
            .multiPoint(MultiPoint([try Position(1, 2), try Position(3.3, 4.4)])),
            .lineString(try LineString(Array(ring.prefix(3)))),
            .multiLineString(MultiLineString([try LineString(Array(ring.prefix(2))), try LineString(Array(ring.suffix(2)))])),
            .polygon(polygon),
            .multiPolygon(MultiPolygon([polygon, polygon])),
            .geometryCollection([.point(try Position(0.1, 0.2)), .polygon(polygon)]),
        ]
        for geometry in geometries { #expect(try WellKnownBinary.decode(WellKnownBinary.encode(geometry)) == geometry) }
    }

    @Test("big-endian and EWKB with an SRID are read; broken bytes are errors at their offset")
    func readsAndRefuses() throws {
        #expect(try WellKnownBinary.decode(Self.bytes("00000000013FF00000000000004000000000000000")) == .point(try Position(1, 2)))
        // EWKB: SRID flag and 4326, as ST_AsEWKB writes it.
        #expect(try WellKnownBinary.decode(Self.bytes("0101000020E6100000000000000000F03F0000000000000040")) == .point(try Position(1, 2)))
        #expect(throws: WellKnownBinaryError.self) { try WellKnownBinary.decode(Self.bytes("0101000000000000000000F03F")) }
        #expect(throws: WellKnownBinaryError.self) { try WellKnownBinary.decode(Self.bytes("0102000000FFFFFFFF")) }
        #expect(throws: WellKnownBinaryError.self) { try WellKnownBinary.decode(Self.bytes("0101000000000000000000F03F000000000000004000")) }
        let openRing = "01030000000100000003000000" + String(repeating: "000000000000F03F000000000000F03F", count: 3)
        do {
            _ = try WellKnownBinary.decode(Self.bytes(openRing))
            Issue.record("a ring of 3 positions was read")
        } catch {
            #expect(error.offset == 0 && error.reason.contains("polygon"), "\(error)")
        }
    }
}
