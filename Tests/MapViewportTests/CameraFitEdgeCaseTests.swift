import Foundation
import Testing
@testable import MapGeometry
@testable import MapViewport

/// The cases front ends get wrong, each with its defined result.
@Suite("Camera fit: edge cases")
struct CameraFitEdgeCaseTests {
    static let phone = Viewport(width: 390, height: 844)
    static let iPad = DevicePreset.ipad.viewport

    static func points(_ coordinates: [(Double, Double)]) throws -> [Geometry] {
        try coordinates.map { .point(try Position($0.0, $0.1)) }
    }

    @Test func singlePointGetsTheSingleObjectZoomNotTheMaximum() throws {
        let helsinki = try Self.points([(24.9414566, 60.1713198)])
        let fit = try CameraFit(geometries: helsinki, viewport: Self.phone)
        #expect(fit.camera.zoom == 16, "Leaflet and MapLibre zoom to the map's maximum (20 or 22)")
        #expect(fit.exactZoom == nil && fit.showsAllData)
        #expect(abs(fit.camera.center.longitude - 24.9414566) < 1e-12)
        #expect(abs(fit.camera.center.latitude - 60.1713198) < 1e-12)

        let closer = try CameraFit(geometries: helsinki, viewport: Self.phone, options: .init(singleObjectZoom: 18.5))
        #expect(closer.camera.zoom == 18, "the configured zoom snaps down like any other")
        let limited = try CameraFit(geometries: helsinki, viewport: Self.phone, options: .init(maxZoom: 14))
        #expect(limited.camera.zoom == 14, "never beyond the map's maximum zoom")
    }

    @Test func identicalPointsBehaveLikeOnePoint() throws {
        let same = try Self.points([(2.35, 48.85), (2.35, 48.85), (2.35, 48.85)])
        let fit = try CameraFit(geometries: same, viewport: Self.iPad, options: .init(padding: 24))
        #expect(fit.camera.zoom == 16)
        // With the iPad's left panel the point sits in the middle of the free area, east of
        // the screen's centre: (320 + 0) / 2 = 160 points to the right.
        let point = fit.camera.screenPoint(of: try Position(2.35, 48.85), in: Self.iPad)
        #expect(abs(point.x - (320 + (1024 - 320) / 2)) < 1e-6 && abs(point.y - 384) < 1e-6)
    }

    @Test func emptyInputIsAClearError() throws {
        #expect(throws: CameraFitError.noData) { try CameraFit(geometries: [Geometry](), viewport: Self.phone) }
        #expect(throws: CameraFitError.noData) {
            try CameraFit(geometries: [.geometryCollection([]), .multiPoint(MultiPoint([]))], viewport: Self.phone)
        }
        #expect(CameraFitError.noData.description.contains("no positions"))
    }

    @Test func insetsThatLeaveNoRoomNameTheSizes() throws {
        // A 320-point panel and a 480-point inspector on a 768-point-wide iPad in portrait.
        let crowded = Viewport(width: 768, height: 1024, insets: EdgeInsets(right: 480, left: 320))
        let data = try Self.points([(24.9, 60.1), (25.0, 60.2)])
        let result = Result { () throws(CameraFitError) in
            try CameraFit(geometries: data, viewport: crowded, options: .init(padding: 24))
        }
        guard case let .failure(error) = result, case let .noRoom(axis, size, parts, free) = error else {
            Issue.record("expected noRoom, got \(result); MapLibre silently returns undefined here")
            return
        }
        #expect(axis == "width" && size == 768 && free == -80)
        #expect(parts == ["left inset": 320, "right inset": 480, "padding": 48])
        #expect(error.description.contains("viewport width 768"))
        #expect(error.description.contains("left inset 320") && error.description.contains("= -80 points"))
        // A marker that does not fit the free height is named too.
        let short = Viewport(width: 390, height: 100, insets: EdgeInsets(top: 30, bottom: 30))
        #expect(throws: CameraFitError.noRoom(axis: "height", size: 100, parts: ["top inset": 30, "bottom inset": 30, "marker": 40], free: 0)) {
            try CameraFit(geometries: data, viewport: short, options: .init(marker: .pin(width: 32, height: 40)))
        }
    }

    @Test func invalidOptionsAreRejectedByName() throws {
        let data = try Self.points([(0, 0), (1, 1)])
        #expect(throws: CameraFitError.invalidOption(name: "padding", value: "-4", expected: "a finite number ≥ 0")) {
            try CameraFit(geometries: data, viewport: Self.phone, options: .init(padding: -4))
        }
        #expect(throws: CameraFitError.self) { try CameraFit(geometries: data, viewport: Viewport(width: .nan, height: 10)) }
        #expect(throws: CameraFitError.self) {
            try CameraFit(geometries: data, viewport: Self.phone, options: .init(minZoom: 10, maxZoom: 5))
        }
        #expect(throws: CameraFitError.self) { try CameraFit(geometries: data, viewport: Self.phone, options: .init(tileSize: 0)) }
    }

    @Test func latitudesBeyondTheMercatorSquareAreClamped() throws {
        // Svalbard to the North Pole: the pole is drawn on the top edge of the map (85.0511°).
        let data = try Self.points([(15.6, 78.2), (15.6, 90), (20, 89)])
        let options = CameraFitOptions(padding: 10)
        let fit = try CameraFit(geometries: data, viewport: Self.phone, options: options)
        #expect(fit.dataBounds.north == 90, "the data's own box keeps the real latitude")
        let free = freeArea(viewport: Self.phone, options: options)
        for geometry in data {
            guard case let .point(position) = geometry else { continue }
            let point = screenPoints([position], fit: fit, viewport: Self.phone, options: options)[0]
            #expect(point.y >= free.minY - 1e-6 && point.y <= free.maxY + 1e-6, "\(position): \(point)")
        }
        // Same answer as data that stops at the edge of the square.
        let edge = try CameraFit(
            geometries: Self.points([(15.6, 78.2), (15.6, WebMercator.maxLatitude), (20, WebMercator.maxLatitude)]),
            viewport: Self.phone, options: options)
        #expect(edge.camera == fit.camera)
    }

    @Test func boundsAsWideAsTheWorld() throws {
        // Points all round the world: the box leaves out only the widest gap (−50° to 60°).
        let everywhere = try Self.points([(-170, 10), (-50, -30), (60, 40), (170, 0), (110, -5), (-110, 5)])
        let fit = try CameraFit(geometries: everywhere, viewport: Viewport(width: 1024, height: 768), options: .init(snap: .none))
        #expect(fit.dataBounds == BoundingBox(unchecked: 60, -30, -50, 40))
        #expect(fit.showsAllData)
        // A band round the equator: its width sets the zoom, 1024 points = 256 · 2².
        let band = try BoundingBox(west: -180, south: -10, east: 180, north: 10)
        let wholeWorld = try CameraFit(bounds: band, viewport: Viewport(width: 1024, height: 768), options: .init(snap: .none))
        #expect(abs(wholeWorld.camera.zoom - 2) < 1e-12)
        #expect(abs(wholeWorld.visibleBounds.longitudeSpan - 360) < 1e-9)

        // A phone narrower than the world at zoom 0 (256 points): the minimum zoom is returned
        // and the fit says that not all the data is on screen.
        let tiny = try CameraFit(bounds: .world, viewport: Viewport(width: 200, height: 300), options: .init(snap: .none))
        #expect(tiny.camera.zoom == 0 && !tiny.showsAllData)
        #expect(tiny.exactZoom! < 0)

        // The inverse: a view wider than the world reports unwrapped edges more than 360° apart
        // and the whole world as its RFC 7946 box.
        let wide = Camera(center: try Position(-45, 0), zoom: 1, tileSize: 256).visibleBounds(in: Viewport(width: 1366, height: 300))
        #expect(wide.isWiderThanWorld && wide.west < -180 && wide.east > 180)
        #expect(wide.boundingBox.west == -180 && wide.boundingBox.east == 180)
    }

    @Test func visibleBoundsAcrossTheAntimeridian() throws {
        let view = Camera(center: try Position(179, -17), zoom: 6).visibleBounds(in: Viewport(width: 1024, height: 768))
        #expect(view.east > 180 && !view.isWiderThanWorld)
        #expect(view.boundingBox.crossesAntimeridian)
        #expect(abs(view.boundingBox.east - (view.east - 360)) < 1e-12)
        // As GeoJSON it is two polygons that meet at ±180.
        guard case let .multiPolygon(parts) = view.geometry else {
            Issue.record("expected a MultiPolygon, got \(view.geometry)")
            return
        }
        #expect(parts.polygons.count == 2)
        #expect(parts.polygons[0].exterior!.positions.map(\.longitude).max() == 180)
        #expect(parts.polygons[1].exterior!.positions.map(\.longitude).min() == -180)
        #expect(parts.polygons.allSatisfy { $0.exterior!.isCounterclockwise })
    }

    @Test func lineWithOneDegenerateDimension() throws {
        // A line along the equator has no height: the width alone sets the zoom.
        let horizontal = Geometry.lineString(try LineString([Position(10, 0), Position(20, 0)]))
        let fit = try CameraFit(geometries: [horizontal], viewport: Viewport(width: 1000, height: 500), options: .init(snap: .none))
        #expect(abs(fit.camera.zoom - log2(1000 / (10.0 / 360 * 256))) < 1e-9)
        // A meridian segment has no width: the height alone sets it.
        let vertical = Geometry.lineString(try LineString([Position(10, -10), Position(10, 10)]))
        let tall = try CameraFit(geometries: [vertical], viewport: Viewport(width: 1000, height: 500), options: .init(snap: .none))
        let height = (WebMercator.worldY(latitude: -10) - WebMercator.worldY(latitude: 10)) * 256
        #expect(abs(tall.camera.zoom - log2(500 / height)) < 1e-9)
        #expect(abs(tall.camera.center.longitude - 10) < 1e-12 && abs(tall.camera.center.latitude) < 1e-9)
    }

    @Test func dataAcrossTheAntimeridianIsFittedNarrow() throws {
        // Fiji's islands: Leaflet fits a box from −178.5 to 178.4, i.e. nearly the whole world.
        let fiji = try Self.points([(178.4, -18.1), (-179.9, -16.5), (179.3, -17.0), (-178.5, -19.0)])
        let fit = try CameraFit(geometries: fiji, viewport: Self.iPad, options: .init(padding: 24))
        #expect(fit.camera.zoom >= 7, "a few degrees wide, not a world map")
        #expect(longitudeDifference(fit.camera.center.longitude, 179) < 5)
        #expect(fit.visibleBounds.boundingBox.crossesAntimeridian)
    }

    @Test func markersAtTheEdgeAreNotCutOff() throws {
        let data = try Self.points([(24.93, 60.16), (24.96, 60.18)])
        let options = CameraFitOptions(padding: 8, snap: .none, marker: .pin(width: 32, height: 40))
        let fit = try CameraFit(geometries: data, viewport: Self.phone, options: options)
        let points = data.map { geometry -> (x: Double, y: Double) in
            guard case let .point(position) = geometry else { fatalError() }
            return fit.camera.screenPoint(of: position, in: Self.phone)
        }
        // Each pin spans x − 16 ... x + 16 and y − 40 ... y: all of it stays on screen with 8 points to spare.
        for point in points {
            #expect(point.x - 16 >= 8 - 1e-6 && point.x + 16 <= 390 - 8 + 1e-6)
            #expect(point.y - 40 >= 8 - 1e-6 && point.y <= 844 - 8 + 1e-6)
        }
        // Tight: the north-west pin touches the top edge of the free area (no snapping).
        #expect(abs(points.map { $0.y - 40 }.min()! - 8) < 1e-6 || abs(points.map { $0.x - 16 }.min()! - 8) < 1e-6)
    }

    @Test func snappingRoundsDown() throws {
        let data = try Self.points([(24.93, 60.16), (24.96, 60.18)])
        let free = try CameraFit(geometries: data, viewport: Self.phone, options: .init(snap: .none))
        let half = try CameraFit(geometries: data, viewport: Self.phone, options: .init(snap: .half))
        let whole = try CameraFit(geometries: data, viewport: Self.phone, options: .init(snap: .integer))
        #expect(half.camera.zoom == (free.camera.zoom * 2).rounded(.down) / 2)
        #expect(whole.camera.zoom == free.camera.zoom.rounded(.down))
    }

    @Test func snappingNeverRoundsUpLikeLeaflet() throws {
        // Data that fits exactly at zoom 7.996. Leaflet (zoomSnap 1) rounds to 0.01 first and
        // then floors, giving 8, where the data is 2.8 points wider than the screen. We give 7.
        let width = 1000.0, span = width / pow(2, 7.996) / 256 * 360
        let box = try BoundingBox(west: 10, south: 0, east: 10 + span, north: 0.001)
        let fit = try CameraFit(bounds: box, viewport: Viewport(width: width, height: 800))
        #expect(abs(fit.exactZoom! - 7.996) < 1e-9)
        #expect(fit.camera.zoom == 7)
        let widthAtLeafletZoom = span / 360 * WebMercator.worldSize(zoom: 8)
        #expect(widthAtLeafletZoom > width + 2.5)
    }

    @Test func devicePresetsMatchTheConformancePaddingPresets() {
        // ipadLeftPanel: left 344, others 24; iphoneBottomSheet: top 60, bottom 420, sides 16.
        let ipad = CameraFit.room(viewport: DevicePreset.ipad.viewport, options: .init(padding: DevicePreset.ipad.padding))
        #expect(ipad == EdgeInsets(top: 24, right: 24, bottom: 24, left: 344))
        let iphone = CameraFit.room(viewport: DevicePreset.iphone.viewport, options: .init(padding: DevicePreset.iphone.padding))
        #expect(iphone == EdgeInsets(top: 60, right: 16, bottom: 420, left: 16))
    }
}
