import ArgumentParser
import MapGeoJSON

/// A size on the command line: bytes, or a number with a unit (`KB`, `MB`, `GB` in powers of
/// 1,000; `KiB`, `MiB`, `GiB` in powers of 1,024), e.g. `--max-input 512MiB`.
struct ByteCount: ExpressibleByArgument, CustomStringConvertible {
    let bytes: Int

    /// The reader's default input limit (4 GiB).
    static let defaultInputLimit = ByteCount(bytes: GeoJSONReader.Options().maxInputBytes)

    private static let units: [(suffix: String, factor: Int)] = [
        ("KiB", 1 << 10), ("MiB", 1 << 20), ("GiB", 1 << 30), ("TiB", 1 << 40),
        ("KB", 1_000), ("MB", 1_000_000), ("GB", 1_000_000_000), ("TB", 1_000_000_000_000), ("B", 1),
    ]

    init(bytes: Int) { self.bytes = bytes }

    init?(argument: String) {
        let unit = Self.units.first { argument.hasSuffix($0.suffix) }
        let number = Double(argument.dropLast(unit?.suffix.count ?? 0))
        guard let number, number.isFinite, number > 0, number * Double(unit?.factor ?? 1) < 9e18 else { return nil }
        bytes = Int(number * Double(unit?.factor ?? 1))
    }

    var description: String {
        if bytes % (1 << 30) == 0 { return "\(bytes >> 30)GiB" }
        if bytes % (1 << 20) == 0 { return "\(bytes >> 20)MiB" }
        return "\(bytes)"
    }

    static var defaultCompletionKind: CompletionKind { .default }
}
