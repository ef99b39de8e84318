import Foundation
import MapGeometry

/// Web Mercator (EPSG:3857) math: the one place in the engine that converts
/// between longitude/latitude, world coordinates, pixels, metres and tiles.
///
/// World coordinates are unit-square coordinates: x from 0 (180° W) to 1 (180° E),
/// y from 0 (85.0511° N) to 1 (85.0511° S), as slippy-map tiles count them.
/// Latitudes beyond ±``maxLatitude`` are clamped to it.
public enum WebMercator {
    /// The latitude at which the Mercator square ends: atan(sinh(π)) in degrees.
    public static let maxLatitude = 85.0511287798066

    /// WGS84 semi-major axis, the sphere radius EPSG:3857 uses.
    public static let earthRadius = WGS84.semiMajorAxis

    /// Half the width of the projected world in metres (π·R).
    public static let originShift = Double.pi * earthRadius

    /// Latitude clamped to the Mercator square.
    @inlinable
    public static func clampedLatitude(_ latitude: Double) -> Double {
        min(max(latitude, -maxLatitude), maxLatitude)
    }

    /// World x in 0...1 for a longitude (not wrapped: 190° gives x > 1).
    @inlinable
    public static func worldX(longitude: Double) -> Double {
        longitude / 360 + 0.5
    }

    /// World y in 0...1 for a latitude, clamped at ±``maxLatitude``.
    @inlinable
    public static func worldY(latitude: Double) -> Double {
        min(max(unclampedWorldY(latitude: clampedLatitude(latitude)), 0), 1)
    }

    /// World y for a latitude inside ±90 without clamping: beyond ±``maxLatitude`` it leaves
    /// 0...1 (a camera centre above the Mercator square, as Leaflet allows).
    @inlinable
    public static func unclampedWorldY(latitude: Double) -> Double {
        let sine = sin(latitude * .pi / 180)
        return 0.5 - 0.25 * log((1 + sine) / (1 - sine)) / .pi
    }

    /// Longitude for a world x.
    @inlinable
    public static func longitude(worldX x: Double) -> Double {
        (x - 0.5) * 360
    }

    /// Latitude for a world y.
    @inlinable
    public static func latitude(worldY y: Double) -> Double {
        let y2 = (180 - y * 360) * .pi / 180
        return 360 * atan(exp(y2)) / .pi - 90
    }

    /// World coordinates (0...1) of a position.
    @inlinable
    public static func world(_ position: Position) -> (x: Double, y: Double) {
        (worldX(longitude: position.longitude), worldY(latitude: position.latitude))
    }

    /// The size of the world in pixels at a (possibly fractional) zoom.
    @inlinable
    public static func worldSize(zoom: Double, tileSize: Int = 256) -> Double {
        Double(tileSize) * pow(2, zoom)
    }

    /// Pixel coordinates of a position at `zoom`, origin at the top-left of the world.
    @inlinable
    public static func pixel(_ position: Position, zoom: Double, tileSize: Int = 256) -> (x: Double, y: Double) {
        let size = worldSize(zoom: zoom, tileSize: tileSize)
        let world = world(position)
        return (world.x * size, world.y * size)
    }

    /// The position at pixel coordinates at `zoom` (longitude not wrapped).
    public static func position(pixelX: Double, pixelY: Double, zoom: Double, tileSize: Int = 256) -> Position {
        let size = worldSize(zoom: zoom, tileSize: tileSize)
        return Position(
            uncheckedLongitude: longitude(worldX: pixelX / size),
            latitude: latitude(worldY: pixelY / size))
    }

    /// EPSG:3857 metres of a position (spherical formula, latitude clamped).
    @inlinable
    public static func meters(_ position: Position) -> (x: Double, y: Double) {
        let world = world(position)
        return ((world.x - 0.5) * 2 * originShift, (0.5 - world.y) * 2 * originShift)
    }

    /// The position of EPSG:3857 metres.
    public static func position(metersX: Double, metersY: Double) -> Position {
        Position(
            uncheckedLongitude: longitude(worldX: metersX / (2 * originShift) + 0.5),
            latitude: latitude(worldY: 0.5 - metersY / (2 * originShift)))
    }

    /// Ground resolution in metres per pixel at a latitude and zoom.
    public static func metersPerPixel(latitude: Double, zoom: Double, tileSize: Int = 256) -> Double {
        cos(clampedLatitude(latitude) * .pi / 180) * 2 * originShift / worldSize(zoom: zoom, tileSize: tileSize)
    }

    /// Converts a zoom for one tile size into the zoom that shows the same scale with another
    /// (a 512-pixel zoom is one less than the 256-pixel zoom).
    public static func zoom(_ zoom: Double, fromTileSize from: Int, toTileSize to: Int) -> Double {
        zoom + log2(Double(from) / Double(to))
    }
}
