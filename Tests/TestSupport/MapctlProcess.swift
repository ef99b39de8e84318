import Foundation

/// Runs the `mapctl` executable that `swift build` put next to the test bundle.
public enum MapctlProcess {
    public struct Result: Sendable {
        public var status: Int32
        public var standardOutput: String
        public var standardError: String
    }

    /// The package's root folder (three levels above this file).
    public static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    public static var executable: URL {
        // The test bundle lives in the build products folder, beside the mapctl binary.
        let products = Bundle.main.bundleURL
        let candidate = products.appendingPathComponent("mapctl")
        if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        return packageRoot.appendingPathComponent(".build/debug/mapctl")
    }

    /// ``run(_:input:limit:environment:)`` from an async test, on a thread of its own.
    public static func run(_ arguments: [String], input: Data? = nil, limit: TimeInterval = 600) async throws -> Result {
        try await offCooperativeThreads { try run(arguments, input: input, limit: limit) as Result }
    }

    /// Runs mapctl with `arguments`, feeding `input` on standard input, with `environment`
    /// added to the test's own. A run past `limit` seconds is killed and says so on standard error.
    public static func run(
        _ arguments: [String], input: Data? = nil, limit: TimeInterval = 600, environment: [String: String] = [:]
    ) throws -> Result {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = packageRoot
        if !environment.isEmpty { process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 } }
        let outcome = try BoundedRun.run(process, input: input, limit: limit)
        var standardError = String(decoding: outcome.errors, as: UTF8.self)
        if outcome.timedOut { standardError += "\n(test support: mapctl \(arguments.joined(separator: " ")) was killed after \(Int(limit)) s)" }
        return Result(status: outcome.status, standardOutput: String(decoding: outcome.output, as: UTF8.self), standardError: standardError)
    }
}
