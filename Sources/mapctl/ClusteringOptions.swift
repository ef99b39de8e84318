import ArgumentParser
import Foundation
import MapClustering
import MapViewport

/// How `mapctl cluster` clusters: radius and tile size, zoom range, grouping, measures, which
/// features take part, colours, and the neighbour search.
struct ClusteringOptions: ParsableArguments {
    @Option(help: "Cluster radius in screen pixels of the map (see --tile-size).") var radius: Double = 40
    @Option(name: .customLong("tile-size"), help: "Tile size of the map: 256 (Leaflet, raster) or 512 (MapLibre).")
    var tileSize: Int = MapTileSize.standard
    @Option(help: ArgumentHelp("Tile extent the radius is measured in, as supercluster's extent (default: --tile-size).", visibility: .hidden))
    var extent: Double?
    @Option(name: .customLong("min-zoom"), help: "Lowest zoom with its own clustering.") var minZoom: Int = 0
    @Option(name: .customLong("max-zoom"), help: "Highest zoom that clusters.") var maxZoom: Int = 16
    @Option(name: .customLong("min-points"), help: "Least number of objects in a cluster.") var minPoints: Int = 2

    @Option(help: "Style file (JSON) with colours, titles and symbols per type.")
    var style: String?

    @Option(name: .customLong("group-by"), help: "Cluster only objects with the same value of this property (e.g. type).")
    var groupBy: String?

    @Option(name: .customLong("measure"), help: "Numeric property to sum/min/max/mean per cluster (repeatable).")
    var measures: [String] = []

    @OptionGroup var filterOptions: FilterOptions

    @Flag(help: "Find neighbours with supercluster's KD-trees: bit-identical to supercluster, slower.")
    var exact = false

    @Flag(name: .customLong("cluster-shapes"), help: "Let lines and polygons join clusters at their point on surface.")
    var clusterShapes = false

    func validate() throws {
        if !MapTileSize.supported.contains(tileSize) { throw ValidationError("--tile-size must be 256 (Leaflet) or 512 (MapLibre), not \(tileSize)") }
        do { try clusterOptions().validate() } catch { throw ValidationError("\(error)") }
    }

    /// The clustering parameters (`--radius`, `--tile-size`, the zoom range, `--min-points`, `--exact`).
    func clusterOptions() -> ClusterOptions {
        ClusterOptions(
            radius: radius, extent: extent ?? Double(tileSize), minZoom: minZoom, maxZoom: maxZoom, minPoints: minPoints,
            neighbourSearch: exact ? .supercluster : .grid)
    }

    /// Everything the feature index needs, clustered from `lowestZoom` up (the zooms below a
    /// view need no clustering: its markers, ids and children come from the zooms above).
    func featureOptions(fromZoom lowestZoom: Int?) throws -> FeatureClusterOptions {
        let style: ClusterStyle
        do { style = try self.style.map { try ClusterStyle(contentsOf: URL(fileURLWithPath: $0)) } ?? ClusterStyle() } catch {
            throw CommandFailure("\(error)", status: FileManager.default.isReadableFile(atPath: self.style!) ? .dataError : .noInput)
        }
        var options = clusterOptions()
        if let lowestZoom { options.minZoom = max(options.minZoom, min(lowestZoom, options.maxZoom)) }
        return FeatureClusterOptions(
            cluster: options, grouping: groupBy.map { .property($0) } ?? .none, measures: measures,
            clusterShapes: clusterShapes, style: style, filter: FilterOptions.all(try filterOptions.filters()))
    }
}
