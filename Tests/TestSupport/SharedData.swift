import Foundation
import Testing

/// The shared real data and conformance suites, located once for every test target:
/// `MAPENGINE_SHARED_DATA` when set, else `shared/data` beside the package (CI's layout),
/// else two levels up (a git worktree one folder deeper). Tests that need them are
/// disabled with ``missingMessage`` where the folder is absent.
public enum SharedData {
    /// The package's root folder.
    public static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The shared data folder; when none exists, the conventional path beside the package,
    /// so that ``isAvailable`` is false and the tests that need it skip.
    public static let root: URL = {
        if let path = ProcessInfo.processInfo.environment["MAPENGINE_SHARED_DATA"] {
            return URL(fileURLWithPath: path)
        }
        let beside = packageRoot.deletingLastPathComponent().appendingPathComponent("shared/data")
        let worktree = packageRoot.deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("shared/data")
        return FileManager.default.fileExists(atPath: beside.path)
            || !FileManager.default.fileExists(atPath: worktree.path) ? beside : worktree
    }()

    /// True when the shared data folder exists.
    public static var isAvailable: Bool { FileManager.default.fileExists(atPath: root.path) }

    public static let missingMessage: Comment =
        "../shared/data is absent (set MAPENGINE_SHARED_DATA to its folder): conformance and real-data tests are skipped"

    /// A file or folder of the shared data, by its path inside it.
    public static func url(_ relativePath: String) -> URL { root.appendingPathComponent(relativePath) }

    /// The bytes of a shared data file.
    public static func data(_ relativePath: String) throws -> Data { try Data(contentsOf: url(relativePath)) }

    /// The bytes of a gzipped shared data file, unpacked by the system's gzip (an independent
    /// reader) within `limit` seconds.
    public static func gunzipped(_ relativePath: String, limit: TimeInterval = 300) throws -> Data {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/gzip")
        process.arguments = ["-dc", url(relativePath).path]
        let outcome = try BoundedRun.run(process, limit: limit)
        guard outcome.status == 0 else {
            throw CocoaError(.fileReadCorruptFile, userInfo: [NSFilePathErrorKey: url(relativePath).path])
        }
        return outcome.output
    }

    /// The records of a JSON Lines file, as dictionaries.
    public static func jsonLines(_ relativePath: String) throws -> [[String: Any]] {
        let text = try String(contentsOf: url(relativePath), encoding: .utf8)
        return try text.split(separator: "\n").map { line in
            try JSONSerialization.jsonObject(with: Data(line.utf8)) as! [String: Any]
        }
    }
}
