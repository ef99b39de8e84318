import ArgumentParser
import MapGeoJSON

/// Where and how every command writes its answer: `-o FILE` (safely, see ``OutputFile``) or
/// standard output, compact or `--pretty`.
struct OutputOptions: ParsableArguments {
    @Option(name: .shortAndLong, help: "Write to this file instead of standard output.")
    var output: String?

    @Flag(help: "Indent the output.")
    var pretty = false

    /// The writer's options these flags ask for.
    var writerOptions: GeoJSONWriter.Options {
        var options = GeoJSONWriter.Options()
        options.pretty = pretty
        return options
    }
}

extension OutputOptions {
    /// Writes a collection as these options ask.
    func write(_ collection: FeatureCollection) throws(CommandFailure) {
        try CommandOutput.write(collection, to: output, options: writerOptions)
    }

    /// Writes bytes already encoded.
    func write(_ bytes: [UInt8]) throws(CommandFailure) {
        try CommandOutput.write(bytes, to: output)
    }

    /// Writes a JSON value (a camera, a legend, a matrix), compact with a final newline or
    /// indented.
    func write(json value: JSONValue) throws(CommandFailure) {
        try write { writer in writer.encode(value) }
    }

    /// Writes one value `encode` gives with this writer, compact with a final newline or
    /// indented.
    func write(_ encode: (GeoJSONWriter) -> [UInt8]) throws(CommandFailure) {
        try write(encode(GeoJSONWriter(options: writerOptions)) + (pretty ? [] : [0x0A]))
    }
}
