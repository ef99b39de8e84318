import Foundation
import Testing
@testable import MapGeometry
@testable import MapGeoJSON
@testable import MapViewport

/// Every Natural Earth country fitted on an iPad (1024 × 768 points, landscape) with a
/// 320-point detail panel over the left side: every vertex must land in the free area.
@Suite("Camera fit: Natural Earth countries on an iPad", .enabled(if: CameraTestData.countriesAvailable, "\(CameraTestData.skipMessage)"))
struct CountryFitTests {
    static let viewport = DevicePreset.ipad.viewport

    /// (name, geometry) of the features of a Natural Earth file, read with the engine's reader.
    /// The files hold one feature per line, so when only some countries are wanted only their
    /// lines are parsed (the 1:10m file is 13.5 MB; the debug suite should stay quick).
    static func countries(_ file: URL, named names: Set<String>? = nil) throws -> [(String, Geometry)] {
        let reader = GeoJSONReader()
        let features: [Feature]
        if let names {
            let text = try String(contentsOf: file, encoding: .utf8)
            features = try text.split(separator: "\n").filter { line in
                line.hasPrefix("{\"type\":\"Feature\"") && names.contains { line.contains("\"name\":\"\($0)\"") }
            }.flatMap { line in
                try reader.read(string: String(line.hasSuffix(",") ? line.dropLast() : line)).features
            }
        } else {
            features = try reader.read(contentsOfFile: file.path).features
        }
        return features.compactMap { feature in
            guard let name = feature.properties.string("name"), let geometry = feature.geometry,
                  names?.contains(name) ?? true else { return nil }
            return (name, geometry)
        }
    }

    /// Fits `geometry` and checks every vertex against the free area; with no snapping at
    /// least one vertex must touch its edge (the fit is tight).
    static func checkFit(_ name: String, _ geometry: Geometry, snap: ZoomSnap) throws -> CameraFit {
        let options = CameraFitOptions(padding: DevicePreset.ipad.padding, snap: snap)
        let fit = try CameraFit(geometries: [geometry], viewport: viewport, options: options)
        var positions: [Position] = []
        geometry.forEachPosition { positions.append($0) }
        let free = freeArea(viewport: viewport, options: options)
        var touches = false
        let tolerance = 1e-6
        for (position, point) in zip(positions, screenPoints(positions, fit: fit, viewport: viewport, options: options)) {
            #expect(point.x >= free.minX - tolerance && point.x <= free.maxX + tolerance
                    && point.y >= free.minY - tolerance && point.y <= free.maxY + tolerance,
                    "\(name): \(position) at \(point), free area \(free)")
            touches = touches || abs(point.x - free.minX) < tolerance || abs(point.x - free.maxX) < tolerance
                || abs(point.y - free.minY) < tolerance || abs(point.y - free.maxY) < tolerance
        }
        if snap == .none { #expect(touches, "\(name): no vertex touches the free area's edge, the fit is not tight") }
        return fit
    }

    @Test(arguments: [ZoomSnap.none, .integer])
    func everyCountryAt110m(snap: ZoomSnap) throws {
        let countries = try Self.countries(CameraTestData.countriesFile)
        #expect(countries.count == 177)
        for (name, geometry) in countries { _ = try Self.checkFit(name, geometry, snap: snap) }
    }

    /// The countries across ±180, at 1:10m where Kiribati, the Aleutians west of 180° and the
    /// Chatham Islands are present.
    @Test func countriesAcrossTheAntimeridianAt10m() throws {
        let file = CameraTestData.sharedRoot.appendingPathComponent("real/countries_10m.geojson")
        let names: Set = ["Russia", "Fiji", "United States", "New Zealand", "Kiribati"]
        let countries = try Self.countries(file, named: names)
        #expect(Set(countries.map(\.0)) == names)
        for (name, geometry) in countries {
            let fit = try Self.checkFit(name, geometry, snap: .none)
            #expect(fit.dataBounds.crossesAntimeridian, "\(name): \(fit.dataBounds)")
            // A min/max box would span (nearly) the whole world; ours is narrower, so the zoom is larger.
            let naive = try CameraFit(bounds: BoundingBox(
                west: -180, south: fit.dataBounds.south, east: 180, north: fit.dataBounds.north),
                viewport: Self.viewport, options: .init(padding: 24, snap: .none))
            #expect(fit.camera.zoom > naive.camera.zoom, "\(name)")
        }
    }

    @Test func fijiAndRussiaAt110m() throws {
        let countries = Dictionary(uniqueKeysWithValues: try Self.countries(
            CameraTestData.countriesFile, named: ["Fiji", "Russia"]))
        let fiji = try Self.checkFit("Fiji", try #require(countries["Fiji"]), snap: .integer)
        #expect(fiji.dataBounds.west > 176 && fiji.dataBounds.east < -178, "\(fiji.dataBounds)")
        // 177.29° to −179.79°, 2.92° wide: 532 points at zoom 8 in the 656-point free width
        // (1024 − 344 − 24), 1064 at zoom 9.
        #expect(fiji.camera.zoom == 8)
        let russia = try Self.checkFit("Russia", try #require(countries["Russia"]), snap: .integer)
        #expect(russia.dataBounds.crossesAntimeridian && russia.dataBounds.longitudeSpan < 200)
    }
}
