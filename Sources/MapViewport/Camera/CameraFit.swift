import Foundation
import MapGeometry

/// "Zoom extents": the camera that shows all the data inside the free part of a viewport.
///
/// The free area is the viewport minus its insets (panels), the padding and the room
/// marker symbols need. The zoom makes the data's Web Mercator box fill the free area along
/// its tighter axis (capped at the map's maximum zoom, rounded down by ``ZoomSnap``, never
/// below the minimum zoom); the centre is shifted so the data sits in the middle of the free
/// area, not of the screen (a left panel moves the centre west). This is the rule Leaflet's
/// `fitBounds` and MapLibre's `cameraForBounds` follow, without their failures:
///
/// - data across ±180 (`BoundingBox` with `west > east`) is fitted as the narrow box it is;
/// - a single point, or points that are all identical, get ``CameraFitOptions/singleObjectZoom``
///   (default 16) instead of the map's maximum zoom; a line that is only horizontal or only
///   vertical is fitted along its one real dimension;
/// - insets that leave no room throw ``CameraFitError/noRoom(axis:size:parts:free:)``;
/// - latitudes beyond ±85.0511° are clamped to the edge of the Mercator square, where every
///   web map draws them;
/// - data wider than the viewport at the minimum zoom gives the minimum zoom with
///   ``showsAllData`` false.
public struct CameraFit: Hashable, Sendable {
    /// The camera to set.
    public let camera: Camera
    /// What the whole viewport shows with that camera.
    public let visibleBounds: VisibleBounds
    /// The box that was fitted.
    public let dataBounds: BoundingBox
    /// The zoom at which the data exactly fills the free area, before the zoom limits and
    /// snapping; nil when the data has no size (one location).
    public let exactZoom: Double?
    /// False only when the minimum zoom is closer than the data allows, so some is cut off.
    public let showsAllData: Bool

    /// Fits the smallest box around `geometries`.
    /// - Throws: ``CameraFitError/noData`` when they hold no position, or any fit error.
    @inlinable  // specialised for the caller's sequence type: no generic iteration per element
    public init(
        geometries: some Sequence<Geometry>, viewport: Viewport, options: CameraFitOptions = .init()
    ) throws(CameraFitError) {
        try self.init(extent: DataExtent(geometries), viewport: viewport, options: options)
    }

    /// Fits the smallest box around an array of geometries.
    public init(geometries: [Geometry], viewport: Viewport, options: CameraFitOptions = .init()) throws(CameraFitError) {
        try self.init(extent: DataExtent(geometries), viewport: viewport, options: options)
    }

    /// Fits marker positions (the fastest way in: no geometry values to unpack).
    /// - Throws: ``CameraFitError/noData`` when there is none, or any fit error.
    @inlinable
    public init(
        positions: some Sequence<Position>, viewport: Viewport, options: CameraFitOptions = .init()
    ) throws(CameraFitError) {
        try self.init(extent: DataExtent(positions: positions), viewport: viewport, options: options)
    }

    /// Fits marker positions held in an array.
    public init(positions: [Position], viewport: Viewport, options: CameraFitOptions = .init()) throws(CameraFitError) {
        try self.init(extent: DataExtent(positions: positions), viewport: viewport, options: options)
    }

    /// Fits the box of a collected extent.
    public init(extent: DataExtent, viewport: Viewport, options: CameraFitOptions = .init()) throws(CameraFitError) {
        guard let bounds = extent.bounds else { throw .noData }
        try self.init(bounds: bounds, viewport: viewport, options: options)
    }

    /// Fits a bounding box (`west > east` crosses the antimeridian).
    public init(bounds: BoundingBox, viewport: Viewport, options: CameraFitOptions = .init()) throws(CameraFitError) {
        try Self.validate(viewport: viewport, options: options)
        let room = Self.room(viewport: viewport, options: options)
        let free = (width: viewport.width - room.horizontal, height: viewport.height - room.vertical)
        guard free.width > 0 else {
            throw Self.noRoom(free.width, axis: "width", size: viewport.width, parts: [
                "left inset": viewport.insets.left, "right inset": viewport.insets.right,
                "padding": 2 * options.padding, "marker": options.marker?.width ?? 0])
        }
        guard free.height > 0 else {
            throw Self.noRoom(free.height, axis: "height", size: viewport.height, parts: [
                "top inset": viewport.insets.top, "bottom inset": viewport.insets.bottom,
                "padding": 2 * options.padding, "marker": options.marker?.height ?? 0])
        }

        // The data box in world units (0...1 across the world), unwrapped across ±180.
        let east = bounds.crossesAntimeridian ? bounds.east + 360 : bounds.east
        let west = WebMercator.worldX(longitude: bounds.west), eastX = WebMercator.worldX(longitude: east)
        let north = WebMercator.worldY(latitude: bounds.north), south = WebMercator.worldY(latitude: bounds.south)
        // The box as the rotated map shows it: the box around its rotated corners.
        let half = (x: (eastX - west) / 2, y: (south - north) / 2)
        let angle = options.bearing * .pi / 180
        let cosine = abs(cos(angle)), sine = abs(sin(angle))
        let tile = Double(options.tileSize)
        let boxWidth = 2 * (half.x * cosine + half.y * sine) * tile
        let boxHeight = 2 * (half.x * sine + half.y * cosine) * tile

        // Scale from zoom 0 that makes the box fill the free area; infinite for a single location.
        let scale = min(free.width / boxWidth, free.height / boxHeight)
        let exactZoom = scale.isFinite ? log2(scale) : nil
        var zoom = min(exactZoom ?? options.singleObjectZoom, options.maxZoom)
        zoom = max(options.snap.snapped(zoom), options.minZoom)

        // Centre: the box's middle, moved so it sits in the middle of the free area.
        let offset = Camera.rotated(
            x: (room.left - room.right) / 2, y: (room.top - room.bottom) / 2, degrees: options.bearing)
        let size = WebMercator.worldSize(zoom: zoom, tileSize: options.tileSize)
        let centerX = (west + eastX) / 2 - offset.x / size
        let centerY = (north + south) / 2 - offset.y / size
        let center = Position(
            uncheckedLongitude: Self.wrapped(WebMercator.longitude(worldX: centerX)),
            latitude: WebMercator.latitude(worldY: centerY))

        camera = Camera(center: center, zoom: zoom, bearing: options.bearing, tileSize: options.tileSize)
        visibleBounds = camera.visibleBounds(in: viewport)
        dataBounds = bounds
        self.exactZoom = exactZoom
        showsAllData = exactZoom.map { zoom <= $0 + ZoomSnap.tolerance } ?? true
    }

    /// Everything kept free between the data and the viewport's edges.
    static func room(viewport: Viewport, options: CameraFitOptions) -> EdgeInsets {
        let room = viewport.insets + EdgeInsets(all: options.padding)
        guard let marker = options.marker else { return room }
        return room + marker.reach
    }

    /// The error for an axis with no free room, naming the amounts that are not zero.
    private static func noRoom(_ free: Double, axis: String, size: Double, parts: [String: Double]) -> CameraFitError {
        .noRoom(axis: axis, size: size, parts: parts.filter { $0.value != 0 }, free: free)
    }

    /// A longitude moved into −180...180 (180 stays 180).
    private static func wrapped(_ longitude: Double) -> Double {
        guard longitude < -180 || longitude > 180 else { return longitude }
        let value = (longitude + 180).truncatingRemainder(dividingBy: 360)
        return (value < 0 ? value + 360 : value) - 180
    }
}
