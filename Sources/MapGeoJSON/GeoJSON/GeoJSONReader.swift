#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import MapGeometry

/// Reads GeoJSON (RFC 7946) and GeoJSONSeq (RFC 8142) from bytes, files or standard input.
///
/// ```swift
/// let document = try GeoJSONReader().read(contentsOfFile: "objects.geojson")
/// for feature in document.features where feature.typeProperty == "restaurant" { … }
/// for warning in document.warnings { print(warning) }
/// ```
///
/// Strict by default: anything that breaks a MUST of RFC 7946 is an error with
/// file, line:column and JSON path. Duplicate member names are an error in every
/// object the reader interprets (GeoJSON objects and the top level of
/// `properties`; inside nested property values the last one wins when decoded).
/// `NaN`/`Infinity` literals, numbers longer than `maxNumberLength`, nesting deeper
/// than `maxDepth` and invalid UTF-8 are errors. SHOULD-level problems become
/// ``GeoJSONDocument/warnings``.
public struct GeoJSONReader: Sendable {
    public struct Options: Sendable {
        /// Which coordinates are accepted. `.unwrappedGeographic` (default): latitude in
        /// ±90, a longitude beyond ±180 is kept with a warning; `.geographic`: such a
        /// longitude is an error; `.planar`: any finite numbers, no range checks.
        public var domain: CoordinateDomain = .unwrappedGeographic
        /// Skip a bad feature (reported in ``GeoJSONDocument/skipped``) instead of failing.
        /// JSON syntax errors still fail: after one, nothing further can be trusted.
        public var lenient = false
        /// Treat the input as GeoJSONSeq even without a leading record separator.
        public var sequence = false
        /// The property read eagerly into ``Feature/typeProperty`` (nil: none).
        public var typePropertyKey: String? = "type"
        /// Report crossing rings (error between rings, warning within one ring).
        public var checkRingCrossings = true
        /// Coordinates with more decimals than this get a (single, counted) warning.
        public var precisionWarningDecimals = 7
        /// Deepest nesting of arrays and objects followed.
        public var maxDepth = 128
        /// Longest number text accepted.
        public var maxNumberLength = 256
        /// For memory-mapped files: let the kernel drop pages already parsed.
        public var releaseParsedPages = true
        /// Largest input read, in bytes (default 4 GiB, a sixth of the 24 GiB machines this runs
        /// on): a larger file, or an endless pipe such as `/dev/zero`, is refused with an error
        /// instead of reading until memory runs out.
        public var maxInputBytes = 4 << 30

        public init() {}
    }

    public var options: Options

    public init(options: Options = Options()) { self.options = options }

    /// Reads a GeoJSON text held in memory. `fileName` only labels error messages.
    public func read<Bytes: Collection>(bytes: Bytes, fileName: String? = nil) throws(GeoJSONError) -> GeoJSONDocument
    where Bytes.Element == UInt8 {
        try read(buffer: JSONBuffer(copying: bytes), fileName: fileName)
    }

    /// Reads a GeoJSON text from a `String`.
    public func read(string: String, fileName: String? = nil) throws(GeoJSONError) -> GeoJSONDocument {
        try read(bytes: Array(string.utf8), fileName: fileName)
    }

    /// Reads a file, memory-mapped (a large file is not copied into memory).
    /// - Throws: ``GeoJSONError`` with kind `.fileNotFound` or `.unreadable` for I/O problems.
    public func read(contentsOfFile path: String) throws(GeoJSONError) -> GeoJSONDocument {
        try read(buffer: try FileInput.map(path, limit: options.maxInputBytes), fileName: path)
    }

    /// Reads all of standard input, then parses it.
    public func readStandardInput() throws(GeoJSONError) -> GeoJSONDocument {
        try read(buffer: try FileInput.readAll(descriptor: 0, name: "<stdin>", limit: options.maxInputBytes), fileName: "<stdin>")
    }

    func read(buffer: JSONBuffer, fileName: String?) throws(GeoJSONError) -> GeoJSONDocument {
        var decoder = GeoJSONDecoder(buffer: buffer, options: options)
        do {
            var document = try decoder.decodeDocument()
            document.warnings = decoder.warnings.finish(bytes: buffer.bytes, file: fileName,
                                                        precisionLimit: options.precisionWarningDecimals)
            document.skipped = document.skipped.map {
                var skipped = $0
                skipped.error = skipped.error.located(in: buffer.bytes, file: fileName)
                return skipped
            }
            return document
        } catch {
            throw error.located(in: buffer.bytes, file: fileName)
        }
    }
}

/// Getting bytes from files and descriptors.
enum FileInput {
    /// Maps `path` read-only; an empty file gets an empty heap buffer. Larger than `limit`
    /// bytes is an error.
    static func map(_ path: String, limit: Int) throws(GeoJSONError) -> JSONBuffer {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { throw openError(path) }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw openError(path) }
        if (status.st_mode & S_IFMT) == S_IFDIR {
            throw GeoJSONError.io(.unreadable, file: path, message: "is a directory, not a GeoJSON file")
        }
        guard (status.st_mode & S_IFMT) == S_IFREG else {
            // Pipes, character devices: read them as a stream.
            return try readAll(descriptor: descriptor, name: path, limit: limit)
        }
        let size = Int(status.st_size)
        if size == 0 { return JSONBuffer(copying: [UInt8]()) }
        if size > limit { throw tooLarge(path, limit: limit) }
        guard let mapping = mmap(nil, size, PROT_READ, MAP_PRIVATE, descriptor, 0), mapping != MAP_FAILED else {
            return try readAll(descriptor: descriptor, name: path, limit: limit)
        }
        madvise(mapping, size, MADV_SEQUENTIAL)
        return JSONBuffer(mapping: UnsafeRawPointer(mapping), count: size)
    }

    /// Reads a descriptor to its end into one heap buffer: at most `limit` bytes, and only while
    /// the text can still be JSON (a NUL byte, or a first character other than `{`, `[` or
    /// GeoJSONSeq's record separator, ends the read at once).
    static func readAll(descriptor: Int32, name: String, limit: Int) throws(GeoJSONError) -> JSONBuffer {
        var capacity = 1 << 16
        var count = 0
        var memory = UnsafeMutableRawPointer.allocate(byteCount: capacity, alignment: 8)
        var checked = 0
        var seenFirst = false
        while true {
            if let problem = notJSON(memory.assumingMemoryBound(to: UInt8.self), from: checked, to: count, seenFirst: &seenFirst) {
                memory.deallocate()
                throw GeoJSONError.io(.unreadable, file: name, message: problem)
            }
            checked = count
            if count > limit {
                memory.deallocate()
                throw tooLarge(name, limit: limit)
            }
            if count == capacity {
                let larger = UnsafeMutableRawPointer.allocate(byteCount: capacity * 2, alignment: 8)
                larger.copyMemory(from: memory, byteCount: count)
                memory.deallocate()
                memory = larger
                capacity *= 2
            }
            let got = Glibc.read(descriptor, memory + count, capacity - count)
            if got == 0 { break }
            if got < 0 {
                if errno == EINTR { continue }
                let reason = String(cString: strerror(errno))
                memory.deallocate()
                throw GeoJSONError.io(.unreadable, file: name, message: "cannot read: \(reason)")
            }
            count += got
        }
        return JSONBuffer(adopting: memory, count: count)
    }

    /// Why bytes `from..<to` show the input is no JSON text, or nil while it still may be.
    private static func notJSON(_ bytes: UnsafePointer<UInt8>, from: Int, to: Int, seenFirst: inout Bool) -> String? {
        for offset in from..<to {
            let byte = bytes[offset]
            if byte == 0 { return "byte \(offset + 1) is NUL: this is not a JSON text (binary data or a device such as /dev/zero)" }
            if !seenFirst, ![0x20, 0x0A, 0x0D, 0x09].contains(byte) {
                seenFirst = true
                if byte != UInt8(ascii: "{") && byte != UInt8(ascii: "[") && byte != 0x1E && byte != 0xEF /* byte order mark */ {
                    return "starts with byte 0x\(String(byte, radix: 16)) at offset \(offset): GeoJSON starts with '{' (or '[' / a record separator for sequences)"
                }
            }
        }
        return nil
    }

    private static func tooLarge(_ name: String, limit: Int) -> GeoJSONError { .inputTooLarge(name, limit: limit) }

    private static func openError(_ path: String) -> GeoJSONError {
        let code = errno
        let reason = String(cString: strerror(code))
        return GeoJSONError.io(code == ENOENT ? .fileNotFound : .unreadable, file: path,
                               message: code == ENOENT ? "no such file" : "cannot open: \(reason)")
    }
}
