import Foundation
import MapGeometry

/// A slippy-map tile address (XYZ scheme, y counted from the north).
public struct Tile: Hashable, Sendable, CustomStringConvertible {
    public let x: Int
    public let y: Int
    public let z: Int

    /// Errors for tile addresses that do not exist.
    public enum AddressError: Error, Hashable, Sendable, CustomStringConvertible {
        case zoomOutOfRange(Int)
        case indexOutOfRange(x: Int, y: Int, z: Int)
        case badQuadkey(String)

        public var description: String {
            switch self {
            case let .zoomOutOfRange(z): "tile zoom \(z) is outside 0...30"
            case let .indexOutOfRange(x, y, z):
                "tile \(z)/\(x)/\(y) does not exist: x and y must be in 0..<\(1 << z) at zoom \(z)"
            case let .badQuadkey(key): "quadkey \"\(key)\" may contain only the digits 0-3"
            }
        }
    }

    /// - Throws: ``AddressError`` when z is outside 0...30 or x, y outside the zoom's grid.
    public init(x: Int, y: Int, z: Int) throws(AddressError) {
        guard (0...30).contains(z) else { throw .zoomOutOfRange(z) }
        let count = 1 << z
        guard (0..<count).contains(x), (0..<count).contains(y) else {
            throw .indexOutOfRange(x: x, y: y, z: z)
        }
        self.x = x
        self.y = y
        self.z = z
    }

    /// The tile containing a position at zoom `z` (longitude wrapped into -180...180).
    public init(containing position: Position, zoom z: Int) throws(AddressError) {
        guard (0...30).contains(z) else { throw .zoomOutOfRange(z) }
        let count = Double(1 << z)
        var worldX = WebMercator.worldX(longitude: position.longitude)
        worldX -= worldX.rounded(.down)
        let x = min(Int(worldX * count), (1 << z) - 1)
        let y = min(Int(WebMercator.worldY(latitude: position.latitude) * count), (1 << z) - 1)
        try self.init(x: x, y: y, z: z)
    }

    /// The tile a Bing-style quadkey names ("" is the world tile).
    public init(quadkey: String) throws(AddressError) {
        var x = 0, y = 0
        for character in quadkey {
            guard let digit = character.wholeNumberValue, (0...3).contains(digit), character.isASCII else {
                throw .badQuadkey(quadkey)
            }
            x = x << 1 | (digit & 1)
            y = y << 1 | (digit >> 1)
        }
        try self.init(x: x, y: y, z: quadkey.count)
    }

    /// The Bing-style quadkey of the tile.
    public var quadkey: String {
        var key = ""
        for level in stride(from: z, to: 0, by: -1) {
            let mask = 1 << (level - 1)
            let digit = (x & mask != 0 ? 1 : 0) + (y & mask != 0 ? 2 : 0)
            key.append(Character(String(digit)))
        }
        return key
    }

    /// The longitude/latitude box the tile covers.
    public var bounds: BoundingBox {
        let count = Double(1 << z)
        return BoundingBox(
            unchecked: WebMercator.longitude(worldX: Double(x) / count),
            WebMercator.latitude(worldY: Double(y + 1) / count),
            WebMercator.longitude(worldX: Double(x + 1) / count),
            WebMercator.latitude(worldY: Double(y) / count))
    }

    public var description: String { "\(z)/\(x)/\(y)" }
}
