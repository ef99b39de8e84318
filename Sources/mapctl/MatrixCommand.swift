import ArgumentParser
import Foundation
import MapGeometry
import MapRouting

/// `mapctl matrix`: road distances and durations between places, as JSON.
struct MatrixCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "matrix",
        abstract: "Road distance and duration matrices between Point features.",
        discussion: discussion
    )

    @OptionGroup var roadOptions: RoadOptions

    @Option(help: "The matrices printed: distance, duration or both.")
    var metric: RoadMatrixTable.Measures = .both

    @Option(help: ArgumentHelp("Point features of the rows.", valueName: "file"))
    var sources: String?

    @Option(help: ArgumentHelp("Point features of the columns.", valueName: "file"))
    var targets: String?

    @OptionGroup var outputOptions: OutputOptions

    @Argument(help: "GeoJSON file of Point features (sources and targets), or - for standard input.")
    var points: String?

    func validate() throws {
        guard (points == nil) == (sources != nil && targets != nil), (sources == nil) == (targets == nil) else {
            throw ValidationError("give one points file, or --sources FILE and --targets FILE")
        }
    }

    func run() throws {
        let rows = try places(points ?? sources!)
        let columns = points == nil ? try places(targets!) : rows
        let network = try roadOptions.network()
        let table: RoadMatrixTable
        do { table = try RoadQuerySession(network).matrixTable(sources: rows, targets: columns, measures: metric) } catch {
            throw CommandFailure(error)
        }
        try outputOptions.pretty ? outputOptions.write(json: table.json) : outputOptions.write(table.jsonBytes())
    }

    /// The places of a Point layer, or exit 65 naming the first feature that is not a Point.
    private func places(_ path: String) throws -> [RoadMatrixPlace] {
        let document = try CommandInput.read(path, options: roadOptions.inputLimit.limiting())
        let file = path == "-" ? "standard input" : path
        do {
            let places = try RoadMatrixPlace.places(from: document.features, file: file)
            guard !places.isEmpty else { throw RoadMatrixInputError.noPlaces(file: file) }
            return places
        } catch {
            throw CommandFailure(error)
        }
    }
}

extension RoadMatrixTable.Measures: ExpressibleByArgument {}
