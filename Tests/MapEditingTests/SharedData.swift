import Foundation
import Testing
import TestSupport

/// The shared real data and conformance suites in `../shared/data`, seen from the package root.
/// Tests that need them are disabled, with this message, where the folder is absent.
enum SharedData {
    static var root: URL { SharedDataLocation.root }

    static var isAvailable: Bool { SharedDataLocation.isAvailable }

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
