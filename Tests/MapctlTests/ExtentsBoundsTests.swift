import Foundation
import TestSupport
import Testing

/// `mapctl extents --bounds W,S,E,N` fits a box as geo-viewport does: the zoom is the largest whole
/// zoom at which the box's Web Mercator size fits the viewport, computed here independently.
@Suite("mapctl extents --bounds")
struct ExtentsBoundsTests {
    /// Web Mercator y of a latitude as a fraction of the world (0 at the top).
    static func mercatorY(_ latitude: Double) -> Double {
        let phi = latitude * .pi / 180
        return (1 - log(tan(.pi / 4 + phi / 2)) / .pi) / 2
    }

    static func expectedZoom(west: Double, south: Double, east: Double, north: Double, width: Double, height: Double) -> Int {
        let degrees = east >= west ? east - west : east + 360 - west
        let horizontal = log2(width * 360 / (256 * degrees))
        let vertical = log2(height / (256 * (mercatorY(south) - mercatorY(north))))
        return Int(min(horizontal, vertical).rounded(.down))
    }

    @Test("a city box, a box across the antimeridian, and one 340° wide", arguments: [
        (24.93, 60.16, 24.96, 60.18, 24.945), (170.0, -20.0, -170.0, -10.0, 180.0), (-170.0, -60.0, 170.0, 60.0, 0.0),
        (-74.05, 40.6, -73.9, 40.85, -73.975),
    ])
    func fitsTheBox(west: Double, south: Double, east: Double, north: Double, centreLongitude: Double) throws {
        let result = try MapctlProcess.run(["extents", "--width", "1024", "--height", "768", "--bounds", "\(west),\(south),\(east),\(north)"])
        #expect(result.status == 0, "\(result.standardError)")
        let camera = try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as! [String: Any]
        let zoom = camera["zoom"] as! Int
        #expect(zoom == Self.expectedZoom(west: west, south: south, east: east, north: north, width: 1024, height: 768))
        let centre = camera["center"] as! [Double]
        #expect(abs(centre[0] - centreLongitude) < 1e-9 || abs(abs(centre[0] - centreLongitude) - 360) < 1e-9, "\(centre)")
        let bounds = camera["bounds"] as! [Double]
        #expect(bounds[1] <= south && bounds[3] >= north)
    }

    @Test("a file and --bounds together, or a malformed box, are usage errors")
    func usageErrors() throws {
        let both = try MapctlProcess.run(["extents", "--device", "ipad", "--bounds", "1,2,3,4", "Data/objects.geojson"])
        #expect(both.status == 64 && both.standardError.contains("not both"))
        let short = try MapctlProcess.run(["extents", "--device", "ipad", "--bounds", "1,2,3"])
        #expect(short.status == 64 && short.standardError.contains("is not west,south,east,north in degrees"), "\(short.standardError)")
    }
}
