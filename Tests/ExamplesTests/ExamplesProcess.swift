import Foundation
import TestSupport

/// Runs the `Examples` executable that `swift build` put beside the test bundle, once, from
/// the package folder (the examples read `Data/`), and keeps its output for every test.
enum ExamplesProcess {
    /// The package's root folder (three levels above this file).
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    struct Run: Sendable {
        var status: Int32
        var lines: [String]
        var standardError: String

        /// The text after `prefix` on every line that starts with it.
        func values(_ prefix: String) -> [String] {
            lines.filter { $0.hasPrefix(prefix) }.map { String($0.dropFirst(prefix.count)) }
        }
    }

    /// One run for all tests (a global is initialised once, thread-safely).
    static let output: Run = {
        let products = Bundle.main.bundleURL
        var executable = products.appendingPathComponent("Examples")
        if !FileManager.default.isExecutableFile(atPath: executable.path) {
            executable = packageRoot.appendingPathComponent(".build/debug/Examples")
        }
        let process = Process()
        process.executableURL = executable
        process.currentDirectoryURL = packageRoot
        let outcome: BoundedRun.Outcome
        do { outcome = try BoundedRun.run(process, limit: 600) } catch {
            return Run(status: -1, lines: [], standardError: "cannot start \(executable.path): \(error)")
        }
        return Run(
            status: outcome.status,
            lines: String(decoding: outcome.output, as: UTF8.self).split(separator: "\n").map(String.init),
            standardError: String(decoding: outcome.errors, as: UTF8.self))
    }()
}
