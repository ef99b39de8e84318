import MapGeometry
import MapGeoJSON
import MapQuery

// README: index begin
/// What lies in a map view: a packed R-tree over any geometries, built once, shared by all.
func indexExample() throws {
    let objects = try GeoJSONReader().read(contentsOfFile: "Data/objects.geojson")
    // Items are the positions in the array given (nil geometries are allowed and never match).
    let index = SpatialIndex(objects.features.map(\.geometry))
    let view = try BoundingBox(west: 24.935, south: 60.165, east: 24.945, north: 60.170)
    // The fast test on boxes: a line may pass beside the view; items(intersecting: geometry) is exact.
    let candidates = index.items(intersecting: view)
    print("index: \(candidates.count) of \(index.count) objects have a box that meets the view")
}
// README: index end
