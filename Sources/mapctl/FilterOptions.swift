import ArgumentParser
import MapQuery

/// Which features take part in a command's answer: `--layers`, `--layer-key`,
/// `--keep-unlayered` and `--where`, read the same way by every command.
struct FilterOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Only these layers (comma separated values of --layer-key).", valueName: "a,b"))
    var layers: String?

    @Option(name: .customLong("layer-key"), help: "The property that names a feature's layer.")
    var layerKey = "type"

    @Flag(name: .customLong("keep-unlayered"), help: "With --layers: also keep features without the layer property.")
    var keepUnlayered = false

    @Option(name: .customLong("where"), help: ArgumentHelp("Only features whose property KEY has VALUE (repeatable).", valueName: "KEY=VALUE"))
    var conditions: [String] = []

    func validate() throws {
        if keepUnlayered && layers == nil { throw ValidationError("--keep-unlayered goes with --layers") }
        _ = try filters()
    }

    /// One filter for each option given.
    func filters() throws -> [FeatureFilter] {
        var filters: [FeatureFilter] = []
        if let layers {
            filters.append(.layers(Set(layers.split(separator: ",").map(String.init)), key: layerKey, keepingUnlayered: keepUnlayered))
        }
        for condition in conditions {
            do { filters.append(try FeatureFilter.parse(condition)) } catch { throw ValidationError("--where \(error)") }
        }
        return filters
    }

    /// Features passing every one of `filters`.
    static func all(_ filters: [FeatureFilter]) -> FeatureFilter {
        filters.isEmpty ? .everything : filters.count == 1 ? filters[0] : .all(filters)
    }
}
