import Foundation

/// When this process began, on the continuous clock: a command's time budget counts from
/// there, so the 30 ms or so of loading the program before `main` are inside it too.
///
/// Read from Linux's `/proc/self/stat` (start time in clock ticks since boot, usually 10 ms)
/// against the system's uptime; where that is unavailable, the moment this is first read.
enum ProcessStart {
    static let instant: ContinuousClock.Instant = {
        let now = ContinuousClock.now
        guard let age = processAge(), age >= 0, age < 5 else { return now }
        return now - .seconds(age)
    }()

    /// Seconds since the process started, from field 22 of /proc/self/stat.
    private static func processAge() -> Double? {
        guard let stat = try? String(contentsOfFile: "/proc/self/stat", encoding: .utf8),
              let afterName = stat.range(of: ") ", options: .backwards)
        else { return nil }
        // Fields after the command name start at field 3, so field 22 is at index 19.
        let fields = stat[afterName.upperBound...].split(separator: " ")
        guard fields.count > 19, let ticks = Double(fields[19]) else { return nil }
        let ticksPerSecond = Double(sysconf(Int32(_SC_CLK_TCK)))
        guard ticksPerSecond > 0 else { return nil }
        return ProcessInfo.processInfo.systemUptime - ticks / ticksPerSecond
    }
}
