import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Why an output file could not be opened, written or put in place.
public struct OutputFileError: Error, CustomStringConvertible, Sendable {
    /// The path as given, and what went wrong there.
    public let path: String
    public let message: String

    public var description: String { "cannot write \(path): \(message)" }
}

/// Where a command's output goes, written so that no data is ever lost.
///
/// - A regular file (or a new one) is written to a temporary file in the same folder, flushed
///   to disk and renamed over the target only once everything is written (``commit()``), with
///   the target's permissions. A crash, `kill -9` or a full disk leaves the old file whole, and
///   a command whose output is its own input reads the old file to the end while it writes.
/// - A device (`/dev/null`, `/dev/stdout`) or a FIFO is written through and never replaced; a
///   FIFO that no process reads is refused after 5 seconds instead of hanging.
/// - A symbolic link is followed, as `cp` does: its target gets the output, the link stays.
/// - A directory is refused.
public final class OutputFile {
    /// The handle to write the output to.
    public let handle: FileHandle
    private let path: String
    /// For a regular file: the temporary file and the final path; nil when written through.
    private let replacement: (temporary: String, target: String)?

    /// How long a FIFO without a reader is waited for.
    public static let readerWait: Duration = .seconds(5)

    /// Opens `path` for writing as described above.
    public init(path: String) throws(OutputFileError) {
        self.path = path
        let target = try Self.resolvedTarget(path)
        var status = stat()
        let exists = stat(target, &status) == 0
        let kind = status.st_mode & S_IFMT
        if exists && kind == S_IFDIR {
            throw OutputFileError(path: path, message: "is a directory; give a file name, e.g. \(path)/out.geojson")
        }
        if exists && kind != S_IFREG {
            handle = FileHandle(fileDescriptor: try Self.openThrough(target, isFIFO: kind == S_IFIFO, path: path), closeOnDealloc: true)
            replacement = nil
            return
        }
        let folder = (target as NSString).deletingLastPathComponent
        var template = Array(((folder.isEmpty ? "." : folder) + "/." + (target as NSString).lastPathComponent + ".mapctl-XXXXXX").utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else { throw OutputFileError(path: path, message: Self.reason()) }
        let temporary = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        // mkstemp creates 0600; the output gets the old file's mode, or the usual 0666 less umask.
        let mode: mode_t
        if exists { mode = status.st_mode & 0o7777 } else {
            let mask = umask(0); umask(mask)
            mode = 0o666 & ~mask
        }
        fchmod(descriptor, mode)
        if exists && geteuid() == 0 { _ = fchown(descriptor, status.st_uid, status.st_gid) }
        handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        replacement = (temporary, target)
    }

    deinit {
        if let replacement { unlink(replacement.temporary) }
    }

    /// Flushes the output to disk and puts it in place of the target (for a regular file).
    public func commit() throws(OutputFileError) {
        guard let replacement else {
            try? handle.close()
            return
        }
        guard fsync(handle.fileDescriptor) == 0 else { throw OutputFileError(path: path, message: Self.reason()) }
        try? handle.close()
        guard rename(replacement.temporary, replacement.target) == 0 else {
            throw OutputFileError(path: path, message: Self.reason())
        }
        // The rename itself is made durable by flushing the folder.
        let folder = open((replacement.target as NSString).deletingLastPathComponent.isEmpty ? "." : (replacement.target as NSString).deletingLastPathComponent, O_RDONLY)
        if folder >= 0 { fsync(folder); close(folder) }
    }

    /// Writes `bytes` to `path` and commits them.
    public static func write<Bytes: Sequence>(_ bytes: Bytes, to path: String) throws(OutputFileError) where Bytes.Element == UInt8 {
        let file = try OutputFile(path: path)
        do { try file.handle.write(contentsOf: Data(bytes)) } catch {
            throw OutputFileError(path: path, message: "\(error.localizedDescription)")
        }
        try file.commit()
    }

    /// The file a path names: symbolic links followed (a dangling link names its target).
    private static func resolvedTarget(_ path: String) throws(OutputFileError) -> String {
        var current = path
        for _ in 0..<40 {
            var status = stat()
            guard lstat(current, &status) == 0, status.st_mode & S_IFMT == S_IFLNK else { return current }
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let count = readlink(current, &buffer, buffer.count - 1)
            guard count > 0 else { throw OutputFileError(path: path, message: reason()) }
            let link = String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            current = link.hasPrefix("/") ? link : ((current as NSString).deletingLastPathComponent as NSString).appendingPathComponent(link)
        }
        throw OutputFileError(path: path, message: "too many levels of symbolic links")
    }

    /// Opens a device or FIFO for writing without truncating or replacing it.
    private static func openThrough(_ target: String, isFIFO: Bool, path: String) throws(OutputFileError) -> Int32 {
        guard isFIFO else {
            let descriptor = open(target, O_WRONLY)
            guard descriptor >= 0 else { throw OutputFileError(path: path, message: reason()) }
            return descriptor
        }
        let deadline = ContinuousClock.now + readerWait
        while true {
            let descriptor = open(target, O_WRONLY | O_NONBLOCK)
            if descriptor >= 0 {
                _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
                return descriptor
            }
            guard errno == ENXIO else { throw OutputFileError(path: path, message: reason()) }
            if ContinuousClock.now >= deadline {
                throw OutputFileError(path: path, message: "is a FIFO that no process reads (waited 5 s); start its reader first")
            }
            usleep(50_000)
        }
    }

    private static func reason() -> String { String(cString: strerror(errno)) }
}
