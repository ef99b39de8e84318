import ArgumentParser
import Foundation
import MapGeometry
import MapGeoJSON

/// `mapctl convert`: read GeoJSON or GeoJSONSeq, check it strictly, write it normalised.
struct ConvertCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "convert",
        abstract: "Check GeoJSON (or GeoJSONSeq) and write it normalised.",
        discussion: discussion
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
        var writerOptions = GeoJSONWriter.Options()
        writerOptions.precision = precision
        writerOptions.rewind = rewind
        writerOptions.cutAntimeridian = cutAntimeridian
        writerOptions.bbox = bbox
        writerOptions.pretty = pretty
        let conversion = GeoJSONConversion(
            reader: GeoJSONReader(options: reading.readerOptions), writer: GeoJSONWriter(options: writerOptions), sequence: seq)
        // A file holding a collection or a sequence: in two passes, in flat memory.
        if input != "-" {
            let checked: GeoJSONConversion.CheckedFile?
            do { checked = try conversion.check(contentsOfFile: input) } catch { throw CommandFailure(error) }
            if let checked {
                report(warnings: checked.warnings, skipped: checked.skipped)
                return try CommandOutput.writing(to: outputOptions.output) { handle in try conversion.write(checked, to: handle) }
            }
        }
        // Standard input (read whole: it cannot be read twice), or a single Feature or geometry.
        let document = try CommandInput.read(input, options: conversion.reader.options)
        report(warnings: document.warnings, skipped: document.skipped)
        try CommandOutput.writing(to: outputOptions.output) { handle in try conversion.write(document, to: handle) }
    }

    private func report(warnings: [GeoJSONWarning], skipped: [SkippedFeature]) {
        for warning in warnings { CommandOutput.message(warning.description) }
        for skipped in skipped { CommandOutput.say("\(skipped)") }
    }
}
