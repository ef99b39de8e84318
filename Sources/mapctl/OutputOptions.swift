import ArgumentParser
import MapGeometry

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
