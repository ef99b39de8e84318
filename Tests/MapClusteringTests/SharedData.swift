import Foundation
import TestSupport

/// Locates `../shared/data` (seen from the package root, or from a worktree one level deeper).
enum SharedData {
    static var packageRoot: URL { SharedDataLocation.packageRoot }

    static var root: URL? { SharedDataLocation.isAvailable ? SharedDataLocation.root : nil }

    static var isAvailable: Bool { SharedDataLocation.isAvailable }
    static let missingMessage = "../shared/data is absent: shared-data tests skipped"

    static func url(_ relative: String) -> URL { root!.appendingPathComponent(relative) }
    static func data(_ relative: String) throws -> Data { try Data(contentsOf: url(relative)) }
}
