import Foundation

/// Runs a child process to its end within a time limit, draining its output and error pipes at
/// the same time (a child that fills one pipe while the other is read would wait for ever).
/// A child past the limit is killed, so that a hang fails its test instead of the whole run;
/// and a grandchild left holding a pipe open cannot keep the reading going past the child's end.
public enum BoundedRun {
    public struct Outcome {
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
        process.waitUntilExit()
        _ = readers.wait(timeout: .now() + 10)
        return Outcome(status: process.terminationStatus, output: outputData.data, errors: errorData.data, timedOut: killed.isSet)
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

extension Process {
    /// Waits up to `seconds` for the process to end, then kills it; `false` when it had to.
    @discardableResult
    public func waitUntilExit(orKillAfter seconds: TimeInterval) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while isRunning, Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
        let endedByItself = !isRunning
        if !endedByItself { kill(processIdentifier, SIGKILL) }
        waitUntilExit()
        return endedByItself
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
