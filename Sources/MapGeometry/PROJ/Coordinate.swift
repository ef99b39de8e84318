/// A plain x/y pair: longitude/latitude in degrees, or easting/northing in a projected CRS.
/// PROJ transforms work on contiguous arrays of these (16 bytes each, no padding).
public struct Coordinate: Hashable, Sendable {
    public var x: Double
    public var y: Double

    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    /// The horizontal part of a position (longitude as x, latitude as y).
    public init(_ position: Position) {
        self.init(x: position.longitude, y: position.latitude)
    }
}
