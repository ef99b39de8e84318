/// Why a camera fit has no answer, with the numbers that explain it.
public enum CameraFitError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The input holds no position (no feature, or only empty geometries).
    case noData
    /// The insets, padding and marker room leave no free area along one axis.
    /// `axis` is "width" or "height"; `parts` names each amount taken from `size`.
    case noRoom(axis: String, size: Double, parts: [String: Double], free: Double)
    /// An option or viewport value that cannot be used (not finite, negative, out of order).
    case invalidOption(name: String, value: String, expected: String)

    public var description: String {
        switch self {
        case .noData:
            return "no positions to fit: the input has no feature with a non-empty geometry"
        case let .noRoom(axis, size, parts, free):
            let taken = parts.sorted { $0.key < $1.key }
                .map { "\($0.key) \(Self.format($0.value))" }.joined(separator: " + ")
            return "insets leave no room for the data: viewport \(axis) \(Self.format(size)) − (\(taken)) = "
                + "\(Self.format(free)) points; make the viewport larger or the insets, padding or marker smaller"
        case let .invalidOption(name, value, expected):
            return "\(name) is \(value), expected \(expected)"
        }
    }

    /// Shortest exact text of a number: 24 rather than 24.0.
    static func format(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
}
