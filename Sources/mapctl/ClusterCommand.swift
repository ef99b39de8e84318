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
        discussion: discussion
    )

    @OptionGroup var view: ClusterViewOptions
    @OptionGroup var clustering: ClusteringOptions
    @OptionGroup var cluster: ClusterQueryOptions

    @Flag(help: "Print the legend of the view (--zoom, --bbox) instead of the features.")
    var legend = false

    @Option(help: "With --with-legend: flag the marker that shows this object id (itself or its cluster) as selected.")
    var selected: String?

    @Flag(name: .customLong("with-legend"), help: "Add the legend of the view to the features as the member legend (the map service's answer).")
    var withLegend = false

    @OptionGroup var reading: ReadingOptions

    @OptionGroup var outputOptions: OutputOptions

    @Argument(help: "GeoJSON file, or - for standard input.")
    var input: String

    func validate() throws {
        let viewGiven = view.zoom != nil || view.bbox != nil || view.tile != nil
        if cluster.isAsked && (legend || viewGiven) {
            throw ValidationError("--members, --children and --expansion-zoom take a cluster id, not --zoom, --bbox, --tile or --legend")
        }
        if !cluster.isAsked && view.zoom == nil && view.tile == nil {
            throw ValidationError("give --zoom (or --tile z/x/y), e.g. mapctl cluster --zoom 12 Data/objects.geojson")
        }
        if selected != nil && !withLegend { throw ValidationError("--selected goes with --with-legend") }
        if withLegend && (legend || view.tile != nil || cluster.isAsked) { throw ValidationError("--with-legend goes with --zoom (and --bbox)") }
    }

    func run() throws {
        let document = try CommandInput.read(input, reading: reading)
        let options = try clustering.featureOptions(fromZoom: try view.clusteringZoom())
        let index: FeatureClusterIndex
        do { index = try FeatureClusterIndex(document.featureCollection, options: options, parallel: true) } catch {
            throw CommandFailure(error)
        }
        let output = outputOptions
        let writer = GeoJSONWriter(options: output.writerOptions)
        if let answer = try cluster.answer(index, writer: writer) {
            try output.write(answer)
        } else if let (z, x, y) = try view.parsedTile() {
            try output.write(writer.encode(try index.tileFeatures(z: z, x: x, y: y)))
        } else if legend {
            try output.write(json: Legend.json(index.legend(zoom: view.zoom!, in: try view.box())))
        } else if withLegend {
            let row = try selected.map { id throws(CommandFailure) in
                guard let row = document.features.firstIndex(where: { $0.objectID == id }) else {
                    throw CommandFailure("--selected \(id): no object has this id")
                }
                return row
            }
            try output.write(index.viewBytes(zoom: view.zoom!, in: try view.box(), selected: row, parallel: true))
        } else if output.pretty {
            try output.write(writer.encode(index.features(zoom: view.zoom!, in: try view.box())))
        } else {
            // The same bytes, streamed, with single objects' properties copied as they are.
            let box = try view.box()
            try CommandOutput.writing(to: output.output) { handle in
                try index.writeFeatures(zoom: view.zoom!, in: box, parallel: true) { chunk in try handle.write(contentsOf: chunk) }
            }
        }
    }
}
