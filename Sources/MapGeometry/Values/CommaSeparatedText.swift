extension String {
    /// The parts between commas, each without the spaces around it: `"24.9, 60.1"` gives
    /// `["24.9", "60.1"]`. Split on the UTF-8 bytes: a comma is one byte that no other
    /// character contains, and splitting `String` by `Character` costs more than reading the numbers.
    package var commaSeparatedFields: [Substring] {
        utf8.split(separator: UInt8(ascii: ","), omittingEmptySubsequences: false).map { Substring($0).trimmingSpaces }
    }
}

extension Substring {
    /// The text without the spaces around it, as Foundation's `CharacterSet.whitespaces` trims
    /// them (checked for every character up to U+FFFF by a test), found without Foundation, whose
    /// `trimmingCharacters(in:)` costs more on Linux than parsing the number it surrounds.
    package var trimmingSpaces: Substring {
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
