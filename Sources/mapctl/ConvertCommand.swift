import ArgumentParser
import Foundation
import MapGeometry
import MapGeoJSON

/// `mapctl convert`: read GeoJSON or GeoJSONSeq, check it strictly, write it normalised.
struct ConvertCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "convert",
        abstract: "Check GeoJSON (or GeoJSONSeq) and write it normalised.",
        discussion: """
            Reads a FeatureCollection, Feature, geometry or GeoJSONSeq (RFC 8142, one feature per \
            record) and writes RFC 7946 GeoJSON: coordinates rounded to --precision decimals, \
            no crs member. Invalid input stops with exit status 65 and a message such as
              objects.geojson:1:48213: features[12].geometry.coordinates[0]: ring is not closed …
            Warnings (ring winding, excessive precision, …) go to standard error. \
            A file is converted feature by feature in two passes (check, then write), so a file \
            larger than memory works and nothing is written unless all of it is valid; standard \
            input is read whole.

            Example:
              mapctl convert --precision 6 --rewind --bbox Data/objects.geojson --output objects.normalised.geojson
              cat places.geojsonl | mapctl convert --lenient - > places.geojson
            """
    )

    @Option(help: "Decimals kept in coordinates (0...15).")
    var precision: Int = 7

    @Flag(help: "Rewind polygon rings to the right-hand rule (exterior counterclockwise, holes clockwise).")
    var rewind = false

    @Flag(name: .customLong("cut-antimeridian"), help: "Split lines and polygons that cross the antimeridian.")
    var cutAntimeridian = false

    @Flag(help: "Write a computed bbox on the collection and on every feature.")
    var bbox = false

    @Flag(help: "Write GeoJSONSeq (RFC 8142): one feature per record instead of a FeatureCollection.")
    var seq = false

    @OptionGroup var reading: ReadingOptions

    @OptionGroup var outputOptions: OutputOptions
    var pretty: Bool { outputOptions.pretty }

    @Argument(help: "GeoJSON file, or - for standard input.")
    var input: String

    func validate() throws {
        guard (0...15).contains(precision) else { throw ValidationError("--precision must be between 0 and 15") }
        if seq && pretty { throw ValidationError("--seq writes one record per line; it cannot be combined with --pretty") }
    }

    func run() throws {
        let readerOptions = reading.readerOptions
        let reader = GeoJSONReader(options: readerOptions)
        var writerOptions = GeoJSONWriter.Options()
        writerOptions.precision = precision
        writerOptions.rewind = rewind
        writerOptions.cutAntimeridian = cutAntimeridian
        writerOptions.bbox = bbox
        writerOptions.pretty = pretty
        let writer = GeoJSONWriter(options: writerOptions)

        if input != "-", try convertInTwoPasses(reader: reader, writer: writer) { return }

        // Standard input (read whole: it cannot be read twice), or a single Feature or geometry.
        let document = try CommandInput.read(input, options: readerOptions)
        report(warnings: document.warnings, skipped: document.skipped)
        try CommandOutput.writing(to: outputOptions.output) { handle in
            if seq {
                var stream = GeoJSONStreamWriter(handle: handle, writer: writer, sequence: true)
                for feature in document.features { try stream.write(feature) }
                try stream.finish()
            } else if case .featureCollection = document.object {
                try writer.write(document.featureCollection, to: handle)
            } else {
                try handle.write(contentsOf: writer.encode(document.object) + (pretty ? [] : [0x0A]))
            }
        }
    }

    /// A file holding a FeatureCollection or a sequence is converted feature by feature in
    /// two passes, so memory stays flat however large the file is: the first pass checks
    /// everything (errors, warnings, skipped features, the collection's bbox and members,
    /// wherever they are written), the second writes. Nothing is written unless the whole
    /// input is valid, and the output is the same as from reading the document whole.
    /// Returns false for a file holding a single Feature or geometry (the caller reads it whole).
    private func convertInTwoPasses(reader: GeoJSONReader, writer: GeoJSONWriter) throws -> Bool {
        var check: GeoJSONFeatureStream
        var extent = DataExtent()
        do {
            check = try reader.featureStream(contentsOfFile: input)
            while let feature = try check.next() {
                if bbox { writer.extend(&extent, with: feature) }
            }
        } catch {
            throw CommandFailure(error)
        }
        guard check.isFeatureCollection || check.isSequence else { return false }
        report(warnings: check.warnings, skipped: check.skipped)
        try CommandOutput.writing(to: outputOptions.output) { handle in
            var stream = GeoJSONStreamWriter(handle: handle, writer: writer, sequence: seq)
            try stream.begin(bbox: bbox ? extent.bounds : check.bbox, foreignMembers: check.foreignMembers)
            // A reading error here means the file changed between the passes.
            var features = try reader.featureStream(contentsOfFile: input)
            while let feature = try features.next() { try stream.write(feature) }
            try stream.finish()
        }
        return true
    }

    private func report(warnings: [GeoJSONWarning], skipped: [SkippedFeature]) {
        for warning in warnings { CommandOutput.message(warning.description) }
        for skipped in skipped { CommandOutput.say("\(skipped)") }
    }
}
