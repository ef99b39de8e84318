import Foundation
import TestSupport
@testable import MapGeometry
@testable import MapViewport

/// Locations of the shared data the camera tests read, and small helpers they share.
enum CameraTestData {
    /// `../shared/data` seen from the package root (or one level higher, for a checkout in a
    /// worktree folder such as `wt/extents`).
    static let sharedRoot: URL = {
        let packageRoot = MapctlProcess.packageRoot
        let candidates = [
            packageRoot.deletingLastPathComponent().appendingPathComponent("shared/data"),
            packageRoot.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("shared/data"),
        ]
        return candidates.first { FileManager.default.fileExists(atPath: $0.path) } ?? candidates[0]
    }()

    static let viewportFolder = sharedRoot.appendingPathComponent("conformance/viewport")
    static let countriesFile = sharedRoot.appendingPathComponent("real/countries.geojson")

    static var viewportVectorsAvailable: Bool {
        FileManager.default.fileExists(atPath: viewportFolder.appendingPathComponent("README.md").path)
    }

    static var countriesAvailable: Bool { FileManager.default.fileExists(atPath: countriesFile.path) }

    static let skipMessage = "../shared/data is absent (a lone checkout): shared-data tests skipped"

    /// The JSON objects of a `.jsonl` file in the viewport folder.
    static func records(_ name: String) throws -> [[String: Any]] {
        let text = try String(contentsOf: viewportFolder.appendingPathComponent(name), encoding: .utf8)
        return try text.split(separator: "\n").map { line in
            try JSONSerialization.jsonObject(with: Data(line.utf8)) as! [String: Any]
        }
    }
}

/// Difference of two longitudes on the circle (179.9 and −180.1 are 0.2 apart... and 0).
func longitudeDifference(_ a: Double, _ b: Double) -> Double {
    let difference = (a - b).truncatingRemainder(dividingBy: 360)
    return min(abs(difference), 360 - abs(difference))
}

extension Array where Element == Any {
    var doubles: [Double] { map { ($0 as! NSNumber).doubleValue } }
}

/// Where positions lie on screen after a fit (bearing 0), in points from the top-left.
///
/// Longitudes are taken as the copy inside the fitted data box, and the box is placed at the
/// copy of the world nearest the middle of the free area: when the world is narrower than the
/// viewport several copies are drawn, and any one of them showing all the data will do.
func screenPoints(_ positions: [Position], fit: CameraFit, viewport: Viewport, options: CameraFitOptions)
    -> [(x: Double, y: Double)]
{
    let camera = fit.camera, bounds = fit.dataBounds
    let size = WebMercator.worldSize(zoom: camera.zoom, tileSize: camera.tileSize)
    let centerX = WebMercator.worldX(longitude: camera.center.longitude) * size
    let centerY = WebMercator.unclampedWorldY(latitude: camera.center.latitude) * size
    let room = CameraFit.room(viewport: viewport, options: options)
    let freeMiddle = room.left + (viewport.width - room.horizontal) / 2 - viewport.width / 2
    let middleLongitude = bounds.west + bounds.longitudeSpan / 2
    var middleOffset = WebMercator.worldX(longitude: middleLongitude) * size - centerX
    middleOffset += size * ((freeMiddle - middleOffset) / size).rounded()
    return positions.map { position in
        var longitude = position.longitude
        while longitude < bounds.west { longitude += 360 }
        while longitude >= bounds.west + 360 { longitude -= 360 }
        let x = viewport.width / 2 + middleOffset + (longitude - middleLongitude) / 360 * size
        let y = viewport.height / 2 + WebMercator.worldY(latitude: position.latitude) * size - centerY
        return (x, y)
    }
}

/// The free area of a fit: the viewport minus insets, padding and marker room.
func freeArea(viewport: Viewport, options: CameraFitOptions) -> (minX: Double, minY: Double, maxX: Double, maxY: Double) {
    let room = CameraFit.room(viewport: viewport, options: options)
    return (room.left, room.top, viewport.width - room.right, viewport.height - room.bottom)
}
