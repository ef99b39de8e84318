import Foundation

/// Where the tests find the shared real data and conformance suites, decided once for
/// every test target: `MAPENGINE_SHARED_DATA` when set, else `shared/data` beside the
/// package (CI's layout), else two levels up (a git worktree one folder deeper).
public enum SharedDataLocation {
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
}
