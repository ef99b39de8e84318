import Foundation
import MapGeometry

/// Where a dataset lives in PostgreSQL: `postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE?table=T`.
/// The table name is checked (letters, digits, `_`, optionally `schema.table`), so it can be
/// quoted into SQL; every value goes to the server as a parameter.
public struct PostgresLocation: Sendable, Hashable, CustomStringConvertible {
    public var host: String
    public var port: Int
    public var user: String
    public var password: String?
    public var database: String
    /// `table` or `schema.table`.
    public var table: String

    /// Reads a `postgres://` (or `postgresql://`) URL; `table` overrides the URL's `?table=`.
    /// - Throws: ``PostgresLocationError`` saying which part is wrong, with an example.
    public init(url: String, table: String? = nil) throws(PostgresLocationError) {
        let example = "postgres://USER@HOST:PORT/DATABASE?table=TABLE"
        guard let schemeEnd = url.range(of: "://"), ["postgres", "postgresql"].contains(url[..<schemeEnd.lowerBound]) else {
            throw PostgresLocationError("\(url): a PostgreSQL location starts with postgres://, e.g. \(example)")
        }
        var rest = Substring(url[schemeEnd.upperBound...])
        var query: Substring = ""
        if let mark = rest.firstIndex(of: "?") {
            query = rest[rest.index(after: mark)...]
            rest = rest[..<mark]
        }
        guard let slash = rest.firstIndex(of: "/") else { throw PostgresLocationError("\(url): name the database after the host, e.g. \(example)") }
        let authority = rest[..<slash]
        database = Self.decoded(rest[rest.index(after: slash)...])
        guard !database.isEmpty else { throw PostgresLocationError("\(url): name the database after the host, e.g. \(example)") }
        var hostPart = authority
        user = "postgres"
        if let at = authority.lastIndex(of: "@") {
            let credentials = authority[..<at]
            hostPart = authority[authority.index(after: at)...]
            if let colon = credentials.firstIndex(of: ":") {
                user = Self.decoded(credentials[..<colon])
                password = Self.decoded(credentials[credentials.index(after: colon)...])
            } else {
                user = Self.decoded(credentials)
            }
        }
        port = 5432
        if let colon = hostPart.lastIndex(of: ":"), !hostPart.hasSuffix("]") {
            guard let number = Int(hostPart[hostPart.index(after: colon)...]), (1...65535).contains(number) else {
                throw PostgresLocationError("\(url): the port must be a number from 1 to 65535")
            }
            port = number
            hostPart = hostPart[..<colon]
        }
        host = String(hostPart.trimmingCharacters(in: ["[", "]"]))
        guard !host.isEmpty else { throw PostgresLocationError("\(url): name the host, e.g. \(example)") }
        var named = table
        for pair in query.split(separator: "&") where pair.hasPrefix("table=") {
            named = named ?? Self.decoded(pair.dropFirst("table=".count))
        }
        guard let named else { throw PostgresLocationError("\(url): name the table, e.g. \(example) or --table TABLE") }
        guard Self.isIdentifier(named) else {
            throw PostgresLocationError("table \(named): use letters, digits and _ (not starting with a digit), or schema.table")
        }
        self.table = named
    }

    /// The table quoted for SQL (`"schema"."table"`).
    public var quotedTable: String { table.split(separator: ".").map { "\"\($0)\"" }.joined(separator: ".") }

    /// A name derived from the table for its index, triggers, functions and channel (`places_geom`).
    func derivedName(_ suffix: String) -> String { nameStem + "_" + suffix }

    /// The table's name as derived names begin (`schema.table` → `schema_table`). PostgreSQL
    /// cuts a name at 63 bytes: the channel would no longer match the trigger's, and two long
    /// tables could share names. So a stem longer than 41 characters, the most the longest
    /// derived name has room for (`mapengine_…_changed`, `…_cells_count_truncated`), is cut to
    /// 32 and followed by a hash of the whole name; shorter names are kept as they always were.
    var nameStem: String {
        let stem = table.replacingOccurrences(of: ".", with: "_")
        guard stem.utf8.count > 41 else { return stem }
        // The same on every machine and run, so every instance finds the same names.
        return stem.prefix(32) + "_" + ContentTag.of(Array(table.utf8)).prefix(8)
    }

    /// The location without its password.
    public var description: String { "postgres://\(user)@\(host):\(port)/\(database)?table=\(table)" }

    private static func isIdentifier(_ name: String) -> Bool {
        let parts = name.split(separator: ".", omittingEmptySubsequences: false)
        return (1...2).contains(parts.count) && parts.allSatisfy { part in
            guard let first = part.first, first == "_" || first.isASCII && first.isLetter, part.count <= 63 else { return false }
            return part.allSatisfy { $0 == "_" || $0.isASCII && ($0.isLetter || $0.isNumber) }
        }
    }

    private static func decoded(_ text: Substring) -> String {
        String(text).removingPercentEncoding ?? String(text)
    }
}

/// A PostgreSQL location that cannot be used, and how to write it.
public struct PostgresLocationError: Error, Hashable, Sendable, CustomStringConvertible {
    public let description: String
    init(_ description: String) { self.description = description }
}
