import ArgumentParser
import Foundation
import MapGeometry
import MapGeoJSON
import MapViewport

/// `mapctl extents`: the camera ("zoom extents") that shows every feature in the free part
/// of a screen, around its panels.
struct ExtentsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "extents",
        abstract: "Compute the camera (centre, zoom) that shows all features around the screen's panels.",
        discussion: discussion
    )

    @OptionGroup var screen: ScreenFitOptions

    @Flag(help: "Write the visible area as a GeoJSON Feature instead of the camera JSON.")
    var geojson = false

    @OptionGroup var reading: ReadingOptions

    @OptionGroup var outputOptions: OutputOptions

    @Option(help: "Fit this box west,south,east,north instead of a file's features (west > east crosses the antimeridian).")
    var bounds: String?

    @Argument(help: "GeoJSON file, or - for standard input (not with --bounds).")
    var input: String?

    func validate() throws {
        guard (bounds == nil) != (input == nil) else {
            throw ValidationError("give a GeoJSON file or --bounds west,south,east,north, not both")
        }
        _ = try bounds.map { try MapArgument.box($0, option: "--bounds") }
    }

    func run() throws {
        let (viewport, options) = (try screen.viewport(), try screen.fitOptions())
        let fit: CameraFit
        do {
            if let bounds {
                fit = try CameraFit(bounds: try MapArgument.box(bounds, option: "--bounds"), viewport: viewport, options: options)
            } else {
                let document = try CommandInput.read(input ?? "-", reading: reading)
                for warning in document.warnings { CommandOutput.message(warning.description) }
                fit = try CameraFit(geometries: document.features.compactMap(\.geometry), viewport: viewport, options: options)
            }
        } catch let error as CameraFitError {
            switch error {
            case .noData: throw CommandFailure("\(bounds != nil ? "--bounds" : input == nil || input == "-" ? "standard input" : input!): \(error)")
            case .noRoom, .invalidOption: throw CommandFailure("\(error)", status: .usage)
            }
        }
        if !fit.showsAllData {
            CommandOutput.say("warning: the data is wider than the viewport at --min-zoom \(screen.minZoom); part of it is off screen")
        }
        try outputOptions.write { writer in geojson ? writer.encode(fit.feature) : writer.encode(fit.json) }
    }
}

