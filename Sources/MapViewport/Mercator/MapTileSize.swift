/// The pixel size of a map library's tiles, which fixes what "zoom" and "pixel" mean on its
/// screen: Leaflet and raster maps use 256, MapLibre and Mapbox GL 512 (their zoom z shows the
/// scale of Leaflet's z + 1). Every answer that speaks of zoom or pixels (clusters, camera)
/// takes the same size, so that a cluster radius of 40 pixels is 40 pixels on the screen.
public enum MapTileSize {
    /// Leaflet and raster tile maps.
    public static let leaflet = 256
    /// MapLibre GL and Mapbox GL.
    public static let mapLibre = 512
    /// The engine's default: Leaflet's, the reference screen's library.
    public static let standard = leaflet
    /// The sizes accepted.
    public static let supported = [leaflet, mapLibre]
}
