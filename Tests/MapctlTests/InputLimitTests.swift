import Foundation
import TestSupport
import Testing

/// Input that is endless or too large is refused at once with a message, never read until
/// memory runs out (`/dev/zero`, a huge file, `--max-input`).
@Suite("Input limits")
struct InputLimitTests {
    @Test("/dev/zero is refused within 2 s by every command that reads GeoJSON", arguments: [
        ["convert", "/dev/zero"], ["cluster", "--zoom", "3", "/dev/zero"], ["query", "--search", "x", "/dev/zero"],
    ])
    func endlessZeroes(arguments: [String]) throws {
        let start = Date()
        let result = try MapctlProcess.run(arguments)
        #expect(Date().timeIntervalSince(start) < 2)
        #expect(result.status == 66 || result.status == 65)
        #expect(result.standardError.contains("/dev/zero") && result.standardError.contains("NUL"), "\(result.standardError)")
    }

    @Test("text that cannot be JSON on standard input is refused at its first byte")
    func notJSONOnStandardInput() throws {
        let result = try MapctlProcess.run(["convert", "-"], input: Data("hello, world".utf8))
        #expect(result.status != 0)
        #expect(result.standardError.contains("GeoJSON starts with '{'"), "\(result.standardError)")
    }

    @Test("--max-input refuses a larger file and names the limit; a large enough limit reads it")
    func maxInput() throws {
        let refused = try MapctlProcess.run(["convert", "--max-input", "64KiB", "Data/objects.geojson"])
        #expect(refused.status != 0)
        #expect(refused.standardOutput.isEmpty)
        #expect(refused.standardError.contains("larger than the input limit of 65536 bytes"), "\(refused.standardError)")
        let read = try MapctlProcess.run(["convert", "--max-input", "100MB", "Data/objects.geojson"])
        #expect(read.status == 0, "\(read.standardError)")
        let bad = try MapctlProcess.run(["convert", "--max-input", "lots", "Data/objects.geojson"])
        #expect(bad.status == 64)
    }
}
