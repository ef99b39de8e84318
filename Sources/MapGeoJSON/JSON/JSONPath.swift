/// One step of a JSON path: a member name or an array index.
public enum JSONPathComponent: Hashable, Sendable {
    case member(String)
    case index(Int)
}

/// Renders `features[12].geometry.coordinates[0][3]`; the root is an empty string.
func renderJSONPath(_ components: [JSONPathComponent]) -> String {
    var text = ""
    for component in components {
        switch component {
        case let .member(name):
            let plain = !name.isEmpty && name.utf8.allSatisfy { byte in
                (byte >= 0x30 && byte <= 0x39) || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A) || byte == 0x5F || byte == 0x2D
            }
            if plain {
                if !text.isEmpty { text += "." }
                text += name
            } else {
                text += "[\"" + name + "\"]"
            }
        case let .index(index):
            text += "[\(index)]"
        }
    }
    return text
}

/// Line and column (both 1-based, column in bytes) of a byte offset.
func lineAndColumn(of offset: Int, in bytes: UnsafeRawBufferPointer) -> (line: Int, column: Int) {
    var line = 1, lineStart = 0
    let end = min(offset, bytes.count)
    var index = 0
    while index < end {
        if bytes[index] == 0x0A {
            line += 1
            lineStart = index + 1
        }
        index += 1
    }
    return (line, end - lineStart + 1)
}
