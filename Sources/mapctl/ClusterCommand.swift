import ArgumentParser
import Foundation
import MapClustering
import MapGeometry

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

    @Option(help: ArgumentHelp("Cluster and show only these layers (comma separated values of --layer-key).", valueName: "a,b"))
    var layers: String?

    @Option(name: .customLong("layer-key"), help: "The property that names a feature's layer.")
    var layerKey = "type"

    @Option(name: .customLong("where"), help: ArgumentHelp("Cluster and show only features whose property KEY has VALUE (repeatable).", valueName: "KEY=VALUE"))
    var conditions: [String] = []

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
    var output: String? { outputOptions.output }
    var pretty: Bool { outputOptions.pretty }

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
        _ = try parsedBox()
        _ = try parsedTile()
        _ = try filter()
        do { try options().validate() } catch { throw ValidationError("\(error)") }
    }

    func run() throws {
        let style: ClusterStyle
        if let path = self.style {
            do { style = try ClusterStyle(contentsOf: URL(fileURLWithPath: path)) } catch {
                fail("\(error)", status: FileManager.default.isReadableFile(atPath: path) ? 65 : 66)
            }
        } else {
            style = ClusterStyle()
        }
        var readerOptions = GeoJSONReader.Options()
        readerOptions.lenient = false
        let reader = GeoJSONReader(options: readerOptions)
        let document: GeoJSONDocument
        do {
            document = input == "-" ? try reader.readStandardInput() : try reader.read(contentsOfFile: input)
        } catch {
            fail("\(error)", status: error.kind == .fileNotFound || error.kind == .unreadable ? 66 : 65)
        }
        // A view at zoom Z shows markers made at Z or above, and their ids, children and
        // expansion zooms come from the zooms above too: the zooms below Z need no clustering.
        var clusterOptions = options()
        if let z = try parsedTile()?.0 ?? zoom.map({ Int($0.rounded(.down)) }) {
            clusterOptions.minZoom = max(clusterOptions.minZoom, min(z, clusterOptions.maxZoom))
        }
        let featureOptions = FeatureClusterOptions(
            cluster: clusterOptions, grouping: groupBy.map { .property($0) } ?? .none, measures: measures,
            clusterShapes: clusterShapes, style: style, filter: try filter())
        let index: FeatureClusterIndex
        do { index = try FeatureClusterIndex(document.featureCollection, options: featureOptions, parallel: true) } catch {
            fail("\(error)", status: 65)
        }

        var writerOptions = GeoJSONWriter.Options()
        writerOptions.pretty = pretty
        let writer = GeoJSONWriter(options: writerOptions)
        do {
            if let id = members {
                write(writer.encode(try index.memberPage(of: id, limit: limit, offset: offset)))
            } else if let id = children {
                write(writer.encode(try index.children(of: id)))
            } else if let id = expansionZoom {
                write(GeoJSONWriter().encode(try index.expansionZoomJSON(of: id)) + [0x0A])
            } else if let (z, x, y) = try parsedTile() {
                write(writer.encode(try index.tileFeatures(z: z, x: x, y: y)))
            } else if legend {
                write(try legendJSON(index.legend(zoom: zoom!, in: parsedBox() ?? .world)))
            } else if withLegend {
                var row: Int?
                if let selected {
                    guard let found = document.features.firstIndex(where: { $0.objectID == selected }) else {
                        fail("--selected \(selected): no object has this id", status: 65)
                    }
                    row = found
                }
                write(index.viewBytes(zoom: zoom!, in: try parsedBox() ?? .world, selected: row, parallel: true))
            } else if pretty {
                write(writer.encode(index.features(zoom: zoom!, in: try parsedBox() ?? .world)))
            } else {
                // The same bytes, streamed, with single objects' properties copied as they are.
                let file = try CommandOutput.open(output, command: "cluster")
                let handle = file?.handle ?? FileHandle.standardOutput
                do {
                    try index.writeFeatures(zoom: zoom!, in: try parsedBox() ?? .world, parallel: true) { chunk in
                        try handle.write(contentsOf: chunk)
                    }
                    try file?.commit()
                } catch let error as ClusterError {
                    throw error
                } catch {
                    fail("cannot write \(output ?? "standard output"): \(error)", status: 74)
                }
            }
        } catch let error as ClusterError {
            if case .unknownCluster = error { fail("\(error)", status: 64) }
            fail("\(error)", status: 65)
        }
    }

    private func options() -> ClusterOptions {
        ClusterOptions(
            radius: radius, extent: extent ?? Double(tileSize), minZoom: minZoom, maxZoom: maxZoom, minPoints: minPoints,
            neighbourSearch: exact ? .supercluster : .grid)
    }

    /// The features that take part: --layers and every --where.
    private func filter() throws -> FeatureFilter {
        var filters: [FeatureFilter] = []
        if let layers {
            filters.append(.oneOf(layerKey, Set(layers.split(separator: ",").map(String.init))))
        }
        for condition in conditions {
            do { filters.append(try FeatureFilter.parse(condition)) } catch {
                throw ValidationError("--where \(error)")
            }
        }
        return filters.isEmpty ? .everything : .all(filters)
    }

    private func parsedBox() throws -> BoundingBox? {
        guard let bbox else { return nil }
        do { return try BoundingBox(westSouthEastNorth: bbox) } catch { throw ValidationError("--bbox \(error)") }
    }

    private func parsedTile() throws -> (Int, Int, Int)? {
        guard let tile else { return nil }
        let parts = tile.split(separator: "/").map { Int($0) }
        guard parts.count == 3, let z = parts[0], let x = parts[1], let y = parts[2] else {
            throw ValidationError("--tile must be z/x/y, e.g. 12/2331/1185; got \(tile)")
        }
        do { _ = try Tile(x: x, y: y, z: z) } catch { throw ValidationError("--tile \(tile): \(error)") }
        return (z, x, y)
    }

    private func legendJSON(_ entries: [LegendEntry]) throws -> [UInt8] {
        var options = GeoJSONWriter.Options()
        options.pretty = pretty
        var bytes = GeoJSONWriter(options: options).encode(Legend.json(entries))
        if !pretty { bytes.append(0x0A) }
        return bytes
    }

    private func write(_ bytes: [UInt8]) {
        do { try CommandOutput.write(bytes, to: output, command: "cluster") } catch {
            Foundation.exit(74)
        }
    }

    private func fail(_ message: String, status: Int32) -> Never {
        FileHandle.standardError.write(Data("mapctl cluster: \(message)\n".utf8))
        Foundation.exit(status)
    }
}
