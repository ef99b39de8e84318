import ArgumentParser
import Foundation
import MapGeometry
import MapGeoJSON
import MapRouting

/// `mapctl directions`: the shortest road path between two positions, as a GeoJSON Feature.
struct DirectionsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "directions",
        abstract: "Directions along the roads from one position to another.",
        discussion: discussion
    )

    @OptionGroup var roadOptions: RoadOptions

    @Option(help: ArgumentHelp("Start position.", valueName: "lon,lat"))
    var from: String

    @Option(help: ArgumentHelp("Destination.", valueName: "lon,lat"))
    var to: String

    @Option(help: "What the path minimises: time or distance.")
    var by: Metric = .time

    @Flag(help: "Print the manoeuvres as a FeatureCollection of Points, one per step.")
    var steps = false

    @Option(help: "geojson (the path's Feature, or --steps) or text (numbered instructions).")
    var format: Format = .geojson

    @OptionGroup var units: UnitsOptions

    @OptionGroup var outputOptions: OutputOptions

    enum Metric: String, ExpressibleByArgument, CaseIterable {
        case time, distance
    }

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case geojson, text
    }

    func validate() throws {
        _ = try MapArgument.position(from, option: "--from")
        _ = try MapArgument.position(to, option: "--to")
        if steps && format == .text {
            throw ValidationError("--steps gives GeoJSON points; --format text already lists the steps: give one of them")
        }
        if units.units != nil && format != .text {
            throw ValidationError("--units sets the distances of --format text; GeoJSON distances are always metres (distance_m)")
        }
    }

    /// The answer's form these options ask for.
    var answerFormat: DirectionsFormat {
        if format == .text { return .text(units.system) }
        return steps ? .stepPoints : .line
    }

    func run() throws {
        let start = try MapArgument.position(from, option: "--from")
        let end = try MapArgument.position(to, option: "--to")
        let network = try roadOptions.network()
        let bounds = DataExtent(positions: (0..<network.graph.nodeCount).map(network.graph.position(ofNode:))).bounds
        MapArgument.warnIfSwapped(start, option: "--from", data: bounds)
        MapArgument.warnIfSwapped(end, option: "--to", data: bounds)

        let session = RoadQuerySession(network)
        let metric: RoadMetric = by == .time ? .time : .distance
        let path: RoadPath
        do {
            path = try session.directions(from: start, to: end, by: metric, startName: "--from", endName: "--to")
        } catch {
            throw CommandFailure(error)
        }
        try outputOptions.write(path.answer(answerFormat, members: network.sourceMembers, writer: outputOptions.writerOptions))
    }
}
