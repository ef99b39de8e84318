import ArgumentParser
import Foundation
import MapGeometry
import MapGeoJSON
import MapRouting

extension DistanceUnits: ExpressibleByArgument {}

/// `mapctl directions`: the shortest road path between two positions, as a GeoJSON Feature.
struct DirectionsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "directions",
        abstract: "Directions along the roads from one position to another.",
        discussion: """
            Builds a routing graph from a road layer (GeoJSON LineStrings with the \
            OSM tags highway, oneway, maxspeed, access, junction, from_node and \
            to_node), or loads one saved with --save-prepared; snaps both positions \
            to the nearest road of the main network; prints the fastest (or \
            shortest) path as a GeoJSON Feature: a LineString along the road \
            vertices with the properties distance_m, duration_s and steps, the \
            turn-by-turn instructions (type, modifier, exit, name, ref, \
            instruction, distance_m, duration_s, location, bearing_before, \
            bearing_after). --steps prints the manoeuvres as a FeatureCollection \
            of Points instead; --format text prints numbered instructions, with \
            distances in --units metric or imperial.

            Examples:
              mapctl directions --roads Data/roads.geojson \\
                --from 24.9384,60.1699 --to 24.9521,60.1675
              mapctl directions --roads roads.geojson --by distance \\
                --from=-0.57,44.84 --to=-0.55,44.85
              cat Data/roads.geojson | mapctl directions --roads - \\
                --from 24.94,60.17 --to 24.95,60.165
              mapctl directions --roads Data/roads.geojson --format text \\
                --units imperial --from 24.9384,60.1699 --to 24.9521,60.1675

            A negative longitude needs the --from=LON,LAT form. A position farther \
            than --max-snap-distance from every road, or two positions no road \
            path joins, stop with exit status 65 and a message naming the position.
            """
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

    @Option(help: "Distances in the text form: metric or imperial.")
    var units: DistanceUnits?

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
        if units != nil && format != .text {
            throw ValidationError("--units sets the distances of --format text; GeoJSON distances are always metres (distance_m)")
        }
    }

    /// The answer's form these options ask for.
    var answerFormat: DirectionsFormat {
        if format == .text { return .text(units ?? .metric) }
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
