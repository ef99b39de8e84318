/// Everything a camera fit takes besides the data and the viewport.
public struct CameraFitOptions: Hashable, Sendable {
    /// Extra margin in points between the data and each edge of the free area.
    public var padding: Double = 0
    /// Tile size of the map in pixels: 256 (Leaflet, raster XYZ) or 512 (MapLibre, Mapbox GL).
    /// A 512-pixel zoom is one less than the 256-pixel zoom for the same scale.
    public var tileSize: Int = MapTileSize.standard
    /// Lowest zoom the map allows. When even this zoom cannot show all the data, the fit
    /// returns it with ``CameraFit/showsAllData`` false.
    public var minZoom: Double = 0
    /// Highest zoom the map allows.
    public var maxZoom: Double = 20
    /// Rounding of the zoom (down, so the data still fits).
    public var snap: ZoomSnap = .integer
    /// Zoom for a single point or points that are all identical, where the data has no
    /// size to fit (default 16: a street; never the map's maximum zoom unless that is lower).
    public var singleObjectZoom: Double = 16
    /// Room for marker symbols around each point, or nil to fit the coordinates only.
    public var marker: MarkerSize?
    /// Map rotation in degrees: the compass direction that points up (MapLibre's `bearing`).
    public var bearing: Double = 0

    public init(
        padding: Double = 0, tileSize: Int = 256, minZoom: Double = 0, maxZoom: Double = 20,
        snap: ZoomSnap = .integer, singleObjectZoom: Double = 16, marker: MarkerSize? = nil,
        bearing: Double = 0
    ) {
        self.padding = padding
        self.tileSize = tileSize
        self.minZoom = minZoom
        self.maxZoom = maxZoom
        self.snap = snap
        self.singleObjectZoom = singleObjectZoom
        self.marker = marker
        self.bearing = bearing
    }
}
