import ArgumentParser
import MapGeoJSON

/// How a command reads its GeoJSON input: `--lenient` and `--max-input`, the same in every
/// command that offers them.
struct ReadingOptions: ParsableArguments {
    @Flag(help: "Skip invalid features (reported on standard error) instead of failing.")
    var lenient = false

    @Option(name: .customLong("max-input"), help: "Largest input read (bytes, or with a unit: 512MiB, 4GiB, 2GB); larger input, or an endless one such as /dev/zero, is refused.")
    var maxInput = ByteCount.defaultInputLimit

    /// The reader's options these give.
    var readerOptions: GeoJSONReader.Options {
        var options = GeoJSONReader.Options()
        options.lenient = lenient
        options.maxInputBytes = maxInput.bytes
        return options
    }
}
