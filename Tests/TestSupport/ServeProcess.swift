import Foundation
import Hummingbird
import HummingbirdTesting
import NIOCore

/// A running `mapctl serve` and its port (the process is only started, asked and stopped).
///
/// Requests go through Hummingbird's test client, not URLSession: on Linux, URLSession can stop
/// the whole test process with "Transfer completed, but there's no response" when a server dies
/// in the middle of an answer, which the kill -9 test does on purpose.
public final class ServeProcess: @unchecked Sendable {
    public let process = Process()
    public let port: Int

    /// Starts `mapctl serve --port 0 ARGUMENTS`.
    public convenience init(_ arguments: [String]) throws {
        try self.init(commandLine: ["serve", "--port", "0"] + arguments)
    }

    /// ``init(_:)`` from an async test: the wait for the server runs on a thread of its own.
    public static func start(_ arguments: [String]) async throws -> ServeProcess {
        try await offCooperativeThreads { try ServeProcess(arguments) }
    }

    /// Starts mapctl with these arguments (a `serve` command line) and waits until it listens.
    public init(commandLine arguments: [String]) throws {
        let said = SaidText()
        self.said = said
        process.executableURL = MapctlProcess.executable
        process.arguments = arguments
        process.currentDirectoryURL = MapctlProcess.packageRoot
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        // A server that says nothing for a minute is killed, so that the read below ends.
        let process = self.process
        let watchdog = DispatchWorkItem { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
        DispatchQueue.global().asyncAfter(deadline: .now() + 60, execute: watchdog)
        defer { watchdog.cancel() }
        // The service says its port on standard error once it listens.
        var text = ""
        var found: Int?
        while found == nil {
            let chunk = errors.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            text += String(decoding: chunk, as: UTF8.self)
            if let range = text.range(of: #"listening on http://127\.0\.0\.1:(\d+)"#, options: .regularExpression) {
                found = Int(text[range].split(separator: ":").last!)
            }
        }
        guard let found else { throw ServeProcessError(message: "mapctl serve did not start within 60 s: \(text)") }
        port = found
        // Keep reading what it says, so that a full pipe never stalls the server; the last
        // lines are kept for a test's message.
        said.append(text)
        errors.fileHandleForReading.readabilityHandler = { handle in
            let chunk = handle.availableData
            if chunk.isEmpty { handle.readabilityHandler = nil } else { said.append(String(decoding: chunk, as: UTF8.self)) }
        }
    }

    /// The last 4,000 characters the server wrote on standard error.
    public var standardErrorTail: String { said.text }
    private let said: SaidText

    /// Asks the server over a new loopback connection: status, headers and body text. Throws
    /// when the server is gone or says nothing for a minute.
    public func request(_ method: String, _ path: String, body: String? = nil, headers: HTTPFields = [:]) async throws -> (Int, HTTPFields, String) {
        let (status, fields, bytes) = try await exchange(method, path, body: body, headers: headers)
        return (status, fields, String(buffer: bytes))
    }

    /// The body of a GET, as bytes.
    public func requestData(_ path: String) async throws -> Data {
        Data(try await exchange("GET", path).2.readableBytesView)
    }

    private func exchange(_ method: String, _ path: String, body: String? = nil, headers: HTTPFields = [:]) async throws -> (Int, HTTPFields, ByteBuffer) {
        var fields = headers
        if body != nil, fields[.contentType] == nil { fields[.contentType] = "application/geo+json" }
        guard let method = HTTPRequest.Method(method) else { throw ServeProcessError(message: "bad method \(method)") }
        let response = try await Self.exchange(port: port, method, path, headers: fields, body: body)
        return (Int(response.status.code), response.headers, response.body ?? ByteBuffer())
    }

    /// One request to a server on loopback `port`, over a connection of its own that waits up
    /// to `timeout` for the answer (Hummingbird's test client; see the type's note on URLSession).
    public static func exchange(
        port: Int, _ method: HTTPRequest.Method, _ path: String, headers: HTTPFields, body: String?, timeout: Duration = .seconds(60)
    ) async throws -> TestClient.Response {
        let request = TestClient.Request(path, method: method, authority: "127.0.0.1:\(port)", headers: headers, body: body.map { ByteBuffer(string: $0) })
        return try await TestClient.withClient(host: "127.0.0.1", port: port, configuration: .init(timeout: timeout)) { client in
            try await client.execute(request)
        }
    }

    public func waitUntilReady() async throws {
        for _ in 0..<600 {
            if (try? await request("GET", "/readyz"))?.0 == 200 { return }
            try await Task.sleep(for: .milliseconds(50))
        }
        throw ServeProcessError(message: "not ready within 30 s")
    }

    /// Sends SIGTERM and waits up to `seconds` for the exit; a server still running then is
    /// killed, and `false` says it did not stop by itself.
    @discardableResult
    public func stop(within seconds: TimeInterval = 30) -> Bool {
        process.terminate()
        return process.waitUntilExit(orKillAfter: seconds)
    }
}

/// The tail of what a server says, appended from the pipe's reading thread.
private final class SaidText: @unchecked Sendable {
    private let lock = NSLock()
    private var kept = ""
    func append(_ more: String) {
        lock.lock()
        kept = String((kept + more).suffix(4_000))
        lock.unlock()
    }
    var text: String { lock.lock(); defer { lock.unlock() }; return kept }
}

public struct ServeProcessError: Error, CustomStringConvertible {
    public let message: String
    public var description: String { message }
}
