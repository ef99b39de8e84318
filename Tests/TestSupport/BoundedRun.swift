import Foundation

/// Runs a child process to its end within a time limit, draining its output and error pipes at
/// the same time (a child that fills one pipe while the other is read would wait for ever).
/// A child past the limit is killed, so that a hang fails its test instead of the whole run;
/// and a grandchild left holding a pipe open cannot keep the reading going past the child's end.
public enum BoundedRun {
    public struct Outcome {
        /// The exit status, or 128 + the signal that ended the child (as a shell says).
        public var status: Int32
        public var output: Data
        public var errors: Data
        /// The child was killed at the limit.
        public var timedOut: Bool
    }

    /// Starts `process` (its pipes are set here), feeds it `input`, and waits for its end.
    public static func run(_ process: Process, input: Data? = nil, limit: TimeInterval) throws -> Outcome {
        let output = Pipe(), errors = Pipe(), standardInput = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = input == nil ? FileHandle.nullDevice : standardInput
        try process.run()

        let killed = Flag()
        let killer = DispatchWorkItem {
            guard process.isRunning else { return }
            killed.set()
            kill(process.processIdentifier, SIGKILL)
        }
        timers.asyncAfter(deadline: .now() + limit, execute: killer)
        defer { killer.cancel() }

        // Threads of their own for the blocking reads and write: Dispatch's workers and Swift's
        // cooperative threads are few, and shared with what the test waits for.
        let readers = DispatchGroup()
        let outputData = Collected(), errorData = Collected()
        for (pipe, collected) in [(output, outputData), (errors, errorData)] {
            readers.enter()
            Thread {
                while case let chunk = pipe.fileHandleForReading.availableData, !chunk.isEmpty { collected.append(chunk) }
                readers.leave()
            }.start()
        }
        if let input {
            Thread {
                // A child that exits without reading all of it closes the pipe: ignore the error.
                try? standardInput.fileHandleForWriting.write(contentsOf: input)
                try? standardInput.fileHandleForWriting.close()
            }.start()
        }
        // Until killed at the limit; then 10 s more for the kill to land.
        process.waitUntilExit(orKillAfter: limit + 10)
        // Our ends of the pipes are closed here, once read to the end. Foundation keeps them
        // open for as long as it keeps the Process, past this function: 2 descriptors per child
        // stayed open, over 1,300 in a whole test run, and with that many Foundation's own
        // Process.run crashes (it reads /proc/self/fd with a 256-byte over-read, fixed in
        // swift-corelibs-foundation#5472 but not in this toolchain; two CI runs died of it).
        if readers.wait(timeout: .now() + 10) == .success {
            try? output.fileHandleForReading.close()
            try? errors.fileHandleForReading.close()
        }
        let status = process.exit.map { $0.bySignal ? 128 + $0.status : $0.status } ?? -1
        return Outcome(status: status, output: outputData.data, errors: errorData.data, timedOut: killed.isSet)
    }

    /// A serial queue: its timers get a thread even when every worker is busy.
    private static let timers = DispatchQueue(label: "test-support.bounded-run")

    private final class Collected: @unchecked Sendable {
        private let lock = NSLock()
        private var bytes = Data()
        func append(_ chunk: Data) { lock.lock(); bytes.append(chunk); lock.unlock() }
        var data: Data { lock.lock(); defer { lock.unlock() }; return bytes }
    }

    private final class Flag: @unchecked Sendable {
        private let lock = NSLock()
        private var value = false
        func set() { lock.lock(); value = true; lock.unlock() }
        var isSet: Bool { lock.lock(); defer { lock.unlock() }; return value }
    }
}

/// Ends of child processes as the kernel sees them.
///
/// Foundation learns that a child ended through a socket the child holds, and a child spawned
/// at the same moment by another thread can inherit that socket and keep it open: the end then
/// goes unnoticed (`isRunning` stays true, the child a zombie) for as long as that other child
/// lives, and `waitUntilExit()` spins until then. Two tests each waiting so for a server the
/// other one would stop, on Swift's two cooperative threads, waited for ever in a rehearsal. So
/// the tests never call `waitUntilExit()`: they look at /proc, which never misses an end.
extension Process {
    /// The child has ended (Foundation knows, or /proc says it is a zombie). Between
    /// Foundation's reaping and its record neither says so, for an instant.
    public var hasExited: Bool { exit != nil }

    /// How the child ended, once it has: Foundation's record, or the exit code /proc keeps for
    /// a zombie (waitpid's form: the signal in the low bits, else the status above them).
    public var exit: (status: Int32, bySignal: Bool)? {
        if !isRunning { return (terminationStatus, terminationReason == .uncaughtSignal) }
        if let code = zombieStatus { return code & 0x7f != 0 ? (code & 0x7f, true) : ((code >> 8) & 0xff, false) }
        // Gone from /proc but not yet recorded: Foundation is between reaping and recording.
        guard !FileManager.default.fileExists(atPath: "/proc/\(processIdentifier)") else { return nil }
        let deadline = Date().addingTimeInterval(5)
        while isRunning, Date() < deadline { Thread.sleep(forTimeInterval: 0.001) }
        return isRunning ? nil : (terminationStatus, terminationReason == .uncaughtSignal)
    }

    /// The last field of /proc/PID/stat (`exit_code`) when the child is a zombie.
    private var zombieStatus: Int32? {
        guard let stat = try? String(contentsOfFile: "/proc/\(processIdentifier)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")")
        else { return nil }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        guard fields.first == "Z", let code = fields.last.flatMap({ Int32($0.trimmingCharacters(in: .whitespacesAndNewlines)) }) else { return nil }
        return code
    }

    /// Waits up to `seconds` for the child to end, then kills it and waits up to 10 s more;
    /// `false` when it had to be killed.
    @discardableResult
    public func waitUntilExit(orKillAfter seconds: TimeInterval) -> Bool {
        if waitForExit(seconds) { return true }
        kill(processIdentifier, SIGKILL)
        _ = waitForExit(10)
        return false
    }

    private func waitForExit(_ seconds: TimeInterval) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while !hasExited {
            if Date() >= deadline { return false }
            Thread.sleep(forTimeInterval: 0.01)
        }
        return true
    }
}

/// Runs blocking `work` (a child process, a wait) on a thread of its own and awaits it, so that
/// an async test does not hold one of Swift's few cooperative threads, which in-process services
/// and their clients need, while a child runs.
public func offCooperativeThreads<Value: Sendable>(_ work: @escaping @Sendable () throws -> Value) async throws -> Value {
    try await withCheckedThrowingContinuation { continuation in
        Thread { continuation.resume(with: Result { try work() }) }.start()
    }
}
