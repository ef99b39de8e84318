/// A JSON value kept as the exact bytes it was read from, decoded only when asked.
///
/// Raw values share the buffer of the document they came from; writing one back
/// copies its bytes unchanged. Two raw values are equal when their decoded
/// values are equal (so `1.0` equals `1`).
public struct RawJSON: Hashable, Sendable, CustomStringConvertible {
    let buffer: JSONBuffer
    let range: Range<Int>

    init(buffer: JSONBuffer, range: Range<Int>) {
        self.buffer = buffer
        self.range = range
    }

    /// Serialises `value` compactly.
    public init(_ value: JSONValue) {
        var output = JSONOutput()
        output.writeValue(value)
        buffer = JSONBuffer(copying: output.bytes)
        range = 0..<output.bytes.count
    }

    /// Compact JSON text that `write` puts down directly: for a hot path, which building a
    /// ``JSONValue`` first would cost more than the writing.
    package init(writing write: (inout JSONOutput) -> Void) {
        var output = JSONOutput()
        write(&output)
        buffer = JSONBuffer(copying: output.bytes)
        range = 0..<output.bytes.count
    }

    /// The JSON text, byte for byte as read.
    public var bytes: UnsafeRawBufferPointer {
        UnsafeRawBufferPointer(rebasing: buffer.bytes[range])
    }

    public var text: String { String(decoding: bytes, as: UTF8.self) }
    public var description: String { text }

    /// The decoded value.
    public var value: JSONValue {
        var scanner = JSONScanner(base: buffer.base, start: range.lowerBound, end: range.upperBound)
        return scanner.decodeValue()
    }

    public static func == (lhs: RawJSON, rhs: RawJSON) -> Bool {
        if lhs.range.count == rhs.range.count, lhs.bytes.elementsEqual(rhs.bytes) { return true }
        return lhs.value == rhs.value
    }

    public func hash(into hasher: inout Hasher) { hasher.combine(value) }
}

/// A member of a GeoJSON object that RFC 7946 does not define (a "foreign member", §6.1), kept raw.
public struct ForeignMember: Hashable, Sendable {
    public var name: String
    public var value: RawJSON
    public init(name: String, value: RawJSON) {
        self.name = name
        self.value = value
    }
    public init(name: String, value: JSONValue) {
        self.name = name
        self.value = RawJSON(value)
    }
}
