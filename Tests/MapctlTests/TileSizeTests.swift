import Foundation
import TestSupport
import Testing

/// One tile size across commands: `cluster` and `extents` both default to Leaflet's 256-pixel
/// tiles, so the cluster radius is measured in the pixels the user sees and markers drawn on a
/// Leaflet map do not sit on top of each other; `--tile-size 512` serves MapLibre.
@Suite("One tile size across commands")
struct TileSizeTests {
    /// Pixel position at `zoom` on a map of `tileSize` tiles (Web Mercator, computed here).
    static func pixel(_ coordinates: [Double], zoom: Int, tileSize: Double) -> (x: Double, y: Double) {
        let size = tileSize * pow(2, Double(zoom))
        let latitude = coordinates[1] * .pi / 180
        return ((coordinates[0] + 180) / 360 * size, (1 - log(tan(latitude) + 1 / cos(latitude)) / .pi) / 2 * size)
    }

    /// Markers (Points) of `mapctl cluster --zoom` and how many have another within `pixels` on a Leaflet map.
    static func crowding(_ file: String, zoom: Int, extra: [String] = [], pixels: Double = 20) throws -> (markers: Int, crowded: Int) {
        let result = try MapctlProcess.run(["cluster", "--zoom", "\(zoom)"] + extra + [file])
        #expect(result.status == 0, "\(result.standardError)")
        let features = try ClusterCommandTests.features(result.standardOutput)
        let points = features.compactMap { feature -> (x: Double, y: Double)? in
            guard let geometry = feature["geometry"] as? [String: Any], geometry["type"] as? String == "Point",
                  let coordinates = geometry["coordinates"] as? [Double] else { return nil }
            return pixel(coordinates, zoom: zoom, tileSize: 256)
        }
        let crowded = points.indices.filter { i in
            points.indices.contains { j in
                j != i && pow(points[i].x - points[j].x, 2) + pow(points[i].y - points[j].y, 2) < pixels * pixels
            }
        }.count
        return (points.count, crowded)
    }

    @Test("default clusters on a Leaflet map leave at most 1 % of markers within half the radius of another",
          arguments: [12, 14, 15, 16])
    func leafletMarkersApart(zoom: Int) throws {
        var files = ["Data/objects.geojson"]
        if SharedData.isAvailable { files.append(SharedData.url("real/andorra/objects.geojson").path) }
        for file in files {
            let (markers, crowded) = try Self.crowding(file, zoom: zoom)
            #expect(Double(crowded) <= Double(markers) / 100, "\(file) zoom \(zoom): \(crowded) of \(markers) markers crowded")
            // MapLibre's 512-pixel tiles cluster a finer grid: the same radius covers half the ground.
            let (maplibreMarkers, _) = try Self.crowding(file, zoom: zoom, extra: ["--tile-size", "512"])
            #expect(maplibreMarkers >= markers)
        }
    }

    @Test("cluster and extents share the default and the accepted sizes")
    func sameDefault() throws {
        let plain = try MapctlProcess.run(["cluster", "--zoom", "14", "Data/objects.geojson"])
        let leaflet = try MapctlProcess.run(["cluster", "--zoom", "14", "--tile-size", "256", "Data/objects.geojson"])
        #expect(plain.standardOutput == leaflet.standardOutput)
        let view = ["extents", "--width", "800", "--height", "600", "Data/objects.geojson"]
        let camera = try MapctlProcess.run(view)
        #expect(camera.standardOutput == (try MapctlProcess.run(view + ["--tile-size", "256"])).standardOutput)
        #expect(camera.standardOutput != (try MapctlProcess.run(view + ["--tile-size", "512"])).standardOutput)
        for command in [["cluster", "--zoom", "3"], ["extents", "--width", "800", "--height", "600"]] {
            let wrong = try MapctlProcess.run(command + ["--tile-size", "300", "Data/objects.geojson"])
            #expect(wrong.status == 64)
            #expect(wrong.standardError.contains("--tile-size must be 256"), "\(wrong.standardError)")
        }
    }
}
