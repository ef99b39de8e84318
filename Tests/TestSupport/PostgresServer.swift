import Foundation

/// A PostgreSQL 15 server with PostGIS for the tests: `MAPENGINE_POSTGRES` when set (a
/// `postgres://` URL of a database where the tests may create tables), otherwise a cluster
/// made once per test run in a temporary folder (`initdb`, `pg_ctl start` on a free loopback
/// port; as the `postgres` user when running as root, since PostgreSQL refuses root), stopped
/// when the tests end. Needs Debian's postgresql-15, postgresql-15-postgis-3 and (for the pgRouting reference) postgresql-15-pgrouting.
public enum PostgresServer {
    /// The database URL (without a table), starting the server on first use.
    public static func url() throws -> String { try started.get().url }

    /// ``url()`` from an async test: a first call starts the server on a thread of its own.
    public static func url() async throws -> String { try await offCooperativeThreads { try url() as String } }

    /// A table name no other test uses.
    public static func freshTable(_ prefix: String) -> String {
        "\(prefix)_\(UUID().uuidString.replacingOccurrences(of: "-", with: "").prefix(12).lowercased())"
    }

    /// ``psql(_:url:)`` from an async test, on a thread of its own.
    @discardableResult
    public static func psql(_ sql: String, url given: String? = nil) async throws -> String {
        try await offCooperativeThreads { try psql(sql, url: given) as String }
    }

    /// Runs SQL through psql and returns what it printed (unaligned, tuples only).
    @discardableResult
    public static func psql(_ sql: String, url given: String? = nil) throws -> String {
        let url = try given ?? url()
        return try PythonTools.run("/usr/bin/env", ["psql", url, "-v", "ON_ERROR_STOP=1", "-qAt", "-c", sql])
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// A cluster in a temporary folder.
    public struct LocalCluster: Sendable {
        public let folder: String
        public let port: Int
        /// Its `postgres` database.
        public var url: String { "postgres://postgres@127.0.0.1:\(port)/postgres" }

        /// Stops the server (`pg_ctl stop -m fast`), to test what a service does without it.
        public func stop() throws {
            try PostgresServer.asPostgres([PostgresServer.bin + "/pg_ctl", "-D", folder + "/data", "stop", "-m", "fast", "-w"], detached: true)
        }

        /// Starts it again.
        public func start() throws {
            // The server keeps the descriptors it inherits: give it none to hold open.
            try PostgresServer.asPostgres([PostgresServer.bin + "/pg_ctl", "-D", folder + "/data", "start", "-w", "-l", folder + "/log",
                                           "-o", "-p \(port) -k \(folder) -c listen_addresses=127.0.0.1"], detached: true)
        }

    }

    static let bin = "/usr/lib/postgresql/15/bin"

    private static let started = Result<(url: String, cluster: LocalCluster?), Error> {
        if let given = ProcessInfo.processInfo.environment["MAPENGINE_POSTGRES"], !given.isEmpty { return (given, nil) }
        let cluster = try makeCluster()
        return (cluster.url, cluster)
    }

    /// A new cluster of its own, started, with PostGIS in its `postgres` database (for a test
    /// that stops its server); stopped and removed when the tests end.
    public static func makeCluster() throws -> LocalCluster {
        guard FileManager.default.isExecutableFile(atPath: bin + "/initdb") else {
            throw PythonTools.ToolFailure(message: "PostgreSQL 15 is not installed: apt-get install postgresql-15 postgresql-15-postgis-3 postgresql-15-pgrouting")
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mapengine-pg-\(UUID().uuidString.prefix(8))").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        if getuid() == 0 { try PythonTools.run("/bin/chown", ["postgres:postgres", folder]) }
        try asPostgres([bin + "/initdb", "-D", folder + "/data", "-A", "trust", "-U", "postgres", "--no-sync", "-E", "UTF8"])
        let cluster = LocalCluster(folder: folder, port: freePort())
        try cluster.start()
        cleanup.add(folder)
        try PythonTools.run("/usr/bin/env", ["psql", cluster.url, "-v", "ON_ERROR_STOP=1", "-qc", "CREATE EXTENSION IF NOT EXISTS postgis"])
        return cluster
    }

    private final class Cleanup: @unchecked Sendable {
        private let lock = NSLock()
        private var folders: [String] = []
        func add(_ folder: String) {
            lock.lock()
            if folders.isEmpty { atexit { PostgresServer.stopAtExit() } }
            folders.append(folder)
            lock.unlock()
        }
        var all: [String] { lock.lock(); defer { lock.unlock() }; return folders }
    }
    private static let cleanup = Cleanup()

    /// Stops every cluster with SIGQUIT, PostgreSQL's immediate shutdown, sent straight to its
    /// postmaster: a handler run by `exit` starts no process (Foundation's Process needs threads
    /// and run loops that may be gone by then, and a wait that never ends would hang the run).
    static func stopAtExit() {
        for folder in cleanup.all {
            if let text = try? String(contentsOfFile: folder + "/data/postmaster.pid", encoding: .utf8),
               let pid = text.split(separator: "\n").first.flatMap({ pid_t($0) }), pid > 1 {
                kill(pid, SIGQUIT)
                for _ in 0..<100 where kill(pid, 0) == 0 { usleep(50_000) }
            }
            try? FileManager.default.removeItem(atPath: folder)
        }
    }

    /// Runs a PostgreSQL program, as the `postgres` user when this process is root. `detached`:
    /// its output goes nowhere (a server it starts would hold a pipe open), only its status counts.
    static func asPostgres(_ command: [String], detached: Bool = false) throws {
        let full = getuid() == 0 ? ["/usr/sbin/runuser", "-u", "postgres", "--"] + command : command
        guard detached else {
            try PythonTools.run(full[0], Array(full.dropFirst()))
            return
        }
        // Foundation's Process watches its child through a descriptor the child inherits; a
        // server started from it would hold that open and the wait would never end. bash closes
        // every descriptor above 2 first.
        let quoted = full.map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }.joined(separator: " ")
        let script = "for fd in $(ls /proc/$$/fd); do [ \"$fd\" -gt 2 ] && eval \"exec $fd>&-\"; done; exec \(quoted)"
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["-c", script]
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit(orKillAfter: 120)
        guard let exit = process.exit, !exit.bySignal, exit.status == 0 else {
            throw PythonTools.ToolFailure(message: "\(full.joined(separator: " ")) failed: \(String(describing: process.exit))")
        }
    }

    /// A loopback port nothing listens on now.
    static func freePort() -> Int {
        let socket = Foundation.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(socket) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socket, $0, length) } }
        _ = withUnsafeMutablePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(socket, $0, &length) } }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}
