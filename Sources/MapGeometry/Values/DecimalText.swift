extension Double {
    /// The number a decimal text such as `-74.0123` or `60` stands for: `Double(text)`, bit for
    /// bit, with the common case read without the C library. Coordinates in every map request
    /// are such texts, and `strtod` through the standard library was 2 % of a service's cluster
    /// answer (callgrind).
    ///
    /// The quick way takes an optional minus, at most 15 digits and a point (Clinger's fast
    /// path): the digits as an integer and the power of ten are both exact doubles, and one
    /// division rounds correctly. Anything else (exponents, more digits, `inf`, a plus sign)
    /// goes to `Double(text)`.
    package init?(decimalText text: Substring) {
        guard let value = Self.quickDecimal(text.utf8) ?? Double(text) else { return nil }
        self = value
    }

    /// The quick way of ``init(decimalText:)`` over the text's UTF-8 bytes; nil when the text
    /// needs `Double(text)`.
    @inline(__always)
    package static func quickDecimal<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> Double? {
        var mantissa: UInt64 = 0
        var digits = 0, fractionDigits = 0
        var negative = false, seenPoint = false
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                mantissa = mantissa &* 10 &+ UInt64(byte &- UInt8(ascii: "0"))
                digits += 1
                if seenPoint { fractionDigits += 1 }
            case UInt8(ascii: "-") where !negative && digits == 0 && !seenPoint: negative = true
            case UInt8(ascii: ".") where !seenPoint: seenPoint = true
            default: return nil
            }
            if digits > 15 { return nil }
        }
        guard digits > 0, !(seenPoint && fractionDigits == 0) else { return nil }
        let value = Double(mantissa) / powersOfTen[fractionDigits]
        return negative ? -value : value
    }

    /// 10⁰ … 10¹⁵, each exact.
    private static let powersOfTen: [Double] = [1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15]
}
