import ArgumentParser
import Foundation
import MapGeometry
import MapGeoJSON
import MapViewport

/// `mapctl extents`: the camera ("zoom extents") that shows every feature in the free part
/// of a screen, around its panels.
struct ExtentsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "extents",
        abstract: "Compute the camera (centre, zoom) that shows all features around the screen's panels.",
        discussion: """
            Prints {"center":[lon,lat],"zoom":z,"bounds":[w,s,e,n]}: the map centre, the zoom for \
            --tile-size, and what the whole viewport then shows (west > east when the view crosses \
            the antimeridian). The data is centred in the free area: the viewport less --insets, \
            --padding and the --marker size. Data around ±180 (Fiji, the Aleutians) is fitted as the \
            narrow box it is; a single point gets --single-object-zoom; latitudes beyond ±85.0511° \
            are drawn on the map's edge. With --geojson the visible area is written as a Feature \
            (a Polygon, or a MultiPolygon split at ±180) with the centre and zoom as properties.

            Presets: --device ipad = 1024 x 768 points with a 320-point panel on the left, padding 24; \
            --device iphone = 390 x 844 with a 44-point search bar and a 404-point bottom sheet, \
            padding 16. Explicit --width, --height, --insets and --padding override the preset.

            --bounds W,S,E,N fits a box instead of a file's features (W > E crosses the antimeridian; \
            a box wider than 180° is fitted as given), as geo-viewport does.

            Examples:
              mapctl extents --device ipad Data/objects.geojson
              mapctl extents --width 1024 --height 768 --bounds 170,-20,-170,-10
              mapctl extents --width 1024 --height 768 --insets 0,0,0,320 --padding 24 --tile-size 512 --snap 0 Data/objects.geojson
              cat stops.geojson | mapctl extents --device iphone --marker 32x40 --geojson -
            """
    )

    @Option(help: "Viewport width in points (required without --device).")
    var width: Double?

    @Option(help: "Viewport height in points (required without --device).")
    var height: Double?

    @Option(help: "Panels over the map in points: top,right,bottom,left (or one value for all edges).")
    var insets: String?

    @Option(help: "Margin in points between the data and the free area's edges (default 0, or the device's).")
    var padding: Double?

    @Option(name: .customLong("tile-size"), help: "Tile size of the map: 256 (Leaflet, raster) or 512 (MapLibre).")
    var tileSize: Int = MapTileSize.standard

    @Option(name: .customLong("min-zoom"), help: "Lowest zoom the map allows.")
    var minZoom: Double = 0

    @Option(name: .customLong("max-zoom"), help: "Highest zoom the map allows.")
    var maxZoom: Double = 20

    @Option(help: "Zoom step the result is rounded down to: 1 (whole zooms), 0.5, or 0 (no rounding).")
    var snap: Double = 1

    @Option(name: .customLong("single-object-zoom"), help: "Zoom for one point or points that are all identical.")
    var singleObjectZoom: Double = 16

    @Option(help: "Room for marker symbols, WIDTHxHEIGHT in points, anchored at the bottom centre (e.g. 32x40).")
    var marker: String?

    @Option(help: "Screen preset: iphone or ipad (sets size, panels and padding).")
    var device: DevicePreset?

    @Flag(help: "Write the visible area as a GeoJSON Feature instead of the camera JSON.")
    var geojson = false

    @OptionGroup var reading: ReadingOptions

    @OptionGroup var outputOptions: OutputOptions

    @Option(help: "Fit this box west,south,east,north instead of a file's features (west > east crosses the antimeridian).")
    var bounds: String?

    @Argument(help: "GeoJSON file, or - for standard input (not with --bounds).")
    var input: String?

    func validate() throws {
        guard device != nil || (width != nil && height != nil) else {
            throw ValidationError("give --width and --height, or a --device preset (iphone, ipad)")
        }
        guard MapTileSize.supported.contains(tileSize) else {
            throw ValidationError("--tile-size must be 256 or 512, not \(tileSize)")
        }
        _ = try viewport()
        _ = try fitOptions()
        guard (bounds == nil) != (input == nil) else {
            throw ValidationError("give a GeoJSON file or --bounds west,south,east,north, not both")
        }
        _ = try bounds.map { try MapArgument.box($0, option: "--bounds") }
    }

    func run() throws {
        let (viewport, options) = (try viewport(), try fitOptions())
        let fit: CameraFit
        do {
            if let bounds {
                fit = try CameraFit(bounds: try MapArgument.box(bounds, option: "--bounds"), viewport: viewport, options: options)
            } else {
                let document = try CommandInput.read(input ?? "-", reading: reading)
                for warning in document.warnings { CommandOutput.message(warning.description) }
                fit = try CameraFit(geometries: document.features.compactMap(\.geometry), viewport: viewport, options: options)
            }
        } catch let error as CameraFitError {
            switch error {
            case .noData: throw CommandFailure("\(bounds != nil ? "--bounds" : input == nil || input == "-" ? "standard input" : input!): \(error)")
            case .noRoom, .invalidOption: throw CommandFailure("\(error)", status: .usage)
            }
        }
        if !fit.showsAllData {
            CommandOutput.say("warning: the data is wider than the viewport at --min-zoom \(minZoom); part of it is off screen")
        }
        try outputOptions.write { writer in geojson ? writer.encode(fit.feature) : writer.encode(fit.json) }
    }

    private func fitOptions() throws -> CameraFitOptions {
        CameraFitOptions(
            padding: padding ?? device?.padding ?? 0, tileSize: tileSize, minZoom: minZoom, maxZoom: maxZoom,
            snap: ZoomSnap(step: snap), singleObjectZoom: singleObjectZoom,
            marker: try marker.map { try MapArgument.marker($0, option: "--marker") })
    }

    private func viewport() throws -> Viewport {
        var viewport = device?.viewport ?? Viewport(width: 0, height: 0)
        if let width { viewport.width = width }
        if let height { viewport.height = height }
        if let insets { viewport.insets = try MapArgument.insets(insets, option: "--insets") }
        return viewport
    }
}

extension DevicePreset: ExpressibleByArgument {}
