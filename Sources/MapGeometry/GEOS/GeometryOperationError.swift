/// A geometry operation (validity, buffer, overlay, make-valid, reading WKT/WKB) that the
/// geometry engine could not carry out, with the engine's own message.
public struct GeometryOperationError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What was asked ("buffer", "read WKT", ...).
    public let operation: String
    /// The engine's explanation.
    public let message: String

    public var description: String { "GEOS \(operation) failed: \(message)" }
}
