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

    /// The README's completion line: every shell's script names every command.
    @Test(arguments: ["bash", "zsh", "fish"])
    func completionScriptNamesEveryCommand(shell: String) throws {
        let result = try MapctlProcess.run(["--generate-completion-script", shell])
        #expect(result.status == 0, "\(result.standardError)")
        for command in ["cluster", "convert", "extents", "validate", "import", "export", "measure", "query", "route", "directions", "matrix", "serve"] {
            #expect(result.standardOutput.contains(command), "\(shell) completion lacks \(command)")
        }
    }
}
