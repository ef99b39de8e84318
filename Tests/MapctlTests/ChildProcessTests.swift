import Foundation
import TestSupport
import Testing

/// The tests' way of running a child (``BoundedRun``) leaves nothing open behind it: with about
/// 1,300 descriptors open, Foundation's `Process.run` on this toolchain reads past the end of
/// its /proc/self/fd listing and crashes the test process (swift-corelibs-foundation#5472).
@Suite("Child processes of the tests")
struct ChildProcessTests {
    @Test("the pipes a child wrote its output and errors into are closed once it has ended")
    func pipesAreClosed() throws {
        let child = Process()
        child.executableURL = URL(fileURLWithPath: "/bin/sh")
        // The child names its own standard output and error: the pipes this process reads.
        child.arguments = ["-c", "readlink /proc/self/fd/1; readlink /proc/self/fd/2 >&2"]
        let outcome = try BoundedRun.run(child, limit: 60)
        let pipes = [outcome.output, outcome.errors].map { String(decoding: $0, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines) }
        #expect(outcome.status == 0 && pipes.allSatisfy { $0.hasPrefix("pipe:[") }, "\(pipes)")
        // Descriptors other tests open meanwhile are other pipes: only these two are looked for.
        let open = try FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").compactMap {
            try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/" + $0)
        }
        for pipe in pipes { #expect(!open.contains(pipe), "\(pipe) is still open") }
    }
}
