import PostgresNIO

/// What went wrong with a dataset's table: the location (without password), what was being
/// done, and the server's own message or the connection's failure, with what to do about it.
public struct FeatureTableError: Error, Sendable, CustomStringConvertible {
    public let description: String
    /// The SQLSTATE of a server error (`42P01` for a missing table), nil otherwise.
    public let sqlState: String?

    /// The connection listening for the table's changes ended.
    public static func stoppedListening(_ location: PostgresLocation) -> FeatureTableError {
        FeatureTableError(location, "the connection listening for changes closed")
    }

    init(_ location: PostgresLocation, _ message: String) {
        description = "\(location): \(message)"
        sqlState = nil
    }

    init(_ location: PostgresLocation, _ what: String, _ error: any Error) {
        var error = error
        if let transaction = error as? PostgresTransactionError {
            error = transaction.closureError ?? transaction.beginError ?? transaction.commitError ?? error
        }
        if let table = error as? FeatureTableError {
            description = table.description
            sqlState = table.sqlState
            return
        }
        guard let psql = error as? PSQLError else {
            description = "\(location): \(what): \(error)"
            sqlState = nil
            return
        }
        let state = psql.serverInfo?[.sqlState]
        sqlState = state
        if let info = psql.serverInfo {
            let message = info[.message] ?? "error"
            let detail = info[.detail].map { " (\($0))" } ?? ""
            let advice: String
            switch state {
            case "42P01": advice = "; create it with mapctl import --postgres URL --table \(location.table) FILE.geojson"
            case "42703": advice = "; the engine reads tables made by mapctl import (object_id, feature, geom, version)"
            case "3D000": advice = "; create the database with createdb \(location.database)"
            case "28P01", "28000": advice = "; check the user and password in the URL"
            default: advice = ""
            }
            description = "\(location): \(what): \(message)\(detail)\(advice)"
        } else {
            switch psql.code {
            case .connectionError, .serverClosedConnection, .uncleanShutdown:
                description = "\(location): \(what): the server does not answer at \(location.host):\(location.port) (is PostgreSQL running and listening there?)"
            default:
                description = "\(location): \(what): \(String(reflecting: psql))"
            }
        }
    }
}
