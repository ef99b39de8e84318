import MapGeometry
import MapGeoJSON

/// Mapbox Vector Tile 2.1 (the protocol-buffer tiles MapLibre draws): one layer of features in
/// tile coordinates, written by hand (the format is four small messages).
///
/// Positions become integers in `0..<extent` across the tile (y down); geometry outside the
/// tile is kept (renderers clip with their buffer). Polygons keep RFC 7946 winding, which with
/// y pointing down is the clockwise exterior the specification asks for. Properties become
/// tags: strings, numbers and booleans as they are, arrays and objects as their JSON text,
/// nulls left out. A feature's `id` is written when it is a whole number of 0 or more.
public enum VectorTile {
    /// Encodes `features` as the one layer `name` of tile `tile`.
    public static func encode(_ features: [Feature], layer name: String, tile: Tile, extent: Int = 4096) -> [UInt8] {
        var layer = ProtocolBuffer()
        layer.uint(field: 15, 2)
        layer.bytes(field: 1, Array(name.utf8))
        var keys: [String] = [], keyIndex: [String: Int] = [:]
        var values: [TagValue] = [], valueIndex: [TagValue: Int] = [:]
        let projection = TileProjection(tile: tile, extent: extent)
        for feature in features {
            guard let geometry = feature.geometry, let shape = projection.commands(for: geometry) else { continue }
            var message = ProtocolBuffer()
            if case let .number(text)? = feature.id, let id = UInt64(text) { message.uint(field: 1, id) }
            var tags: [UInt64] = []
            for member in feature.properties.members {
                guard let value = TagValue(member.value) else { continue }
                let key = keyIndex[member.key] ?? { keys.append(member.key); keyIndex[member.key] = keys.count - 1; return keys.count - 1 }()
                let index = valueIndex[value] ?? { values.append(value); valueIndex[value] = values.count - 1; return values.count - 1 }()
                tags += [UInt64(key), UInt64(index)]
            }
            message.packed(field: 2, tags)
            message.uint(field: 3, shape.type)
            message.packed(field: 4, shape.commands)
            layer.bytes(field: 2, message.bytes)
        }
        for key in keys { layer.bytes(field: 3, Array(key.utf8)) }
        for value in values { layer.bytes(field: 4, value.message) }
        layer.uint(field: 5, UInt64(extent))
        var tileMessage = ProtocolBuffer()
        tileMessage.bytes(field: 3, layer.bytes)
        return tileMessage.bytes
    }
}

/// A property value as an MVT `Value` message.
private enum TagValue: Hashable {
    case string(String)
    case double(Double)
    case integer(Int64)
    case bool(Bool)

    init?(_ value: JSONValue) {
        switch value {
        case .null: return nil
        case let .string(text): self = .string(text)
        case let .bool(flag): self = .bool(flag)
        case let .number(number):
            if number == number.rounded(), abs(number) < 9e15 { self = .integer(Int64(number)) } else { self = .double(number) }
        case .array, .object: self = .string(String(decoding: GeoJSONWriter().encode(value), as: UTF8.self))
        }
    }

    var message: [UInt8] {
        var buffer = ProtocolBuffer()
        switch self {
        case let .string(text): buffer.bytes(field: 1, Array(text.utf8))
        case let .double(number): buffer.double(field: 3, number)
        case let .integer(number): buffer.uint(field: 6, ProtocolBuffer.zigzag(number))
        case let .bool(flag): buffer.uint(field: 7, flag ? 1 : 0)
        }
        return buffer.bytes
    }
}

/// Positions to tile integers, and geometries to MVT command streams.
private struct TileProjection {
    let tile: Tile
    let extent: Int

    func point(_ position: Position) -> (Int64, Int64) {
        let scale = Double(1 << tile.z)
        let x = (WebMercator.worldX(longitude: position.longitude) * scale - Double(tile.x)) * Double(extent)
        let y = (WebMercator.worldY(latitude: position.latitude) * scale - Double(tile.y)) * Double(extent)
        return (Int64(x.rounded()), Int64(y.rounded()))
    }

    /// Twice the signed area of a ring of tile points (the shoelace sum).
    static func doubledArea(_ points: [(Int64, Int64)]) -> Int64 {
        guard points.count >= 3 else { return 0 }
        var sum: Int64 = 0
        for index in points.indices {
            let (x1, y1) = points[index], (x2, y2) = points[(index + 1) % points.count]
            sum += x1 * y2 - x2 * y1
        }
        return sum
    }

    /// The MVT geometry type (1 point, 2 line, 3 polygon) and commands; nil for nothing to draw.
    func commands(for geometry: Geometry) -> (type: UInt64, commands: [UInt64])? {
        var cursor = (Int64(0), Int64(0))
        var commands: [UInt64] = []
        func moveTo(_ points: [(Int64, Int64)]) {
            commands.append(ProtocolBuffer.command(1, count: points.count))
            for point in points { append(point) }
        }
        func append(_ point: (Int64, Int64)) {
            commands.append(ProtocolBuffer.zigzag(point.0 - cursor.0))
            commands.append(ProtocolBuffer.zigzag(point.1 - cursor.1))
            cursor = point
        }
        /// A path without repeated points; `closed` drops the closing point and adds ClosePath.
        /// A line or an outer ring that rounding collapses to one point is drawn one unit
        /// long (or as a one-unit triangle), so that every feature of the GeoJSON tile shows;
        /// a collapsed hole is left out.
        func path(_ positions: [Position], closed: Bool, hole: Bool = false) {
            var points: [(Int64, Int64)] = []
            for position in positions {
                let next = point(position)
                if let last = points.last, last == next { continue }
                points.append(next)
            }
            if closed, points.count > 1, points.first! == points.last! { points.removeLast() }
            // With y down, an outer ring has positive area and a hole negative (MVT 2.1, 4.3.4.4);
            // rounding can flatten a small ring or turn it over.
            let area = closed ? Self.doubledArea(points) : 0
            if closed, hole && area >= 0 { return }
            if points.count < (closed ? 3 : 2) || (closed && !hole && area <= 0) {
                guard !hole, let first = points.first else { return }
                points = closed ? [first, (first.0 + 1, first.1), (first.0, first.1 + 1)] : [first, (first.0 + 1, first.1)]
            }
            moveTo([points[0]])
            commands.append(ProtocolBuffer.command(2, count: points.count - 1))
            for point in points.dropFirst() { append(point) }
            if closed { commands.append(ProtocolBuffer.command(7, count: 1)) }
        }
        switch geometry {
        case let .point(position):
            moveTo([point(position)])
            return (1, commands)
        case let .multiPoint(points):
            guard !points.positions.isEmpty else { return nil }
            moveTo(points.positions.map(point))
            return (1, commands)
        case let .lineString(line):
            path(line.positions, closed: false)
            return commands.isEmpty ? nil : (2, commands)
        case let .multiLineString(lines):
            for line in lines.lineStrings { path(line.positions, closed: false) }
            return commands.isEmpty ? nil : (2, commands)
        case let .polygon(polygon):
            for (index, ring) in polygon.rewoundToRightHandRule.rings.enumerated() { path(ring.positions, closed: true, hole: index > 0) }
            return commands.isEmpty ? nil : (3, commands)
        case let .multiPolygon(polygons):
            for polygon in polygons.polygons {
                for (index, ring) in polygon.rewoundToRightHandRule.rings.enumerated() { path(ring.positions, closed: true, hole: index > 0) }
            }
            return commands.isEmpty ? nil : (3, commands)
        case .geometryCollection:
            return nil
        }
    }
}

/// Protocol-buffer wire format: varints, length-delimited fields, packed repeated varints.
private struct ProtocolBuffer {
    var bytes: [UInt8] = []

    static func zigzag(_ value: Int64) -> UInt64 { UInt64(bitPattern: (value << 1) ^ (value >> 63)) }
    static func command(_ id: UInt64, count: Int) -> UInt64 { (id & 0x7) | (UInt64(count) << 3) }

    mutating func varint(_ value: UInt64) {
        var value = value
        while value >= 0x80 {
            bytes.append(UInt8(value & 0x7F) | 0x80)
            value >>= 7
        }
        bytes.append(UInt8(value))
    }

    mutating func uint(field: Int, _ value: UInt64) {
        varint(UInt64(field << 3))
        varint(value)
    }

    mutating func double(field: Int, _ value: Double) {
        varint(UInt64(field << 3 | 1))
        withUnsafeBytes(of: value.bitPattern.littleEndian) { bytes.append(contentsOf: $0) }
    }

    mutating func bytes(field: Int, _ content: [UInt8]) {
        varint(UInt64(field << 3 | 2))
        varint(UInt64(content.count))
        bytes.append(contentsOf: content)
    }

    mutating func packed(field: Int, _ values: [UInt64]) {
        guard !values.isEmpty else { return }
        var content = ProtocolBuffer()
        for value in values { content.varint(value) }
        bytes(field: field, content.bytes)
    }
}
