import Foundation
import Testing

/// The shared real data and conformance suites in `../shared/data`, seen from the package root.
/// Tests that need them are disabled, with this message, where the folder is absent.
enum SharedData {
    /// `../shared/data` from the package root; a git worktree one level deeper
    /// (`/work/wt/<name>`) finds it at `../../shared/data`.
    static let root: URL = {
        let packageRoot = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let beside = packageRoot.deletingLastPathComponent().appendingPathComponent("shared/data")
        let above = packageRoot.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("shared/data")
        return FileManager.default.fileExists(atPath: beside.path) || !FileManager.default.fileExists(atPath: above.path)
            ? beside : above
    }()

    static var isAvailable: Bool { FileManager.default.fileExists(atPath: root.path) }

    static let missingMessage: Comment = "../shared/data is absent: conformance and real-data tests are skipped"

    static func url(_ relativePath: String) -> URL { root.appendingPathComponent(relativePath) }

    /// The records of a JSON Lines file, as dictionaries.
    static func jsonLines(_ relativePath: String) throws -> [[String: Any]] {
        let text = try String(contentsOf: url(relativePath), encoding: .utf8)
        return try text.split(separator: "\n").map { line in
            try JSONSerialization.jsonObject(with: Data(line.utf8)) as! [String: Any]
        }
    }
}
