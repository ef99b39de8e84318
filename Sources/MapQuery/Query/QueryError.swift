/// Why a query was refused: an argument outside what the query can answer.
public struct QueryError: Error, Hashable, Sendable, CustomStringConvertible {
    public let message: String

    public init(_ message: String) { self.message = message }

    public var description: String { message }

    static func radius(_ radius: Double) -> QueryError {
        QueryError("radius \(radius) m is not allowed: give a finite distance of 0 m or more")
    }
}
