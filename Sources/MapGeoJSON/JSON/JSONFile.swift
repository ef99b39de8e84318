/// A strict JSON file beside the GeoJSON (vehicles, matrices, styles), read whole by the
/// engine's own scanner, that can point back at any of its values.
///
/// A reader of such a file checks the values in ``root`` and reports a wrong one with
/// ``problem(at:_:hint:)``, which gives the same compiler-like message as a
/// GeoJSON error: `vehicles.json:3:17: vehicles[0].start[0]: must be a number, found true`.
public struct JSONFile: Sendable {
    /// The name used in messages (the path as given).
    public let name: String
    /// The parsed document.
    public let root: JSONValue
    private let buffer: JSONBuffer

    /// Reads and parses a file of at most `maxBytes` bytes (RFC 8259: no comments, no
    /// trailing commas, one value).
    /// - Throws: ``GeoJSONError`` of kind `.fileNotFound`/`.unreadable`/`.limit` for the file,
    ///   `.syntax` with line and column for the text.
    public init(contentsOf path: String, maxBytes: Int = 1 << 30) throws(GeoJSONError) {
        try self.init(buffer: try FileInput.map(path, limit: maxBytes), name: path)
    }

    /// Parses bytes; `name` labels the messages.
    public init<Bytes: Collection>(parsing bytes: Bytes, name: String) throws(GeoJSONError) where Bytes.Element == UInt8 {
        try self.init(buffer: JSONBuffer(copying: bytes), name: name)
    }

    private init(buffer: JSONBuffer, name: String) throws(GeoJSONError) {
        self.buffer = buffer
        self.name = name
        root = try JSONValue(parsing: buffer, fileName: name)
    }

    /// An error about the value at `path`, located at that value's first byte; `message`
    /// says what is wrong in the user's words (``JSONValue/summary`` names a found value).
    public func problem(at path: [JSONPathComponent], _ message: String, hint: String? = nil) -> GeoJSONError {
        GeoJSONError(kind: .structure, code: "json_value", message: message, hint: hint, offset: offset(of: path),
                     pathComponents: path).located(in: buffer.bytes, file: name)
    }

    /// Byte offset of the value at `path` (the deepest existing step when the path goes further).
    func offset(of path: [JSONPathComponent]) -> Int {
        var scanner = JSONScanner(base: buffer.base, end: buffer.count)
        scanner.skipWhitespace()
        do throws(GeoJSONError) {
            for component in path {
                let container = scanner.offset
                guard try scanner.enter(component) else { return container }
            }
        } catch {
            return scanner.offset
        }
        return scanner.offset
    }
}

extension JSONScanner {
    /// Moves from the start of an object or array to the start of its member or element
    /// `component`; false (offset unchanged) when there is none. The text is already valid.
    fileprivate mutating func enter(_ component: JSONPathComponent) throws(GeoJSONError) -> Bool {
        let start = offset
        switch (peek(), component) {
        case (UInt8(ascii: "{"), .member(let name)):
            offset += 1
            if peek() == UInt8(ascii: "}") { offset = start; return false }
            let wanted = Array(name.utf8)
            repeat {
                skipWhitespace()
                let key = try scanString()
                try consume(UInt8(ascii: ":"), "':'")
                skipWhitespace()
                if token(key, equals: wanted) || decode(key) == name { return true }
                try skipValue(depth: 1)
            } while try commaOrClose(UInt8(ascii: "}"))
        case (UInt8(ascii: "["), .index(let wanted)):
            offset += 1
            if peek() == UInt8(ascii: "]") { offset = start; return false }
            var index = 0
            repeat {
                skipWhitespace()
                if index == wanted { return true }
                try skipValue(depth: 1)
                index += 1
            } while try commaOrClose(UInt8(ascii: "]"))
        default:
            break
        }
        offset = start
        return false
    }
}

extension JSONValue {
    /// The value as a person names it in a message: `true`, `number 3`, `string "x"`,
    /// `an array`, `an object`, `null`.
    public var summary: String {
        switch self {
        case .null: "null"
        case let .bool(flag): "\(flag)"
        case let .number(number): "number \(number.rounded() == number && abs(number) < 1e15 ? String(Int(number)) : String(number))"
        case let .string(text): "string \"\(text.count > 40 ? text.prefix(40) + "…" : text)\""
        case .array: "an array"
        case .object: "an object"
        }
    }
}
