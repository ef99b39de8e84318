import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A running `mapctl serve` and its port (the process is only started, asked and stopped).
public final class ServeProcess: @unchecked Sendable {
    public let process = Process()
    public let port: Int

    /// Starts `mapctl serve --port 0 ARGUMENTS`.
    public convenience init(_ arguments: [String]) throws {
        try self.init(commandLine: ["serve", "--port", "0"] + arguments)
    }

    /// Starts mapctl with these arguments (a `serve` command line) and waits until it listens.
    public init(commandLine arguments: [String]) throws {
        process.executableURL = MapctlProcess.executable
        process.arguments = arguments
        process.currentDirectoryURL = MapctlProcess.packageRoot
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        // The service says its port on standard error once it listens.
        var text = ""
        let deadline = Date().addingTimeInterval(60)
        var found: Int?
        while found == nil, Date() < deadline, process.isRunning {
            let chunk = errors.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            text += String(decoding: chunk, as: UTF8.self)
            if let range = text.range(of: #"listening on http://127\.0\.0\.1:(\d+)"#, options: .regularExpression) {
                found = Int(text[range].split(separator: ":").last!)
            }
        }
        guard let found else { throw ServeProcessError(message: "mapctl serve did not start: \(text)") }
        port = found
        // Keep reading what it says, so that a full pipe never stalls the server.
        errors.fileHandleForReading.readabilityHandler = { handle in _ = handle.availableData }
    }

    public func request(_ method: String, _ path: String, body: String? = nil, headers: [String: String] = [:]) async throws -> (Int, [AnyHashable: Any], String) {
        var request = URLRequest(url: URL(string: "http://127.0.0.1:\(port)\(path)")!)
        request.httpMethod = method
        if let body {
            request.httpBody = Data(body.utf8)
            request.setValue("application/geo+json", forHTTPHeaderField: "Content-Type")
        }
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        let (data, response) = try await URLSession.shared.data(for: request)
        let http = response as! HTTPURLResponse
        return (http.statusCode, http.allHeaderFields, String(decoding: data, as: UTF8.self))
    }

    /// The body of a GET.
    public func requestData(_ path: String) async throws -> Data {
        let (data, _) = try await URLSession.shared.data(from: URL(string: "http://127.0.0.1:\(port)\(path)")!)
        return data
    }

    public func waitUntilReady() async throws {
        for _ in 0..<600 {
            if (try? await request("GET", "/readyz"))?.0 == 200 { return }
            try await Task.sleep(for: .milliseconds(50))
        }
        throw ServeProcessError(message: "not ready within 30 s")
    }
}

public struct ServeProcessError: Error, CustomStringConvertible {
    public let message: String
    public var description: String { message }
}
