import Foundation

/// One `mapctl` run measured from outside: wall time, the CPU time the command itself used,
/// and its peak memory. The CPU time lets a test tell a command that works too long from one
/// that waited for a core while the rest of a parallel suite ran.
public struct MeasuredRun: Sendable {
    public var status: Int32
    /// What the command wrote to `-o` (its standard output is discarded).
    public var output: Data
    public var standardError: String
    public var peakMegabytes: Double
    /// From start to exit, by the wall clock.
    public var seconds: Double
    /// User and system time of the command (all its threads), from rusage.
    public var cpuSeconds: Double

    /// Runs mapctl with `arguments` and `-o` a temporary file, under a small python3 wrapper
    /// that reads the child's rusage (Foundation's `Process` does not give it).
    public static func mapctl(_ arguments: [String]) throws -> MeasuredRun {
        let script = """
            import resource, subprocess, sys, time
            started = time.monotonic()
            status = subprocess.call(sys.argv[1:], stdout=subprocess.DEVNULL)
            usage = resource.getrusage(resource.RUSAGE_CHILDREN)
            print(status, usage.ru_maxrss, time.monotonic() - started, usage.ru_utime + usage.ru_stime)
            """
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("measured-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: output) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = ["-c", script, MapctlProcess.executable.path] + arguments + ["-o", output]
        process.currentDirectoryURL = MapctlProcess.packageRoot
        let outcome = try BoundedRun.run(process, limit: 600)
        let fields = String(decoding: outcome.output, as: UTF8.self).split(separator: " ")
            .map { String($0).trimmingCharacters(in: .whitespacesAndNewlines) }
        // A report cut short (python3 itself failed) reads as a failed run, not an index out of range.
        let number = { (index: Int) in fields.count > index ? Double(fields[index]) ?? .infinity : .infinity }
        return MeasuredRun(
            status: fields.first.flatMap { Int32($0) } ?? -1,
            output: (try? Data(contentsOf: URL(fileURLWithPath: output))) ?? Data(),
            standardError: String(decoding: outcome.errors, as: UTF8.self),
            peakMegabytes: number(1) / 1024, seconds: number(2), cpuSeconds: number(3))
    }
}
