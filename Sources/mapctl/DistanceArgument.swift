import ArgumentParser
import MapGeometry

/// A distance on the command line: metres, or a number with a unit of `LengthUnit`
/// (`300`, `300m`, `2km`, `1.5mi`, `500ft`), as the service's `radius` with `units`.
struct DistanceArgument: ExpressibleByArgument, CustomStringConvertible {
    let metres: Double
    let description: String

    init?(argument: String) {
        let text = argument.trimmingCharacters(in: .whitespaces)
        // The longest suffix first: "2km" also ends in "m".
        let unit = LengthUnit.allCases.sorted { $0.rawValue.count > $1.rawValue.count }.first { text.hasSuffix($0.rawValue) }
        guard let value = Double(text.dropLast(unit?.rawValue.count ?? 0).trimmingCharacters(in: .whitespaces)),
              !value.isNaN else { return nil }
        metres = (unit ?? .metres).toMetres(value)
        description = argument
    }
}
