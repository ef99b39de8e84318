extension String {
    /// The parts between commas, each without the spaces around it: `"24.9, 60.1"` gives
    /// `["24.9", "60.1"]`. Split on the UTF-8 bytes: a comma is one byte that no other
    /// character contains, and splitting `String` by `Character` costs more than reading the numbers.
    package var commaSeparatedFields: [Substring] {
        // A plain loop over the bytes: with the generic `split` and the trimming of every field
        // this was 2.5 % of a map service's cluster answer (callgrind), now 1.6 %.
        var fields: [Substring] = []
        let bytes = utf8
        var fieldStart = bytes.startIndex, index = fieldStart
        while index < bytes.endIndex {
            if bytes[index] == UInt8(ascii: ",") {
                fields.append(self[fieldStart..<index].trimmingSpaces)
                fieldStart = bytes.index(after: index)
            }
            index = bytes.index(after: index)
        }
        fields.append(self[fieldStart..<bytes.endIndex].trimmingSpaces)
        return fields
    }

    /// The `count` numbers of a text of decimals between commas (`"-2.10991, -36.27914"`), each
    /// read as ``Swift/Double/init(decimalText:)`` reads it; nil when the text is not that.
    /// Every map view sends its box so, and plain decimals are read straight from the UTF-8
    /// bytes: the fields as substrings were 3.5 % of a service's cluster answer (callgrind).
    package func commaSeparatedDecimals(count: Int) -> [Double]? {
        if let numbers = plainDecimals(count: count) { return numbers }
        let fields = commaSeparatedFields
        guard fields.count == count else { return nil }
        var numbers: [Double] = []
        for field in fields {
            guard let number = Double(decimalText: field) else { return nil }
            numbers.append(number)
        }
        return numbers
    }

    /// ``commaSeparatedDecimals(count:)`` when every field is a plain decimal with at most
    /// ASCII spaces around it; nil for anything else, which the general reading then reads.
    private func plainDecimals(count: Int) -> [Double]? {
        var text = self
        return text.withUTF8 { bytes -> [Double]? in
            var numbers: [Double] = []
            numbers.reserveCapacity(count)
            var start = 0
            for end in 0...bytes.count where end == bytes.count || bytes[end] == UInt8(ascii: ",") {
                var (from, to) = (start, end)
                while from < to, bytes[from] == UInt8(ascii: " ") { from += 1 }
                while to > from, bytes[to - 1] == UInt8(ascii: " ") { to -= 1 }
                guard numbers.count < count, let number = Double.quickDecimal(bytes[from..<to]) else { return nil }
                numbers.append(number)
                start = end + 1
            }
            return numbers.count == count ? numbers : nil
        }
    }
}

extension Substring {
    /// The text without the spaces around it, as Foundation's `CharacterSet.whitespaces` trims
    /// them (checked for every character up to U+FFFF by a test), found without Foundation, whose
    /// `trimmingCharacters(in:)` costs more on Linux than parsing the number it surrounds.
    package var trimmingSpaces: Substring {
        // Most texts start and end with printable ASCII, which is never a space: nothing to trim.
        @inline(__always) func isPrintableASCII(_ byte: UInt8?) -> Bool { byte.map { $0 > 0x20 && $0 < 0x7F } ?? false }
        if isPrintableASCII(utf8.first), isPrintableASCII(utf8.last) { return self }
        let scalars = unicodeScalars
        var start = scalars.startIndex, end = scalars.endIndex
        while start < end, Self.isSpace(scalars[start]) { start = scalars.index(after: start) }
        while start < end, Self.isSpace(scalars[scalars.index(before: end)]) { end = scalars.index(before: end) }
        return Substring(scalars[start..<end])
    }

    /// Foundation's set: tab, the space separators (Zs), and the zero-width space U+200B, which
    /// Foundation counts although Unicode files it as a format character.
    private static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
        scalar == " " || scalar == "\t" || scalar == "\u{200B}"
            || (scalar.value >= 0x80 && scalar.properties.generalCategory == .spaceSeparator)
    }
}
