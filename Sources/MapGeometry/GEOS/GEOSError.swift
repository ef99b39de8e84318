/// A failure reported by GEOS, with GEOS's own message.
public struct GEOSError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What the engine asked GEOS to do ("buffer", "read WKT", ...).
    public let operation: String
    /// GEOS's explanation, captured by the context's error handler.
    public let message: String

    public var description: String { "GEOS \(operation) failed: \(message)" }
}
