#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A scanned JSON string: the bytes between its quotes, still escaped.
struct StringToken {
    /// Offset of the first byte after the opening quote.
    var start: Int
    /// Offset of the closing quote.
    var end: Int
    /// True when the text contains a backslash escape and must be decoded before use.
    var hasEscapes: Bool
}

extension JSONScanner {
    /// Scans a string at the current offset (which must be `"`), validating escapes,
    /// control characters and UTF-8. Allocates nothing.
    ///
    /// Fast path: 8 bytes at a time, stopping at the first byte that is a quote, a
    /// backslash, a control character or non-ASCII (found with the classic "has zero
    /// byte" bit trick, whose lowest flagged byte is always exact). Plain strings end
    /// right there; anything else continues in ``scanStringSlowly(start:from:)``.
    @inline(__always)
    mutating func scanString() throws(GeoJSONError) -> StringToken {
        guard offset < end, byte(at: offset) == 0x22 else { throw syntaxError(expected: "a string") }
        let start = offset + 1
        var index = start
        while index + 8 <= end {
            let word = UInt64(littleEndian: (base + index).loadUnaligned(as: UInt64.self))
            let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
            let quote = word ^ (ones &* 0x22), backslash = word ^ (ones &* 0x5C)
            let special = (((quote &- ones) & ~quote) | ((backslash &- ones) & ~backslash)
                | ((word &- ones &* 0x20) & ~word) | word) & highs
            if special != 0 {
                index += special.trailingZeroBitCount >> 3
                if byte(at: index) == 0x22 {
                    offset = index + 1
                    return StringToken(start: start, end: index, hasEscapes: false)
                }
                return try scanStringSlowly(start: start, from: index)
            }
            index += 8
        }
        return try scanStringSlowly(start: start, from: index)
    }

    /// The byte-by-byte remainder of a string: escapes, UTF-8 sequences, the last few bytes.
    @inline(never)
    private mutating func scanStringSlowly(start: Int, from index: Int) throws(GeoJSONError) -> StringToken {
        offset = index
        var hasEscapes = false
        while true {
            // Plain printable ASCII, byte by byte.
            while offset < end {
                let value = byte(at: offset)
                guard value >= 0x20, value < 0x80, value != 0x22, value != 0x5C else { break }
                offset += 1
            }
            guard offset < end else {
                throw GeoJSONError(kind: .syntax, code: "json_syntax", message: "string is not terminated",
                                   expected: "'\"'", found: "end of input",
                                   hint: "the input is truncated or a closing quote is missing", offset: start - 1)
            }
            let value = byte(at: offset)
            if value == 0x22 {
                let token = StringToken(start: start, end: offset, hasEscapes: hasEscapes)
                offset += 1
                return token
            } else if value == 0x5C {
                hasEscapes = true
                try scanEscape()
            } else if value < 0x20 {
                throw GeoJSONError(kind: .syntax, code: "json_syntax",
                                   message: "control character 0x\(String(value, radix: 16)) inside a string",
                                   hint: "write it escaped, e.g. \\n or \\u00\(value < 16 ? "0" : "")\(String(value, radix: 16))",
                                   offset: offset)
            } else {
                try scanUTF8Sequence()
            }
        }
    }

    /// Validates one backslash escape (`offset` at the backslash).
    private mutating func scanEscape() throws(GeoJSONError) {
        let escapeStart = offset
        offset += 1
        guard offset < end else { throw syntaxError(expected: "an escape character") }
        switch byte(at: offset) {
        case 0x22, 0x5C, 0x2F, 0x62, 0x66, 0x6E, 0x72, 0x74:
            offset += 1
        case 0x75:
            offset += 1
            for _ in 0..<4 {
                guard offset < end, hexValue(byte(at: offset)) != nil else {
                    throw GeoJSONError(kind: .syntax, code: "json_syntax", message: "\\u escape needs 4 hex digits",
                                       offset: escapeStart)
                }
                offset += 1
            }
        default:
            throw GeoJSONError(kind: .syntax, code: "json_syntax",
                               message: "invalid escape \\\(Character(Unicode.Scalar(byte(at: offset))))",
                               hint: "valid escapes are \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX", offset: escapeStart)
        }
    }

    /// Validates one multi-byte UTF-8 sequence (no overlong forms, no surrogates, at most U+10FFFF).
    private mutating func scanUTF8Sequence() throws(GeoJSONError) {
        let lead = byte(at: offset)
        let length: Int
        var lower: UInt8 = 0x80, upper: UInt8 = 0xBF
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0: length = 3; lower = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED: length = 3; upper = 0x9F
        case 0xF0: length = 4; lower = 0x90
        case 0xF1...0xF3: length = 4
        case 0xF4: length = 4; upper = 0x8F
        default: throw invalidUTF8()
        }
        guard offset + length <= end else { throw invalidUTF8() }
        let second = byte(at: offset + 1)
        guard second >= lower, second <= upper else { throw invalidUTF8() }
        for index in 2..<length {
            let continuation = byte(at: offset + index)
            guard continuation & 0xC0 == 0x80 else { throw invalidUTF8() }
        }
        offset += length
    }

    private func invalidUTF8() -> GeoJSONError {
        GeoJSONError(kind: .syntax, code: "invalid_utf8",
                     message: "invalid UTF-8 byte 0x\(String(byte(at: offset), radix: 16, uppercase: true)) in a string",
                     hint: "GeoJSON must be UTF-8 (RFC 8259 §8.1); convert the file, e.g. iconv -f LATIN1 -t UTF-8",
                     offset: offset)
    }

    /// The string's value with escapes resolved.
    func decode(_ token: StringToken) -> String {
        let raw = UnsafeRawBufferPointer(start: base + token.start, count: token.end - token.start)
        guard token.hasEscapes else { return String(decoding: raw, as: UTF8.self) }
        return unescapeJSONString(raw)
    }

    /// True when the token's (unescaped) value is exactly `text`.
    @inline(__always)
    func token(_ token: StringToken, equals text: StaticString) -> Bool {
        if token.hasEscapes { return decode(token) == text.description }
        let count = text.utf8CodeUnitCount
        guard token.end - token.start == count else { return false }
        return memcmp(base + token.start, text.utf8Start, count) == 0
    }

    /// True when the token's value equals the given UTF-8 bytes.
    func token(_ token: StringToken, equals bytes: [UInt8]) -> Bool {
        if token.hasEscapes { return Array(decode(token).utf8) == bytes }
        guard token.end - token.start == bytes.count else { return false }
        return bytes.withUnsafeBytes { memcmp(base + token.start, $0.baseAddress!, bytes.count) } == 0
    }

    /// True when two tokens of this input have the same value (for duplicate keys).
    func token(_ first: StringToken, equals second: StringToken) -> Bool {
        if first.hasEscapes || second.hasEscapes { return decode(first) == decode(second) }
        let count = first.end - first.start
        guard second.end - second.start == count else { return false }
        return memcmp(base + first.start, base + second.start, count) == 0
    }
}

@inline(__always)
func hexValue(_ byte: UInt8) -> UInt32? {
    switch byte {
    case 0x30...0x39: UInt32(byte - 0x30)
    case 0x41...0x46: UInt32(byte - 0x41 + 10)
    case 0x61...0x66: UInt32(byte - 0x61 + 10)
    default: nil
    }
}

/// Resolves the escapes of already validated JSON string content. A lone
/// surrogate `\uD800` becomes U+FFFD, as in most JSON readers.
func unescapeJSONString(_ raw: UnsafeRawBufferPointer) -> String {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(raw.count)
    var index = 0
    func appendScalar(_ value: UInt32) {
        let scalar = Unicode.Scalar(value) ?? "\u{FFFD}"
        bytes.append(contentsOf: Array(String(Character(scalar)).utf8))
    }
    func hex4(_ at: Int) -> UInt32 {
        var value: UInt32 = 0
        for offset in 0..<4 { value = value << 4 | (hexValue(raw[at + offset]) ?? 0) }
        return value
    }
    while index < raw.count {
        let value = raw[index]
        guard value == 0x5C else { bytes.append(value); index += 1; continue }
        let kind = raw[index + 1]
        index += 2
        switch kind {
        case 0x62: bytes.append(0x08)
        case 0x66: bytes.append(0x0C)
        case 0x6E: bytes.append(0x0A)
        case 0x72: bytes.append(0x0D)
        case 0x74: bytes.append(0x09)
        case 0x75:
            var code = hex4(index)
            index += 4
            if (0xD800...0xDBFF).contains(code), index + 6 <= raw.count, raw[index] == 0x5C, raw[index + 1] == 0x75 {
                let low = hex4(index + 2)
                if (0xDC00...0xDFFF).contains(low) {
                    code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                    index += 6
                }
            }
            appendScalar(code)
        default: bytes.append(kind)  // \" \\ \/
        }
    }
    return String(decoding: bytes, as: UTF8.self)
}
