import Foundation
import TestSupport
import Testing

/// Every `mapctl` command the README shows runs and succeeds on the sample data as written
/// (a cluster id in an example goes stale when the clustering changes).
@Suite("Documented commands run")
struct DocumentedCommandTests {
    /// `mapctl …` command lines: the text after `mapctl`, without a trailing comment or redirect.
    static func commandLines(in text: String) -> [String] {
        var lines: [String] = []
        var inShell = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("```") { inShell = line.hasPrefix("```sh"); continue }
            guard inShell, let range = line.range(of: "mapctl ") else { continue }
            var command = String(line[range.upperBound...])
            for cut in [" #", " > ", " | "] { if let end = command.range(of: cut) { command = String(command[..<end.lowerBound]) } }
            lines.append(command.trimmingCharacters(in: .whitespaces))
        }
        return lines
    }

    /// The documented PostgreSQL location, replaced by the test server's (see ``PostgresServer``).
    static let documentedDatabase = "postgres://postgres@127.0.0.1:5432/maps"

    /// A line with the test server in place of the documented database and the table renamed
    /// to one of this run (the README's lines share it).
    static func onTestDatabase(_ line: String, table: String) throws -> String {
        guard line.contains(documentedDatabase) else { return line }
        return line.replacingOccurrences(of: "'", with: "")
            .replacingOccurrences(of: documentedDatabase, with: try PostgresServer.url())
            .replacingOccurrences(of: "--table objects", with: "--table \(table)")
            .replacingOccurrences(of: "table=objects", with: "table=\(table)")
    }

    static func run(_ line: String) throws -> MapctlProcess.Result {
        let arguments = line.split(separator: " ").map(String.init)
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("documented-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: output) }
        // Outputs go to a scratch file so that a documented `-o` never writes into the repository.
        // import writes into a table, not a file.
        let redirected = arguments.contains("--output") || arguments.contains("-o") || arguments.first == "import"
            ? arguments.map { $0.hasPrefix("/tmp/") ? output : $0 } : arguments + ["-o", output]
        return try MapctlProcess.run(redirected)
    }

    /// A documented `mapctl serve` starts listening (on a free port instead of the documented
    /// one) and stops with exit 0 on SIGTERM.
    static func serves(_ line: String) throws -> String? {
        var arguments = line.split(separator: " ").map(String.init)
        if let port = arguments.firstIndex(of: "--port"), port + 1 < arguments.count { arguments[port + 1] = "0" }
        let server = try ServeProcess(commandLine: arguments)
        let started = Date()
        // A debug build under the whole suite may take long to close a dataset it is still reading.
        guard server.stop(within: 120) else { return "did not stop within 120 s of SIGTERM; it said: \(server.standardErrorTail)" }
        let seconds = Date().timeIntervalSince(started)
        if seconds > 5 { print("mapctl \(line) took \(Int(seconds)) s to stop") }
        guard let exit = server.process.exit, !exit.bySignal, exit.status == 0 else {
            return "ended with \(String(describing: server.process.exit)); it said: \(server.standardErrorTail)"
        }
        return nil
    }

    @Test("README shell commands succeed")
    func readme() throws {
        let readme = try String(contentsOf: MapctlProcess.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let table = PostgresServer.freshTable("readme")
        let lines = try Self.commandLines(in: readme).map { try Self.onTestDatabase($0, table: table) }
        #expect(lines.count >= 20)
        for line in lines {
            if line.hasPrefix("serve ") {
                let failure = try Self.serves(line)
                #expect(failure == nil, "mapctl \(line): \(failure ?? "")")
                continue
            }
            let result = try Self.run(line)
            // validate's documented status 1 means "some drawn objects are invalid", its answer.
            let expected: Set<Int32> = line.hasPrefix("validate") ? [0, 1] : [0]
            #expect(expected.contains(result.status), "mapctl \(line): \(result.standardError)")
        }
    }
}
