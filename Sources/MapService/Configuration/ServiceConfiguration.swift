import Foundation
import MapPostgres

/// How a map service runs: where it listens, what it serves and the bounds of a request.
public struct ServiceConfiguration: Sendable {
    /// The address to listen on; loopback by default, so a service is not exposed by accident.
    public var host: String
    /// The port (0: any free port, reported once listening).
    public var port: Int
    /// The datasets, by name.
    public var datasets: [DatasetSource]
    /// Road networks for directions and fleet costs, by name (`--roads NAME=FILE`): a GeoJSON
    /// road layer or a prepared network.
    public var roads: [DatasetSource]
    /// Colours, titles and symbols per type (the `--style` file's path), or the default palette.
    public var stylePath: String?
    /// The largest request body accepted (413 above).
    public var maxBodyBytes: Int
    /// A request still running after this is cancelled and answered 503 with `Retry-After`.
    public var requestTimeout: Duration
    /// The longest a route or fleet request may search, whatever it asks for.
    public var maxRouteTime: Duration
    /// Origins allowed to call the service from a browser (CORS); empty: none.
    public var corsOrigins: [String]

    public init(
        host: String = "127.0.0.1", port: Int = 8080, datasets: [DatasetSource] = [], roads: [DatasetSource] = [], stylePath: String? = nil,
        maxBodyBytes: Int = 16 << 20, requestTimeout: Duration = .seconds(10), maxRouteTime: Duration = .seconds(5),
        corsOrigins: [String] = []
    ) {
        self.host = host
        self.port = port
        self.datasets = datasets
        self.roads = roads
        self.stylePath = stylePath
        self.maxBodyBytes = maxBodyBytes
        self.requestTimeout = requestTimeout
        self.maxRouteTime = maxRouteTime
        self.corsOrigins = corsOrigins
    }
}

/// A dataset (or road network) to serve: a file or a PostGIS table, and the name it is served under.
public struct DatasetSource: Hashable, Sendable {
    /// The name in paths (`/datasets/{name}/…`).
    public var name: String
    /// The GeoJSON file; accepted edits are written back to it. For a table, its location as text.
    public var path: String
    /// The PostGIS table the dataset lives in (read at start, kept in step by the table's
    /// notifications, edits saved into it), nil for a file.
    public var table: PostgresLocation?
    /// For a table: whether its objects are held in memory or answered by the database
    /// (`?serve=memory|database`; by default, by the table's size).
    public var serving: TableServing = .automatic

    public init(name: String, path: String) {
        self.name = name
        self.path = path
    }

    /// `NAME=FILE.geojson`, a file whose stem is the name (`Data/objects.geojson` → `objects`),
    /// or `[NAME=]postgres://USER@HOST:PORT/DB?table=T` (the name defaults to the table's).
    /// - Throws: ``DatasetSourceError`` for an empty name or path, a name that is not a path
    ///   segment (letters, digits, `-`, `_`, `.`), or a PostgreSQL location that cannot be used.
    public init(argument: String) throws(DatasetSourceError) {
        let tablePrefixes = ["postgres://", "postgresql://"]
        if let url = tablePrefixes.contains(where: argument.hasPrefix) ? argument : tablePrefixes.compactMap({ prefix in
            argument.range(of: "=" + prefix).map { String(argument[argument.index(after: $0.lowerBound)...]) } }).first
        {
            do { table = try PostgresLocation(url: url) } catch { throw DatasetSourceError("\(error)") }
            serving = try TableServing(url: url)
            path = table!.description
            name = url == argument ? table!.table.replacingOccurrences(of: ".", with: "_") : String(argument.prefix(argument.count - url.count - 1))
        } else if let equals = argument.firstIndex(of: "="), !argument.hasPrefix("/") {
            name = String(argument[..<equals])
            path = String(argument[argument.index(after: equals)...])
        } else {
            path = argument
            name = URL(fileURLWithPath: argument).deletingPathExtension().lastPathComponent
        }
        guard !path.isEmpty else { throw DatasetSourceError("dataset '\(argument)' names no file; give NAME=FILE.geojson or a file") }
        let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_.")
        guard !name.isEmpty, name.allSatisfy(allowed.contains) else {
            throw DatasetSourceError("dataset name '\(name)' must be letters, digits, '-', '_' or '.' (it is a path segment); give NAME=FILE.geojson")
        }
    }
}

/// How a table's dataset is served: its objects held and indexed in memory (every answer of a
/// file), or answered by the database for a table too large for one process (grid clusters,
/// near, nearest, objects and edits; see `TableCells`).
public enum TableServing: String, Sendable, Hashable, CaseIterable {
    /// In memory up to ``memoryLimit`` objects, by the database above.
    case automatic = "auto"
    case memory
    case database

    /// Objects a table may hold to be served from memory by default: about 1.1 GB served (the
    /// 234,908 GeoNames places take 255 MB, measured with the release build).
    public static let memoryLimit = 1_000_000

    /// The URL's `serve=` (auto when absent).
    init(url: String) throws(DatasetSourceError) {
        guard let query = url.split(separator: "?", maxSplits: 1).dropFirst().first else { self = .automatic; return }
        var serving = TableServing.automatic
        for pair in query.split(separator: "&") where pair.hasPrefix("serve=") {
            let value = String(pair.dropFirst("serve=".count))
            guard let named = TableServing(rawValue: value) else {
                throw DatasetSourceError("\(url): serve=\(value) is not a way to serve a table; give serve=memory, serve=database or serve=auto")
            }
            serving = named
        }
        self = serving
    }
}

/// A dataset argument that cannot be served.
public struct DatasetSourceError: Error, Hashable, Sendable, CustomStringConvertible {
    public let description: String
    init(_ description: String) { self.description = description }
}
