/// A growing byte buffer with JSON writing primitives (strings, literals, raw slices).
package struct JSONOutput {
    package var bytes: [UInt8] = []

    package init(capacity: Int = 256) { bytes.reserveCapacity(capacity) }

    @inline(__always)
    package mutating func append(_ byte: UInt8) { bytes.append(byte) }

    @inline(__always)
    package mutating func append(_ text: StaticString) {
        bytes.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    mutating func append(raw: UnsafeRawBufferPointer) { bytes.append(contentsOf: raw) }

    /// A JSON string literal, escaping quotes, backslashes and control characters.
    package mutating func writeString(_ text: String) {
        append(UInt8(ascii: "\""))
        var text = text
        text.withUTF8 { utf8 in
            var runStart = 0
            for index in 0..<utf8.count {
                let byte = utf8[index]
                guard byte < 0x20 || byte == 0x22 || byte == 0x5C else { continue }
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<index]))
                runStart = index + 1
                switch byte {
                case 0x22: append("\\\"")
                case 0x5C: append("\\\\")
                case 0x0A: append("\\n")
                case 0x0D: append("\\r")
                case 0x09: append("\\t")
                case 0x08: append("\\b")
                case 0x0C: append("\\f")
                default:
                    append("\\u00")
                    append(hexDigit(byte >> 4))
                    append(hexDigit(byte & 0xF))
                }
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<utf8.count]))
        }
        append(UInt8(ascii: "\""))
    }

    /// `text` as a JSON string literal, on its own.
    package static func string(_ text: String) -> [UInt8] {
        var output = JSONOutput(capacity: text.utf8.count + 2)
        output.writeString(text)
        return output.bytes
    }

    private func hexDigit(_ value: UInt8) -> UInt8 { value < 10 ? 0x30 + value : 0x61 + value - 10 }

    /// A decoded value, compact or indented.
    mutating func writeValue(_ value: JSONValue, pretty: Int? = nil) {
        switch value {
        case .null: append("null")
        case let .bool(flag): flag ? append("true") : append("false")
        case let .number(number): number.isFinite ? writeShortest(number) : append("null")
        case let .string(text): writeString(text)
        case let .array(elements):
            if elements.isEmpty { append("[]"); return }
            append(UInt8(ascii: "["))
            for (index, element) in elements.enumerated() {
                if index > 0 { append(UInt8(ascii: ",")) }
                newline(pretty.map { $0 + 1 })
                writeValue(element, pretty: pretty.map { $0 + 1 })
            }
            newline(pretty)
            append(UInt8(ascii: "]"))
        case let .object(object):
            if object.isEmpty { append("{}"); return }
            append(UInt8(ascii: "{"))
            for (index, member) in object.members.enumerated() {
                if index > 0 { append(UInt8(ascii: ",")) }
                newline(pretty.map { $0 + 1 })
                writeString(member.key)
                pretty == nil ? append(UInt8(ascii: ":")) : append(": ")
                writeValue(member.value, pretty: pretty.map { $0 + 1 })
            }
            newline(pretty)
            append(UInt8(ascii: "}"))
        }
    }

    /// In pretty mode (`level` non-nil): a newline and two spaces per level.
    @inline(__always)
    mutating func newline(_ level: Int?) {
        guard let level else { return }
        append(UInt8(ascii: "\n"))
        for _ in 0..<level { append("  ") }
    }

    /// A raw JSON slice: copied byte for byte when compact, re-indented token by token
    /// (numbers and strings untouched) when pretty.
    mutating func writeRaw(_ raw: RawJSON, pretty: Int?) {
        guard let level = pretty else { append(raw: raw.bytes); return }
        reindent(raw.bytes, level: level)
    }

    private mutating func reindent(_ source: UnsafeRawBufferPointer, level start: Int) {
        var level = start
        var index = 0
        var emptyContainer = false
        while index < source.count {
            let byte = source[index]
            switch byte {
            case 0x20, 0x0A, 0x0D, 0x09:
                index += 1
                continue
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                append(byte)
                var next = index + 1
                while next < source.count, [0x20, 0x0A, 0x0D, 0x09].contains(source[next]) { next += 1 }
                emptyContainer = next < source.count && (source[next] == UInt8(ascii: "}") || source[next] == UInt8(ascii: "]"))
                if !emptyContainer {
                    level += 1
                    newline(level)
                }
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                if !emptyContainer {
                    level -= 1
                    newline(level)
                }
                emptyContainer = false
                append(byte)
            case UInt8(ascii: ","):
                append(byte)
                newline(level)
            case UInt8(ascii: ":"):
                append(": ")
            case UInt8(ascii: "\""):
                var end = index + 1
                while end < source.count, source[end] != UInt8(ascii: "\"") {
                    end += source[end] == UInt8(ascii: "\\") ? 2 : 1
                }
                append(raw: UnsafeRawBufferPointer(rebasing: source[index...min(end, source.count - 1)]))
                index = end + 1
                continue
            default:
                append(byte)
            }
            index += 1
        }
    }

    /// Properties: the raw object when untouched, else raw members merged with edits.
    mutating func writeProperties(_ properties: Properties, pretty: Int?) {
        if properties.isNull { append("null"); return }
        if let raw = properties.rawJSON { writeRaw(raw, pretty: pretty); return }
        var first = true
        append(UInt8(ascii: "{"))
        properties.forEachMember { key, value in
            if !first { append(UInt8(ascii: ",")) }
            first = false
            newline(pretty.map { $0 + 1 })
            writeString(key)
            pretty == nil ? append(UInt8(ascii: ":")) : append(": ")
            switch value {
            case let .raw(raw): writeRaw(raw, pretty: pretty.map { $0 + 1 })
            case let .decoded(decoded): writeValue(decoded, pretty: pretty.map { $0 + 1 })
            }
        }
        if !first { newline(pretty) }
        append(UInt8(ascii: "}"))
    }
}
