import ArgumentParser
import Foundation
import MapClustering
import MapGeometry
import MapGeoJSON
import MapViewport

/// `mapctl cluster`: the markers of a zoom level, or the members, children or expansion zoom
/// of one cluster, or the legend of a view.
struct ClusterCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cluster",
        abstract: "Cluster point features by zoom level (supercluster semantics) with type colours.",
        discussion: """
            Prints a FeatureCollection of the markers visible at --zoom (inside --bbox if given). \
            A cluster has supercluster's properties (cluster, cluster_id, point_count, \
            point_count_abbreviated) plus types (objects per type), colocated, expansion_zoom and \
            marker-color: the type's colour when all its objects share one type, otherwise the \
            neutral colour. Single objects keep their id and properties and get marker-color; \
            lines and polygons pass through with stroke/fill in their type's colour. \
            Colours come from --style (JSON: {"neutral": "#848F94", "types": {"shop": \
            {"color": "#5899DA", "title": "Shops", "symbol": "cart"}}}) or the SAP Fiori palette.

            Examples:
              mapctl cluster --zoom 12 Data/objects.geojson
              mapctl cluster --zoom 15 --bbox 24.93,60.16,24.96,60.18 --group-by type Data/objects.geojson
              mapctl cluster --members 4143 --limit 20 --offset 20 Data/objects.geojson
              mapctl cluster --expansion-zoom 4143 Data/objects.geojson
              mapctl cluster --zoom 12 --legend Data/objects.geojson
              mapctl cluster --zoom 13 --layers restaurant,shop Data/objects.geojson
              mapctl cluster --zoom 15 --where type=tram_stop Data/objects.geojson

            --layers and --where decide what takes part at all: clusters count only those features. \
            Cluster ids are stable: the same file and options give the same ids. Neighbours are \
            found with a grid (same clusters and ids as supercluster; children in list order); \
            --exact uses supercluster's own KD-trees (bit-identical centres and children order, slower).
            """
    )

    @Option(help: "Zoom level of the view (fractions allowed; the integer part picks the clustering).")
    var zoom: Double?

    @Option(help: "View box as west,south,east,north in degrees; west > east crosses the antimeridian.")
    var bbox: String?

    @Option(help: "A tile z/x/y (with a buffer of --radius pixels) instead of --zoom/--bbox.")
    var tile: String?

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

    @Option(help: "Print the member features of this cluster id (paged with --limit/--offset).")
    var members: Int?

    @Option(help: "Print the markers one zoom below this cluster id.")
    var children: Int?

    @Option(name: .customLong("expansion-zoom"), help: "Print the zoom at which this cluster id splits (null: colocated).")
    var expansionZoom: Int?

    @Option(help: "Members per page.") var limit: Int = 10
    @Option(help: "Members to skip.") var offset: Int = 0

    @Flag(help: "Print the legend of the view (--zoom, --bbox) instead of the features.")
    var legend = false

    @Option(help: "With --with-legend: flag the marker that shows this object id (itself or its cluster) as selected.")
    var selected: String?

    @Flag(name: .customLong("with-legend"), help: "Add the legend of the view to the features as the member legend (the map service's answer).")
    var withLegend = false

    @OptionGroup var outputOptions: OutputOptions

    @Argument(help: "GeoJSON file, or - for standard input.")
    var input: String

    func validate() throws {
        let clusterQueries = [members, children, expansionZoom].compactMap { $0 }.count
        if clusterQueries > 1 { throw ValidationError("give only one of --members, --children, --expansion-zoom") }
        if clusterQueries == 1 && (legend || zoom != nil || bbox != nil || tile != nil) {
            throw ValidationError("--members, --children and --expansion-zoom take a cluster id, not --zoom, --bbox, --tile or --legend")
        }
        if clusterQueries == 0 && zoom == nil && tile == nil {
            throw ValidationError("give --zoom (or --tile z/x/y), e.g. mapctl cluster --zoom 12 Data/objects.geojson")
        }
        if selected != nil && !withLegend { throw ValidationError("--selected goes with --with-legend") }
        if withLegend && (legend || tile != nil || clusterQueries == 1) { throw ValidationError("--with-legend goes with --zoom (and --bbox)") }
        if tile != nil && (zoom != nil || bbox != nil) { throw ValidationError("--tile replaces --zoom and --bbox; give one or the other") }
        if let zoom, !zoom.isFinite || zoom < 0 || zoom > 30 { throw ValidationError("--zoom must be between 0 and 30, got \(zoom)") }
        if limit < 0 || offset < 0 { throw ValidationError("--limit and --offset must not be negative") }
        if !MapTileSize.supported.contains(tileSize) { throw ValidationError("--tile-size must be 256 (Leaflet) or 512 (MapLibre), not \(tileSize)") }
        _ = try view()
        _ = try parsedTile()
        do { try options().validate() } catch { throw ValidationError("\(error)") }
    }

    func run() throws {
        let document = try CommandInput.read(input)
        let index = try clusterIndex(of: document.featureCollection)
        let output = outputOptions
        let writer = GeoJSONWriter(options: output.writerOptions)
        if let id = members {
            try output.write(writer.encode(try index.memberPage(of: id, limit: limit, offset: offset)))
        } else if let id = children {
            try output.write(writer.encode(try index.children(of: id)))
        } else if let id = expansionZoom {
            // One line, even with --pretty.
            try output.write(GeoJSONWriter().encode(try index.expansionZoomJSON(of: id)) + [0x0A])
        } else if let (z, x, y) = try parsedTile() {
            try output.write(writer.encode(try index.tileFeatures(z: z, x: x, y: y)))
        } else if legend {
            try output.write(json: Legend.json(index.legend(zoom: zoom!, in: try view())))
        } else if withLegend {
            let row = try selected.map { id throws(CommandFailure) in
                guard let row = document.features.firstIndex(where: { $0.objectID == id }) else {
                    throw CommandFailure("--selected \(id): no object has this id")
                }
                return row
            }
            try output.write(index.viewBytes(zoom: zoom!, in: try view(), selected: row, parallel: true))
        } else if output.pretty {
            try output.write(writer.encode(index.features(zoom: zoom!, in: try view())))
        } else {
            // The same bytes, streamed, with single objects' properties copied as they are.
            let box = try view()
            try CommandOutput.writing(to: output.output) { handle in
                try index.writeFeatures(zoom: zoom!, in: box, parallel: true) { chunk in try handle.write(contentsOf: chunk) }
            }
        }
    }

    /// The index of the features that take part, clustered from the zoom the view shows up:
    /// markers made at Z or above, and their ids, children and expansion zooms, come from the
    /// zooms above Z, so the zooms below need no clustering.
    private func clusterIndex(of collection: FeatureCollection) throws -> FeatureClusterIndex {
        let style: ClusterStyle
        do { style = try self.style.map { try ClusterStyle(contentsOf: URL(fileURLWithPath: $0)) } ?? ClusterStyle() } catch {
            throw CommandFailure("\(error)", status: FileManager.default.isReadableFile(atPath: self.style!) ? .dataError : .noInput)
        }
        var clusterOptions = options()
        if let z = try parsedTile()?.z ?? zoom.map({ Int($0.rounded(.down)) }) {
            clusterOptions.minZoom = max(clusterOptions.minZoom, min(z, clusterOptions.maxZoom))
        }
        let featureOptions = FeatureClusterOptions(
            cluster: clusterOptions, grouping: groupBy.map { .property($0) } ?? .none, measures: measures,
            clusterShapes: clusterShapes, style: style, filter: FilterOptions.all(try filterOptions.filters()))
        do { return try FeatureClusterIndex(collection, options: featureOptions, parallel: true) } catch { throw CommandFailure(error) }
    }

    private func options() -> ClusterOptions {
        ClusterOptions(
            radius: radius, extent: extent ?? Double(tileSize), minZoom: minZoom, maxZoom: maxZoom, minPoints: minPoints,
            neighbourSearch: exact ? .supercluster : .grid)
    }

    /// `--bbox`, or the whole world.
    private func view() throws -> BoundingBox {
        try bbox.map { try MapArgument.box($0, option: "--bbox") } ?? .world
    }

    private func parsedTile() throws -> (z: Int, x: Int, y: Int)? {
        try tile.map { try MapArgument.tile($0, option: "--tile") }
    }
}
