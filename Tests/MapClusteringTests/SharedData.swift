import Foundation

/// Locates `../shared/data` (seen from the package root, or from a worktree one level deeper).
enum SharedData {
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static let root: URL? = {
        for relative in ["../shared/data", "../../shared/data"] {
            let url = packageRoot.appendingPathComponent(relative).standardizedFileURL
            if FileManager.default.fileExists(atPath: url.path) { return url }
        }
        return nil
    }()

    static var isAvailable: Bool { root != nil }
    static let missingMessage = "../shared/data is absent: shared-data tests skipped"

    static func url(_ relative: String) -> URL { root!.appendingPathComponent(relative) }
    static func data(_ relative: String) throws -> Data { try Data(contentsOf: url(relative)) }
}
