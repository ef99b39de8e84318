import ArgumentParser
import MapGeoJSON

/// How a command reads its GeoJSON input: `--lenient` and `--max-input`, the same in every
/// command that offers them.
struct ReadingOptions: ParsableArguments {
    @Flag(help: "Skip invalid features (reported on standard error) instead of failing.")
    var lenient = false

    @OptionGroup var limit: InputLimitOptions

    /// The reader's options these give.
    var readerOptions: GeoJSONReader.Options {
        var options = GeoJSONReader.Options()
        options.lenient = lenient
        return limit.limiting(options)
    }
}
