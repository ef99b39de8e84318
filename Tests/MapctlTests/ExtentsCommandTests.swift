import Foundation
import TestSupport
import Testing

/// `mapctl extents`, run as a user runs it.
@Suite("mapctl extents")
struct ExtentsCommandTests {
    struct CameraOutput {
        var center: [Double]
        var zoom: Double
        var bounds: [Double]
    }

    static func camera(_ text: String) throws -> CameraOutput {
        let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any], "\(text)")
        return CameraOutput(
            center: try #require(object["center"] as? [Double]), zoom: try #require(object["zoom"] as? Double),
            bounds: try #require(object["bounds"] as? [Double]))
    }

    static func points(_ coordinates: [(Double, Double)]) -> Data {
        let features = coordinates.map {
            "{\"type\":\"Feature\",\"properties\":{},\"geometry\":{\"type\":\"Point\",\"coordinates\":[\($0.0),\($0.1)]}}"
        }
        return Data("{\"type\":\"FeatureCollection\",\"features\":[\(features.joined(separator: ","))]}".utf8)
    }

    @Test func helsinkiObjectsOnAnIPadWithALeftPanel() throws {
        let result = try MapctlProcess.run(["extents", "--device", "ipad", "Data/objects.geojson"])
        #expect(result.status == 0, "\(result.standardError)")
        let camera = try Self.camera(result.standardOutput)
        // Data/objects.geojson covers 24.9352…24.9534 E, 60.1642…60.1791 N (its README).
        #expect(camera.zoom == 15)
        #expect(camera.bounds[0] < 24.9352 && camera.bounds[2] > 24.9534)
        #expect(camera.bounds[1] < 60.1642 && camera.bounds[3] > 60.1791)
        // The 320-point panel on the left moves the centre west of the data's middle.
        #expect(camera.center[0] < (24.9352 + 24.9534) / 2)
        #expect(result.standardOutput.hasSuffix("}\n") && result.standardOutput.hasPrefix("{\"center\":["))
    }

    @Test func explicitViewportMatchesTheDevicePreset() throws {
        let preset = try MapctlProcess.run(["extents", "--device", "ipad", "--snap", "0", "Data/objects.geojson"])
        let explicit = try MapctlProcess.run([
            "extents", "--width", "1024", "--height", "768", "--insets", "0,0,0,320", "--padding", "24",
            "--snap", "0", "Data/objects.geojson",
        ])
        #expect(preset.status == 0 && explicit.status == 0)
        #expect(preset.standardOutput == explicit.standardOutput)
        // 512-pixel tiles: the same scale is one zoom level less.
        let tiles512 = try MapctlProcess.run([
            "extents", "--device", "ipad", "--snap", "0", "--tile-size", "512", "Data/objects.geojson",
        ])
        #expect(abs(try Self.camera(tiles512.standardOutput).zoom - (try Self.camera(preset.standardOutput).zoom - 1)) < 1e-9)
    }

    @Test func fijiFromStandardInputCrossesTheAntimeridian() throws {
        let fiji = Self.points([(178.4, -18.1), (-179.9, -16.5), (179.3, -17.0), (-178.5, -19.0)])
        let result = try MapctlProcess.run(["extents", "--width", "1024", "--height", "768", "-"], input: fiji)
        #expect(result.status == 0, "\(result.standardError)")
        let camera = try Self.camera(result.standardOutput)
        #expect(camera.bounds[0] > camera.bounds[2], "west > east: the view crosses ±180")
        #expect(camera.zoom >= 7, "Leaflet would show the whole world here")
    }

    @Test func geojsonOutputIsTheVisibleArea() throws {
        let result = try MapctlProcess.run(["extents", "--device", "iphone", "--marker", "32x40", "--geojson", "-"],
                                           input: Self.points([(24.93, 60.16), (24.96, 60.18)]))
        #expect(result.status == 0, "\(result.standardError)")
        let feature = try #require(try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        #expect(feature["type"] as? String == "Feature")
        let geometry = try #require(feature["geometry"] as? [String: Any])
        #expect(geometry["type"] as? String == "Polygon")
        let ring = try #require((geometry["coordinates"] as? [[[Double]]])?.first)
        #expect(ring.count == 5 && ring.first == ring.last)
        let properties = try #require(feature["properties"] as? [String: Any])
        #expect(properties["zoom"] as? Double != nil && (properties["center"] as? [Double])?.count == 2)
    }

    @Test func geojsonOutputAcrossTheAntimeridianIsSplitAt180() throws {
        let fiji = Self.points([(178.4, -18.1), (-179.9, -16.5), (179.3, -17.0), (-178.5, -19.0)])
        let result = try MapctlProcess.run(["extents", "--width", "1024", "--height", "768", "--geojson", "-"], input: fiji)
        #expect(result.status == 0, "\(result.standardError)")
        let feature = try #require(try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        let geometry = try #require(feature["geometry"] as? [String: Any])
        #expect(geometry["type"] as? String == "MultiPolygon", "RFC 7946 §3.1.9: cut at the antimeridian")
        let parts = try #require(geometry["coordinates"] as? [[[[Double]]]])
        #expect(parts.count == 2)
        #expect(parts[0][0].map { $0[0] }.max() == 180 && parts[1][0].map { $0[0] }.min() == -180)
    }

    @Test func singlePointGetsZoom16() throws {
        let result = try MapctlProcess.run(["extents", "--device", "ipad", "-"], input: Self.points([(2.3522, 48.8566)]))
        #expect(try Self.camera(result.standardOutput).zoom == 16)
        let closer = try MapctlProcess.run(["extents", "--device", "ipad", "--single-object-zoom", "18", "-"],
                                           input: Self.points([(2.3522, 48.8566)]))
        #expect(try Self.camera(closer.standardOutput).zoom == 18)
    }

    @Test func writesToAnOutputFile() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("extents-\(UUID().uuidString).json").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let result = try MapctlProcess.run(["extents", "--device", "ipad", "--output", path, "Data/objects.geojson"])
        #expect(result.status == 0 && result.standardOutput.isEmpty)
        #expect(try Self.camera(String(contentsOfFile: path, encoding: .utf8)).zoom == 15)
    }

    @Test func errorsHaveClearMessagesAndExitStatuses() throws {
        let empty = try MapctlProcess.run(["extents", "--device", "ipad", "-"],
                                          input: Data(#"{"type":"FeatureCollection","features":[]}"#.utf8))
        #expect(empty.status == 65 && empty.standardError.contains("no positions to fit"))

        let crowded = try MapctlProcess.run(["extents", "--width", "300", "--height", "300", "--insets", "0,200,0,200", "Data/objects.geojson"])
        #expect(crowded.status == 64)
        #expect(crowded.standardError.contains("viewport width 300") && crowded.standardError.contains("left inset 200"))

        let missing = try MapctlProcess.run(["extents", "--device", "ipad", "no-such-file.geojson"])
        #expect(missing.status == 66 && missing.standardError.contains("no-such-file.geojson"))

        let broken = try MapctlProcess.run(["extents", "--device", "ipad", "-"], input: Data(#"{"type":"FeatureCollection","features":["#.utf8))
        #expect(broken.status == 65 && !broken.standardError.isEmpty)

        let noSize = try MapctlProcess.run(["extents", "Data/objects.geojson"])
        #expect(noSize.status == 64 && noSize.standardError.contains("--width and --height"))

        let badTile = try MapctlProcess.run(["extents", "--device", "ipad", "--tile-size", "300", "Data/objects.geojson"])
        #expect(badTile.status == 64 && badTile.standardError.contains("256 or 512"))

        let badMarker = try MapctlProcess.run(["extents", "--device", "ipad", "--marker", "32", "Data/objects.geojson"])
        #expect(badMarker.status == 64 && badMarker.standardError.contains("WIDTHxHEIGHT"))
    }

    @Test func helpHasAnExample() throws {
        let help = try MapctlProcess.run(["extents", "--help"])
        #expect(help.status == 0 && help.standardOutput.contains("mapctl extents --device ipad Data/objects.geojson"))
    }
}
