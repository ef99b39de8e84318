import Foundation
import MapGeometry

/// A map camera: where it looks, how close, how rotated, on which tile grid.
///
/// The zoom is the map library's zoom for ``tileSize``: the same scale is zoom z with
/// 256-pixel tiles (Leaflet) and z − 1 with 512-pixel tiles (MapLibre), see
/// ``WebMercator/zoom(_:fromTileSize:toTileSize:)``.
public struct Camera: Hashable, Sendable {
    /// The position at the centre of the whole viewport (longitude in −180...180).
    public let center: Position
    /// Zoom level on the ``tileSize`` grid (may be fractional).
    public let zoom: Double
    /// The compass direction that points up, in degrees (0 = north up).
    public let bearing: Double
    /// Tile size in pixels the zoom refers to: 256 or 512.
    public let tileSize: Int

    public init(center: Position, zoom: Double, bearing: Double = 0, tileSize: Int = 256) {
        self.center = center
        self.zoom = zoom
        self.bearing = bearing
        self.tileSize = tileSize
    }

    /// The area the whole viewport shows (insets ignored: panels float over the map).
    /// With a bearing it is the box around the rotated screen.
    public func visibleBounds(in viewport: Viewport) -> VisibleBounds {
        let size = WebMercator.worldSize(zoom: zoom, tileSize: tileSize)
        let centerPixel = self.centerPixel(worldSize: size)
        let angle = bearing * .pi / 180
        let cosine = abs(cos(angle)), sine = abs(sin(angle))
        let halfWidth = (viewport.width * cosine + viewport.height * sine) / 2
        let halfHeight = (viewport.width * sine + viewport.height * cosine) / 2
        return VisibleBounds(
            west: WebMercator.longitude(worldX: (centerPixel.x - halfWidth) / size),
            south: WebMercator.latitude(worldY: (centerPixel.y + halfHeight) / size),
            east: WebMercator.longitude(worldX: (centerPixel.x + halfWidth) / size),
            north: WebMercator.latitude(worldY: (centerPixel.y - halfHeight) / size))
    }

    /// Where `position` appears in the viewport, in points from its top-left corner
    /// (the world copy nearest the centre; latitudes beyond ±85.0511° sit on the map's edge).
    public func screenPoint(of position: Position, in viewport: Viewport) -> (x: Double, y: Double) {
        let size = WebMercator.worldSize(zoom: zoom, tileSize: tileSize)
        let centerPixel = self.centerPixel(worldSize: size)
        let pixel = WebMercator.pixel(position, zoom: zoom, tileSize: tileSize)
        var dx = pixel.x - centerPixel.x
        dx -= size * (dx / size).rounded()
        let offset = Self.rotated(x: dx, y: pixel.y - centerPixel.y, degrees: -bearing)
        return (viewport.width / 2 + offset.x, viewport.height / 2 + offset.y)
    }

    /// The centre in world pixels at the camera's zoom; y is not clamped, so a centre
    /// beyond ±85.0511° (which Leaflet allows) round-trips.
    func centerPixel(worldSize size: Double) -> (x: Double, y: Double) {
        (WebMercator.worldX(longitude: center.longitude) * size,
         WebMercator.unclampedWorldY(latitude: center.latitude) * size)
    }

    /// A screen or world vector rotated by `degrees` (y pointing down, as on screen).
    static func rotated(x: Double, y: Double, degrees: Double) -> (x: Double, y: Double) {
        guard degrees != 0 else { return (x, y) }
        let angle = degrees * .pi / 180
        let cosine = cos(angle), sine = sin(angle)
        return (cosine * x - sine * y, sine * x + cosine * y)
    }
}
