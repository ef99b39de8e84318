import ArgumentParser

/// A time budget on the command line: `2s`, `1.5s`, `500ms`, `1min`; a bare number is
/// milliseconds (as before units were accepted).
struct TimeLimit: ExpressibleByArgument, CustomStringConvertible {
    let milliseconds: Int

    private static let units: [(suffix: String, factor: Double)] = [("ms", 1), ("min", 60_000), ("s", 1_000)]

    init(milliseconds: Int) { self.milliseconds = milliseconds }

    init(_ duration: Duration) {
        let (seconds, attoseconds) = duration.components
        milliseconds = Int(seconds) * 1_000 + Int(attoseconds / 1_000_000_000_000_000)
    }

    init?(argument: String) {
        let text = argument.trimmingCharacters(in: .whitespaces)
        let unit = Self.units.first { text.hasSuffix($0.suffix) }
        guard let number = Double(text.dropLast(unit?.suffix.count ?? 0).trimmingCharacters(in: .whitespaces)),
              number.isFinite, number > 0 else { return nil }
        let milliseconds = number * (unit?.factor ?? 1)
        guard milliseconds >= 1, milliseconds < 1e12 else { return nil }
        self.milliseconds = Int(milliseconds.rounded())
    }

    var duration: Duration { .milliseconds(milliseconds) }

    var description: String {
        milliseconds % 1_000 == 0 ? "\(milliseconds / 1_000)s" : "\(milliseconds)ms"
    }

    static var defaultCompletionKind: CompletionKind { .default }
}
