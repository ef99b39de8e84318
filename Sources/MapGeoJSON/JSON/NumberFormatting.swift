/// Writing numbers: fixed precision for coordinates (no exponent, no trailing
/// zeros, no `-0`), and the shortest round-trip form for everything else.
@inline(__always)
private func integerPowerOfTen(_ exponent: Int) -> Int64 {
    switch exponent {
    case 0: 1
    case 1: 10
    case 2: 100
    case 3: 1000
    case 4: 10000
    case 5: 100_000
    case 6: 1_000_000
    case 7: 10_000_000
    case 8: 100_000_000
    case 9: 1_000_000_000
    case 10: 10_000_000_000
    case 11: 100_000_000_000
    case 12: 1_000_000_000_000
    case 13: 10_000_000_000_000
    case 14: 100_000_000_000_000
    default: 1_000_000_000_000_000
    }
}

extension JSONOutput {
    /// `value` rounded to `precision` decimals (0...15): `24.9414566`, `60.17`, `-3`, `0`.
    /// Falls back to the shortest form when the scaled value exceeds 2^53 (huge planar numbers).
    @inline(__always)
    mutating func writeFixed(_ value: Double, precision: Int) {
        let scaled = (value * exactPowerOfTen(precision)).rounded()
        guard abs(scaled) < 9_007_199_254_740_992 else { writeShortest(value); return }
        var units = Int64(scaled)
        if units == 0 { append(UInt8(ascii: "0")); return }
        if units < 0 {
            append(UInt8(ascii: "-"))
            units = -units
        }
        let divisor = integerPowerOfTen(precision)
        writeInteger(UInt64(units / divisor))
        var fraction = units % divisor
        guard fraction != 0 else { return }
        var digits = precision
        while fraction % 10 == 0 {
            fraction /= 10
            digits -= 1
        }
        append(UInt8(ascii: "."))
        // Leading zeros of the fraction, then its digits.
        var buffer: (UInt64, UInt64) = (0, 0)
        withUnsafeMutableBytes(of: &buffer) { scratch in
            var position = digits
            var rest = fraction
            while position > 0 {
                position -= 1
                scratch[position] = UInt8(truncatingIfNeeded: 0x30 + rest % 10)
                rest /= 10
            }
            bytes.append(contentsOf: UnsafeRawBufferPointer(rebasing: scratch[0..<digits]))
        }
    }

    /// Decimal digits of a non-negative integer.
    @inline(__always)
    mutating func writeInteger(_ value: UInt64) {
        if value < 10 { append(UInt8(truncatingIfNeeded: 0x30 + value)); return }
        var buffer: (UInt64, UInt64, UInt64) = (0, 0, 0)
        withUnsafeMutableBytes(of: &buffer) { scratch in
            var position = scratch.count
            var rest = value
            while rest > 0 {
                position -= 1
                scratch[position] = UInt8(truncatingIfNeeded: 0x30 + rest % 10)
                rest /= 10
            }
            bytes.append(contentsOf: UnsafeRawBufferPointer(rebasing: scratch[position..<scratch.count]))
        }
    }

    /// The shortest text that reads back as the same `Double`, without an exponent
    /// for magnitudes between 1e-7 and 1e21 (JSON allows `1e-05`, people prefer `0.00001`).
    package mutating func writeShortest(_ value: Double) {
        guard value.isFinite else { append("null"); return }
        if value == 0 { append(UInt8(ascii: "0")); return }
        if value == value.rounded(), abs(value) < 1e15 {
            if value < 0 { append(UInt8(ascii: "-")) }
            writeInteger(UInt64(abs(value)))
            return
        }
        let text = value.description  // shortest round-trip digits, Swift's own algorithm
        // Looked for in the bytes: walking the text by Character cost more than the digits.
        guard let exponentIndex = text.utf8.firstIndex(where: { $0 == UInt8(ascii: "e") || $0 == UInt8(ascii: "E") }) else {
            bytes.append(contentsOf: text.utf8)
            return
        }
        let exponent = Int(text[text.index(after: exponentIndex)...]) ?? 0
        guard exponent >= -7, exponent < 21 else {
            bytes.append(contentsOf: text.utf8)
            return
        }
        var mantissa = String(text[..<exponentIndex])
        let negative = mantissa.hasPrefix("-")
        if negative { mantissa.removeFirst() }
        let digits = mantissa.replacingOccurrences(of: ".", with: "")
        // Position of the decimal point after the first digit, moved by the exponent.
        let point = 1 + exponent
        var result = negative ? "-" : ""
        if point <= 0 {
            result += "0." + String(repeating: "0", count: -point) + digits
        } else if point >= digits.count {
            result += digits + String(repeating: "0", count: point - digits.count)
        } else {
            result += digits.prefix(point) + "." + digits.dropFirst(point)
        }
        bytes.append(contentsOf: result.utf8)
    }
}

extension String {
    fileprivate func replacingOccurrences(of target: String, with replacement: String) -> String {
        split(separator: Character(target), omittingEmptySubsequences: false).joined(separator: replacement)
    }
}
