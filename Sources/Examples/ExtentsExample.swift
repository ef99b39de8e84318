import MapGeoJSON
import MapViewport

// README: extents begin
/// The camera that shows every object on an iPad beside its 320-point left panel.
func extentsExample() throws {
    let objects = try GeoJSONReader().read(contentsOfFile: "Data/objects.geojson")
    // The panel covers the map's left side: fit into the free part only, with a margin.
    let viewport = Viewport(width: 1024, height: 768, insets: EdgeInsets(left: 320))
    let options = CameraFitOptions(padding: 24)
    let geometries = objects.features.compactMap(\.geometry)
    let fit = try CameraFit(geometries: geometries, viewport: viewport, options: options)
    let camera = fit.camera
    print("extents: center \(camera.center.longitude),\(camera.center.latitude) zoom \(camera.zoom) tile size \(camera.tileSize)")
    // What the whole screen shows, panel included: the box to ask the cluster index for.
    let visible = fit.visibleBounds
    print("extents: visible \(visible.west),\(visible.south),\(visible.east),\(visible.north)")
}
// README: extents end
