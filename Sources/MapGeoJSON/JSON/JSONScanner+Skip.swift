extension JSONScanner {
    /// Skips one JSON value of any kind, validating it completely (syntax, UTF-8,
    /// nesting depth), without building anything. `depth` is the nesting level of
    /// the value being skipped.
    mutating func skipValue(depth: Int) throws(GeoJSONError) {
        switch peek() {
        case UInt8(ascii: "{"):
            try checkDepth(depth)
            offset += 1
            if peek() == UInt8(ascii: "}") { offset += 1; return }
            repeat {
                skipWhitespace()
                _ = try scanString()
                try consume(UInt8(ascii: ":"), "':' after a member name")
                try skipValue(depth: depth + 1)
            } while try commaOrClose(UInt8(ascii: "}"))
        case UInt8(ascii: "["):
            try checkDepth(depth)
            offset += 1
            if peek() == UInt8(ascii: "]") { offset += 1; return }
            repeat {
                try skipValue(depth: depth + 1)
            } while try commaOrClose(UInt8(ascii: "]"))
        case UInt8(ascii: "\""):
            _ = try scanString()
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            _ = try scanNumber()
        case UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"):
            _ = try consumeLiteral()
        default:
            throw syntaxError(expected: "a JSON value")
        }
    }

    /// Refuses nesting deeper than `maxDepth` (a hostile `[[[[…` would otherwise exhaust the stack).
    @inline(__always)
    func checkDepth(_ depth: Int) throws(GeoJSONError) {
        guard depth < maxDepth else {
            throw GeoJSONError(kind: .limit, code: "depth_limit",
                               message: "nesting deeper than \(maxDepth) levels",
                               hint: "GeoJSON needs at most a few levels; this input is malformed or hostile",
                               offset: offset)
        }
    }
}
