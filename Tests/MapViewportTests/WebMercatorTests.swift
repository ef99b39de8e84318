import Foundation
import Testing
@testable import MapGeometry
@testable import MapViewport

@Suite("Web Mercator and tiles")
struct WebMercatorTests {
    @Test func knownWorldCoordinates() throws {
        #expect(WebMercator.worldX(longitude: -180) == 0)
        #expect(WebMercator.worldX(longitude: 180) == 1)
        #expect(WebMercator.worldY(latitude: 0) == 0.5)
        #expect(abs(WebMercator.worldY(latitude: WebMercator.maxLatitude)) < 1e-12)
        #expect(WebMercator.worldY(latitude: 89.9) == 0, "latitudes beyond the square are clamped")
        #expect(WebMercator.worldY(latitude: -90) == 1)
    }

    @Test func metresAgreeWithEPSG3857() throws {
        // Reference: `echo "60.1699 24.9384" | cs2cs -f %.6f EPSG:4326 EPSG:3857` (PROJ 9.1.1).
        let helsinki = WebMercator.meters(try Position(24.9384, 60.1699))
        #expect(abs(helsinki.x - 2_776_129.989199) < 1e-3)
        #expect(abs(helsinki.y - 8_437_661.782003) < 1e-3)
        let back = WebMercator.position(metersX: helsinki.x, metersY: helsinki.y)
        #expect(abs(back.longitude - 24.9384) < 1e-12)
        #expect(abs(back.latitude - 60.1699) < 1e-12)
    }

    @Test func pixelRoundTripAtSeveralZooms() throws {
        let position = try Position(-122.4194, 37.7749)
        for zoom in [0.0, 3.5, 12, 20] {
            for tileSize in [256, 512] {
                let pixel = WebMercator.pixel(position, zoom: zoom, tileSize: tileSize)
                let back = WebMercator.position(pixelX: pixel.x, pixelY: pixel.y, zoom: zoom, tileSize: tileSize)
                #expect(abs(back.longitude - position.longitude) < 1e-9)
                #expect(abs(back.latitude - position.latitude) < 1e-9)
            }
        }
        #expect(WebMercator.zoom(10, fromTileSize: 256, toTileSize: 512) == 9)
    }

    @Test func tilesAndQuadkeys() throws {
        // The OSM wiki example: Helsinki centre at zoom 12 lies in tile 12/2331/1185.
        let tile = try Tile(containing: Position(24.9384, 60.1699), zoom: 12)
        #expect(tile.description == "12/2331/1185")
        #expect(tile.bounds.contains(try Position(24.9384, 60.1699)))
        // Bing Maps documentation: tile x=3, y=5 at level 3 has quadkey "213".
        let bing = try Tile(x: 3, y: 5, z: 3)
        #expect(bing.quadkey == "213")
        #expect(try Tile(quadkey: "213") == bing)
        #expect(throws: Tile.AddressError.badQuadkey("214")) { try Tile(quadkey: "214") }
        #expect(throws: Tile.AddressError.indexOutOfRange(x: 8, y: 0, z: 3)) { try Tile(x: 8, y: 0, z: 3) }
        let world = try Tile(x: 0, y: 0, z: 0).bounds
        #expect(world.west == -180 && world.east == 180)
        #expect(abs(world.north - WebMercator.maxLatitude) < 1e-10)
    }
}
