import MapClustering
import MapGeoJSON

// README: clustering begin
/// The markers of a zoom-14 view, and what a tap on its largest cluster shows.
func clusteringExample() throws {
    let objects = try GeoJSONReader().read(contentsOfFile: "Data/objects.geojson").featureCollection
    // Build once per layer: the index is immutable and Sendable, so all requests can share it.
    let index = try FeatureClusterIndex(objects)
    let markers = index.index.markers(in: .world, zoom: 14)
    let clusters = markers.filter(\.isCluster)
    let shown = markers.map(\.count).reduce(0, +)
    print("clustering: zoom 14: \(markers.count) markers, \(clusters.count) clusters, \(shown) objects")

    // A tap on a cluster: its first page of members, and the zoom that splits it.
    guard let largest = clusters.max(by: { $0.count < $1.count }) else { return }
    let firstPage = try index.members(of: largest.id, limit: 5)
    let splitZoom = try index.expansionZoom(of: largest.id)  // nil: colocated, never splits
    print("clustering: largest cluster \(largest.id): \(largest.count) objects, "
        + "expands at zoom \(splitZoom.map(String.init) ?? "none"), first page \(firstPage.count)")

    // The legend lists the types visible in the view with their colours, then the neutral
    // colour when clusters of several types are in view.
    let legend = index.legend(zoom: 14)
    print("clustering: legend: " + legend.filter { !$0.isMixed }.map { "\($0.type) \($0.color) \($0.count)" }.joined(separator: ", "))
    if let mixed = legend.first(where: \.isMixed) { print("clustering: mixed types: \(mixed.color) \(mixed.count)") }
}
// README: clustering end
