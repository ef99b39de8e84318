import Foundation

/// Runs the `mapctl` executable that `swift build` put next to the test bundle.
public enum MapctlProcess {
    public struct Result {
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

    /// Runs mapctl with `arguments`, feeding `input` on standard input.
    public static func run(_ arguments: [String], input: Data? = nil) throws -> Result {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = packageRoot
        let output = Pipe(), error = Pipe(), standardInput = Pipe()
        process.standardOutput = output
        process.standardError = error
        process.standardInput = standardInput
        try process.run()
        if let input { standardInput.fileHandleForWriting.write(input) }
        try standardInput.fileHandleForWriting.close()
        // Read both pipes before waiting so a large output cannot block the child.
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        let errorData = error.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(
            status: process.terminationStatus,
            standardOutput: String(decoding: outputData, as: UTF8.self),
            standardError: String(decoding: errorData, as: UTF8.self))
    }
}
