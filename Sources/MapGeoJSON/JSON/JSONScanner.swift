/// A cursor over the bytes of a JSON text: whitespace, punctuation, literals and
/// error reporting. Strings, numbers and skipping live in their own extensions.
///
/// It never allocates on the happy path; it reads bytes through a raw pointer
/// whose lifetime the caller guarantees (the owning ``JSONBuffer``).
struct JSONScanner {
    let base: UnsafeRawPointer
    let end: Int
    var offset: Int
    /// Longest nesting the scanner follows before refusing (hostile input).
    let maxDepth: Int
    /// Longest number text accepted (hostile input).
    let maxNumberLength: Int

    init(base: UnsafeRawPointer, start: Int = 0, end: Int, maxDepth: Int = 128, maxNumberLength: Int = 256) {
        self.base = base
        self.offset = start
        self.end = end
        self.maxDepth = maxDepth
        self.maxNumberLength = maxNumberLength
    }

    @inline(__always)
    func byte(at index: Int) -> UInt8 { base.load(fromByteOffset: index, as: UInt8.self) }

    /// The current byte, or 0 at the end of input (0 is never valid JSON outside strings).
    @inline(__always)
    var current: UInt8 { offset < end ? byte(at: offset) : 0 }

    var isAtEnd: Bool { offset >= end }

    /// Skips JSON whitespace (space, tab, CR, LF).
    @inline(__always)
    mutating func skipWhitespace() {
        while offset < end {
            let value = byte(at: offset)
            guard value == 0x20 || value == 0x0A || value == 0x0D || value == 0x09 else { return }
            offset += 1
        }
    }

    /// Skips whitespace and returns the next byte without consuming it (0 at end).
    @inline(__always)
    mutating func peek() -> UInt8 {
        skipWhitespace()
        return current
    }

    /// Consumes `expected` after optional whitespace, or throws naming what was there instead.
    @inline(__always)
    mutating func consume(_ expected: UInt8, _ what: @autoclosure () -> String) throws(GeoJSONError) {
        skipWhitespace()
        guard offset < end, byte(at: offset) == expected else {
            throw syntaxError(expected: what())
        }
        offset += 1
    }

    /// After a member or element: true for `,` (another follows), false for `close`.
    @inline(__always)
    mutating func commaOrClose(_ close: UInt8) throws(GeoJSONError) -> Bool {
        skipWhitespace()
        let value = current
        if value == 0x2C { offset += 1; return true }
        if value == close { offset += 1; return false }
        throw syntaxError(expected: close == 0x7D ? "',' or '}'" : "',' or ']'")
    }

    /// Consumes `true`, `false` or `null` (the first letter is at `offset`).
    mutating func consumeLiteral() throws(GeoJSONError) -> JSONLiteral {
        let start = offset
        func matches(_ text: StaticString) -> Bool {
            let count = text.utf8CodeUnitCount
            guard end - start >= count else { return false }
            for index in 0..<count where byte(at: start + index) != text.utf8Start[index] { return false }
            return true
        }
        if matches("true") { offset += 4; return .true }
        if matches("false") { offset += 5; return .false }
        if matches("null") { offset += 4; return .null }
        throw syntaxError(expected: "a JSON value")
    }

    // MARK: Errors

    /// A syntax error at the current offset, describing what is there.
    func syntaxError(expected: String, message: String? = nil) -> GeoJSONError {
        let found = describeCurrent()
        var hint: String?
        if offset >= end {
            hint = "the input is truncated; check that the file was written completely"
        } else if [UInt8(ascii: "N"), UInt8(ascii: "I")].contains(current)
            || (current == UInt8(ascii: "-") && offset + 1 < end && byte(at: offset + 1) == UInt8(ascii: "I")) {
            hint = "NaN and Infinity are not JSON numbers; write null or leave the value out"
        } else if current == UInt8(ascii: "'") {
            hint = "JSON strings use double quotes"
        }
        return GeoJSONError(kind: .syntax, code: "json_syntax",
                            message: message ?? "invalid JSON", expected: expected, found: found,
                            hint: hint, offset: offset)
    }

    /// Plain words for the token at the current offset, for "found …" in messages.
    func describeCurrent() -> String {
        guard offset < end else { return "end of input" }
        return describeToken(at: offset)
    }

    func describeToken(at position: Int) -> String {
        guard position < end else { return "end of input" }
        let value = byte(at: position)
        switch value {
        case UInt8(ascii: "{"): return "an object"
        case UInt8(ascii: "["): return "an array"
        case UInt8(ascii: "\""):
            return "a string \(excerpt(from: position, maximum: 40))"
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return "a number \(excerpt(from: position, maximum: 30))"
        case UInt8(ascii: "t"), UInt8(ascii: "f"): return "a boolean"
        case UInt8(ascii: "n"): return "null"
        case 0x20...0x7E: return "'\(Character(Unicode.Scalar(value)))'"
        default: return "byte 0x" + String(value, radix: 16, uppercase: true)
        }
    }

    /// The token text starting at `position` (a string with its quotes, or a number), shortened.
    func excerpt(from position: Int, maximum: Int) -> String {
        var index = position
        if byte(at: position) == UInt8(ascii: "\"") {
            index += 1
            while index < end, byte(at: index) != UInt8(ascii: "\""), index - position < maximum {
                if byte(at: index) == UInt8(ascii: "\\") { index += 1 }
                index += 1
            }
            index = min(index + 1, end)
        } else {
            while index < end, index - position < maximum {
                let value = byte(at: index)
                guard (value >= 0x30 && value <= 0x39) || value == 0x2D || value == 0x2B || value == 0x2E
                    || value == 0x65 || value == 0x45 else { break }
                index += 1
            }
        }
        let text = String(decoding: UnsafeRawBufferPointer(start: base + position, count: index - position),
                          as: UTF8.self)
        return index - position >= maximum ? text + "…" : text
    }
}

/// The three JSON literals.
enum JSONLiteral {
    case `true`, `false`, null
}
