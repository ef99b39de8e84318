import ArgumentParser
import MapViewport

/// The screen of `mapctl extents` and how the data is fitted into it: viewport size and
/// panels (or a `--device` preset), padding, tile size, zoom range and rounding, marker room.
struct ScreenFitOptions: ParsableArguments {
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

    func validate() throws {
        guard device != nil || (width != nil && height != nil) else {
            throw ValidationError("give --width and --height, or a --device preset (iphone, ipad)")
        }
        guard MapTileSize.supported.contains(tileSize) else {
            throw ValidationError("--tile-size must be 256 or 512, not \(tileSize)")
        }
        _ = try viewport()
        _ = try fitOptions()
    }

    /// The fit's options: explicit values over the device preset's.
    func fitOptions() throws -> CameraFitOptions {
        CameraFitOptions(
            padding: padding ?? device?.padding ?? 0, tileSize: tileSize, minZoom: minZoom, maxZoom: maxZoom,
            snap: ZoomSnap(step: snap), singleObjectZoom: singleObjectZoom,
            marker: try marker.map { try MapArgument.marker($0, option: "--marker") })
    }

    /// The viewport: the device preset with --width, --height and --insets over it.
    func viewport() throws -> Viewport {
        var viewport = device?.viewport ?? Viewport(width: 0, height: 0)
        if let width { viewport.width = width }
        if let height { viewport.height = height }
        if let insets { viewport.insets = try MapArgument.insets(insets, option: "--insets") }
        return viewport
    }
}

extension DevicePreset: ExpressibleByArgument {}
