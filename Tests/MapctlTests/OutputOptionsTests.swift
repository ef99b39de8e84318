import Foundation
import TestSupport
import Testing

/// Every command takes the same output options: `--pretty` indents the same answer (it parses
/// to the same JSON as the compact one) and `-o` writes it to a file.
@Suite("Output options on every command")
struct OutputOptionsTests {
    @Test("--pretty is the same answer, indented", arguments: [
        ["cluster", "--zoom", "15", "--bbox", "24.93,60.16,24.96,60.18", "Data/objects.geojson"],
        ["convert", "Data/stops.geojson"],
        ["extents", "--device", "ipad", "Data/objects.geojson"],
        ["validate", "Data/drawn.geojson"],
        ["measure", "--lenient", "Data/drawn.geojson"],
        ["query", "--nearest", "3", "--at", "24.94,60.17", "Data/objects.geojson"],
        ["route", "--iterations", "100", "--time-limit", "60s", "Data/stops.geojson"],
        ["directions", "--roads", "Data/roads.geojson", "--from", "24.9384,60.1699", "--to", "24.9521,60.1675"],
    ])
    func pretty(arguments: [String]) throws {
        let compact = try MapctlProcess.run(arguments)
        let pretty = try MapctlProcess.run(arguments + ["--pretty"])
        #expect(pretty.status == compact.status, "\(pretty.standardError)")
        #expect(pretty.standardOutput.contains("\n  "), "not indented")
        let a = try JSONSerialization.jsonObject(with: Data(compact.standardOutput.utf8)) as? NSObject
        let b = try JSONSerialization.jsonObject(with: Data(pretty.standardOutput.utf8)) as? NSObject
        #expect(a != nil && a == b)

        let file = FileManager.default.temporaryDirectory.appendingPathComponent("out-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: file) }
        let written = try MapctlProcess.run(arguments + ["-o", file.path])
        #expect(written.standardOutput.isEmpty)
        #expect(try String(contentsOf: file, encoding: .utf8) == compact.standardOutput)
    }
}
