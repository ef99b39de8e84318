import Foundation
import TestSupport
import Testing

/// Runs the built `mapctl` binary, as a user would.
@Suite("mapctl binary")
struct MapctlBinaryTests {
    @Test func printsVersion() throws {
        let result = try MapctlProcess.run(["--version"])
        #expect(result.status == 0)
        #expect(result.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines) == "0.1.0")
    }
}
