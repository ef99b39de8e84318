/// A feature's `id`: a string or a number (RFC 7946 §3.2).
///
/// A numeric id keeps the exact text it was read with (`12`, `1.50`,
/// `12345678901234567890`), so it is written back unchanged; identity compares that text.
public enum FeatureIdentifier: Hashable, Sendable, CustomStringConvertible,
    ExpressibleByStringLiteral, ExpressibleByIntegerLiteral {
    case string(String)
    /// The number's JSON text.
    case number(text: String)

    public init(stringLiteral value: String) { self = .string(value) }
    public init(integerLiteral value: Int) { self = .number(text: String(value)) }
    public init(_ value: Int) { self = .number(text: String(value)) }

    /// A numeric id from a `Double`, written in the shortest form that reads back equal.
    public init(_ value: Double) {
        var output = JSONOutput()
        output.writeShortest(value)
        self = .number(text: String(decoding: output.bytes, as: UTF8.self))
    }

    public var stringValue: String? { if case let .string(value) = self { value } else { nil } }

    public var numberValue: Double? { if case let .number(text) = self { Double(text) } else { nil } }

    /// The string itself, or the number's text.
    public var description: String {
        switch self {
        case let .string(value): value
        case let .number(text): text
        }
    }
}
