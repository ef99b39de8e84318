import Foundation
import Testing
import TestSupport
@testable import MapGeometry
@testable import MapViewport

/// Random data sets and screens (seeded, so a failure names a reproducible seed): every
/// vertex lands in the free area, and one snap step closer would push one out.
@Suite("Camera fit: properties over random data and viewports")
struct CameraFitPropertyTests {
    struct Case: CustomStringConvertible {
        var geometries: [Geometry]
        var positions: [Position]
        var viewport: Viewport
        var options: CameraFitOptions
        var description: String { "\(positions.count) positions, \(viewport), \(options)" }
    }

    /// Points, polylines and polygons around a random place, at a random scale (from identical
    /// points to most of the world, across ±180 and beyond ±85.0511° now and then).
    static func randomCase(_ random: inout SeededGenerator) throws -> Case {
        let centerLongitude = Double.random(in: -180..<180, using: &random)
        let centerLatitude = Double.random(in: -80...80, using: &random)
        let spread = [0, 1e-4, 0.01, 0.5, 10, 60, 150].randomElement(using: &random)!
        func place() throws -> Position {
            let longitude = centerLongitude + Double.random(in: -spread...spread, using: &random)
            let latitude = min(max(centerLatitude + Double.random(in: -spread...spread, using: &random) / 2, -89.9), 89.9)
            return try Position(longitude: longitude, latitude: latitude, domain: .unwrappedGeographic)
        }
        var geometries: [Geometry] = []
        for _ in 0..<Int.random(in: 1...25, using: &random) {
            switch Int.random(in: 0..<10, using: &random) {
            case 0..<6:
                // Points as GeoJSON writes them: longitude wrapped into −180...180.
                let position = try place()
                var longitude = position.longitude
                if longitude > 180 { longitude -= 360 } else if longitude < -180 { longitude += 360 }
                geometries.append(.point(try Position(longitude, position.latitude)))
            case 6..<8:
                geometries.append(.lineString(try LineString((0..<Int.random(in: 2...6, using: &random)).map { _ in try place() })))
            default:
                var ring = try (0..<Int.random(in: 3...6, using: &random)).map { _ in try place() }
                ring.append(ring[0])
                geometries.append(.polygon(Polygon([try LinearRing(ring)])))
            }
        }
        var positions: [Position] = []
        for geometry in geometries { geometry.forEachPosition { positions.append($0) } }

        let width = Double.random(in: 200...2800, using: &random), height = Double.random(in: 200...2200, using: &random)
        func inset(_ size: Double) -> Double { Bool.random(using: &random) ? 0 : Double.random(in: 0...(0.45 * size), using: &random) }
        let viewport = Viewport(width: width, height: height, insets: EdgeInsets(
            top: inset(height), right: inset(width), bottom: inset(height), left: inset(width)))
        let options = CameraFitOptions(
            padding: Double.random(in: 0...40, using: &random),
            tileSize: Bool.random(using: &random) ? 256 : 512,
            maxZoom: [18.0, 20, 22].randomElement(using: &random)!,
            snap: [ZoomSnap.integer, .half, .none].randomElement(using: &random)!,
            marker: Bool.random(using: &random)
                ? .pin(width: Double.random(in: 16...48, using: &random), height: Double.random(in: 16...64, using: &random)) : nil)
        return Case(geometries: geometries, positions: positions, viewport: viewport, options: options)
    }

    /// How far the farthest vertex lies outside the free area (negative when all are inside).
    static func overflow(_ fit: CameraFit, _ example: Case) -> Double {
        let free = freeArea(viewport: example.viewport, options: example.options)
        return screenPoints(example.positions, fit: fit, viewport: example.viewport, options: example.options)
            .map { max(free.minX - $0.x, $0.x - free.maxX, free.minY - $0.y, $0.y - free.maxY) }
            .max()!
    }

    @Test func everyVertexInsideAndTheFitIsTight() throws {
        var fitted = 0, tight = 0, noRoom = 0, tooWide = 0
        for seed in UInt64(1)...400 {
            var random = SeededGenerator(seed: seed)
            let example = try Self.randomCase(&random)
            let fit: CameraFit
            do {
                fit = try CameraFit(geometries: example.geometries, viewport: example.viewport, options: example.options)
            } catch {
                // Only a viewport whose panels, padding and marker leave no room may fail.
                let free = freeArea(viewport: example.viewport, options: example.options)
                #expect(free.maxX <= free.minX || free.maxY <= free.minY, "seed \(seed): \(error)")
                noRoom += 1
                continue
            }
            guard fit.showsAllData else {
                // Too wide for this screen even at the minimum zoom: that zoom, and said so.
                #expect(fit.camera.zoom == example.options.minZoom && fit.exactZoom! < example.options.minZoom, "seed \(seed)")
                tooWide += 1
                continue
            }
            fitted += 1
            // Large zooms place points to within ~1e-6 of a pixel (2³¹-pixel worlds in doubles).
            #expect(Self.overflow(fit, example) <= 1e-5, "seed \(seed): vertex outside the free area, \(example)")

            guard let exact = fit.exactZoom else {
                // One location: the single-object zoom, centred in the free area.
                #expect(fit.camera.zoom == example.options.snap.snapped(min(16, example.options.maxZoom)), "seed \(seed)")
                continue
            }
            guard exact < example.options.maxZoom else { continue }  // capped by the map: not tight by design
            // One step closer (a tiny step when not snapping): the same fit forced one step in.
            let step = example.options.snap.step > 0 ? example.options.snap.step : 0.01
            var closer = example.options
            closer.minZoom = fit.camera.zoom + step
            closer.maxZoom = max(closer.maxZoom, closer.minZoom)
            let pushed = try CameraFit(geometries: example.geometries, viewport: example.viewport, options: closer)
            #expect(!pushed.showsAllData, "seed \(seed)")
            #expect(Self.overflow(pushed, example) > 1e-6, "seed \(seed): one step more still fits, \(example)")
            tight += 1
        }
        // The generator must exercise all branches, or the test proves little.
        #expect(fitted > 250 && tight > 200 && noRoom > 0 && tooWide > 0,
                "fitted \(fitted), tight \(tight), no room \(noRoom), too wide \(tooWide)")
    }

    /// A bearing rotates the screen: the data box's corners, rotated, stay in the free area.
    @Test func rotatedMapsKeepTheBoxInTheFreeArea() throws {
        var checked = 0
        for seed in UInt64(1)...200 {
            var random = SeededGenerator(seed: seed)
            var example = try Self.randomCase(&random)
            example.options.bearing = Double.random(in: -180...180, using: &random)
            example.options.snap = .none
            guard let fit = try? CameraFit(geometries: example.geometries, viewport: example.viewport, options: example.options),
                  fit.showsAllData, fit.exactZoom != nil, fit.exactZoom! < example.options.maxZoom,
                  fit.dataBounds.longitudeSpan < 90 else { continue }
            checked += 1
            let box = fit.dataBounds
            let east = box.crossesAntimeridian ? box.east + 360 : box.east
            let free = freeArea(viewport: example.viewport, options: example.options)
            var touches = false
            for (longitude, latitude) in [(box.west, box.north), (east, box.north), (east, box.south), (box.west, box.south)] {
                let point = fit.camera.screenPoint(
                    of: Position(uncheckedLongitude: longitude, latitude: latitude), in: example.viewport)
                #expect(point.x >= free.minX - 1e-5 && point.x <= free.maxX + 1e-5
                        && point.y >= free.minY - 1e-5 && point.y <= free.maxY + 1e-5, "seed \(seed): \(point)")
                touches = touches || min(abs(point.x - free.minX), abs(point.x - free.maxX),
                                         abs(point.y - free.minY), abs(point.y - free.maxY)) < 1e-5
            }
            #expect(touches, "seed \(seed): the rotated box does not touch the free area's edge")
        }
        #expect(checked > 50, "only \(checked) rotated fits checked")
    }
}
