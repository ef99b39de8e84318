import ArgumentParser
import MapGeometry

extension UnitSystem: ExpressibleByArgument {}

/// `--units metric|imperial`: how every command that says a distance in words says it
/// (route labels, text directions, measure's added figures). Numbers stay metres.
struct UnitsOptions: ParsableArguments {
    @Option(help: "Distances in words (labels, text) in metric (m, km) or imperial (ft, mi) units.")
    var units: UnitSystem?

    /// The chosen system, metric when none is given.
    var system: UnitSystem { units ?? .metric }
}
