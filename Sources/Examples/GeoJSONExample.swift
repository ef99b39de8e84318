import MapGeometry
import MapGeoJSON
import MapQuery

// README: geojson begin
/// Read a layer, ask what is near a position, and write the answer as GeoJSON.
func geoJSONExample() throws {
    // Strict RFC 7946; a bad file throws an error with file:line:column and JSON path.
    let document = try GeoJSONReader().read(contentsOfFile: "Data/objects.geojson")
    print("geojson: \(document.features.count) features, \(document.warnings.count) warnings")

    // Build the index once; near, nearest and search share it (and it is Sendable).
    let index = FeatureIndex(document.features, searchKeys: ["name"])
    let here = try Position(24.9414, 60.1713)
    let food = FeatureFilter.oneOf("type", ["restaurant", "shop"])
    let near = try index.near(here, radius: 300, filter: food)  // nearest first, geodesic metres
    let nearest = try index.nearest(3, to: here, filter: food)
    let names = nearest.map { hit in
        "\(index.features[hit.item].properties.string("name") ?? "unnamed") \(Int(hit.distance.rounded())) m"
    }
    print("geojson: \(near.count) restaurants and shops within 300 m; nearest: \(names.joined(separator: ", "))")

    // Write the hits back out, coordinates rounded to 6 decimals (about 0.1 m).
    var options = GeoJSONWriter.Options()
    options.precision = 6
    let answer = FeatureCollection(features: nearest.map { index.features[$0.item] })
    print("geojson: wrote \(GeoJSONWriter(options: options).encode(answer).count) bytes")
}
// README: geojson end
