extension JSONValue {
    /// Reads one strict JSON text (RFC 8259: no trailing commas, no comments) with the engine's
    /// own scanner, so that files beside the GeoJSON (styles, vehicles, matrices) get the same
    /// located errors: `file:line:column: problem`.
    ///
    /// - Parameter fileName: labels error messages only.
    public init<Bytes: Collection>(parsing bytes: Bytes, fileName: String? = nil) throws(GeoJSONError)
    where Bytes.Element == UInt8 {
        try self.init(parsing: JSONBuffer(copying: bytes), fileName: fileName)
    }

    /// Reads one strict JSON text from bytes already in a buffer (a mapped file), without a copy.
    init(parsing buffer: JSONBuffer, fileName: String?) throws(GeoJSONError) {
        var scanner = JSONScanner(base: buffer.base, end: buffer.count)
        do throws(GeoJSONError) {
            scanner.skipWhitespace()
            let start = scanner.offset
            try scanner.skipValue(depth: 0)
            scanner.skipWhitespace()
            guard scanner.isAtEnd else {
                throw GeoJSONError(kind: .syntax, code: "json_syntax", message: "unexpected data after the JSON value",
                                   expected: "end of input", found: scanner.describeCurrent(),
                                   hint: "a file holds one JSON value", offset: scanner.offset)
            }
            scanner.offset = start
        } catch {
            throw error.located(in: buffer.bytes, file: fileName)
        }
        self = scanner.decodeValue()
    }
}
