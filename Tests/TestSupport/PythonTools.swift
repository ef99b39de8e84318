import Foundation

/// The independent Python clients the service tests use (schemathesis, mapbox-vector-tile,
/// geographiclib, selenium), in a virtual environment inside the build folders, installed from
/// PyPI on first use; a test fails, not skips, when PyPI cannot be reached.
public enum PythonTools {
    static let environment = MapctlProcess.packageRoot.appendingPathComponent(".build-venv")
    static let packages = ["schemathesis==4.32.5", "mapbox-vector-tile==2.2.0", "geographiclib==2.0", "selenium==4.51.0"]

    /// ``program(_:)`` from an async test: a first call installs on a thread of its own.
    public static func program(_ name: String) async throws -> String {
        try await offCooperativeThreads { try program(name) as String }
    }

    /// A program of the environment (`python`, `schemathesis`), installing the tools first.
    /// Tests run in parallel; a static `let` installs once (Swift initialises it under a lock),
    /// where two `python3 -m venv` into one folder break each other.
    public static func program(_ name: String) throws -> String {
        try installation.get()
        return environment.appendingPathComponent("bin/\(name)").path
    }

    private static let installation = Result<Void, Error> {
        let python = environment.appendingPathComponent("bin/python").path
        let check = "import schemathesis, mapbox_vector_tile, geographiclib, selenium"
        if (try? run(python, ["-c", check])) != nil { return }
        try run("/usr/bin/env", ["python3", "-m", "venv", environment.path])
        try run(environment.appendingPathComponent("bin/pip").path, ["install", "--quiet"] + packages)
    }

    /// ``run(_:_:in:limit:)`` from an async test, on a thread of its own.
    @discardableResult
    public static func run(_ executable: String, _ arguments: [String], in folder: URL? = nil, limit: TimeInterval = 900) async throws -> String {
        try await offCooperativeThreads { try run(executable, arguments, in: folder, limit: limit) as String }
    }

    /// Runs a program to its end and returns its standard output; a non-zero exit, or a run
    /// past `limit` seconds (killed then), throws with everything it printed.
    @discardableResult
    public static func run(_ executable: String, _ arguments: [String], in folder: URL? = nil, limit: TimeInterval = 900) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if let folder { process.currentDirectoryURL = folder }
        let outcome = try BoundedRun.run(process, limit: limit)
        let output = String(decoding: outcome.output, as: UTF8.self)
        let text = output + String(decoding: outcome.errors, as: UTF8.self)
        if outcome.timedOut { throw ToolFailure(message: "\(executable) \(arguments.joined(separator: " ")) was killed after \(Int(limit)) s:\n\(text)") }
        guard outcome.status == 0 else { throw ToolFailure(message: "\(executable) \(arguments.joined(separator: " ")):\n\(text)") }
        return output
    }

    /// A new empty folder for one test's files.
    public static func scratchFolder(_ prefix: String) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    /// A tool that ended with an error, and what it printed.
    public struct ToolFailure: Error, CustomStringConvertible {
        public let message: String
        public var description: String { message }
    }
}
