import ArgumentParser
import MapGeoJSON

/// `--max-input`: the largest input a command reads, in every command that reads GeoJSON.
struct InputLimitOptions: ParsableArguments {
    @Option(name: .customLong("max-input"), help: "Largest input read (bytes, or with a unit: 512MiB, 4GiB, 2GB); larger input, or an endless one such as /dev/zero, is refused.")
    var maxInput = ByteCount.defaultInputLimit

    /// `options` (by default the reader's own) with this limit.
    func limiting(_ options: GeoJSONReader.Options = GeoJSONReader.Options()) -> GeoJSONReader.Options {
        var limited = options
        limited.maxInputBytes = maxInput.bytes
        return limited
    }
}
