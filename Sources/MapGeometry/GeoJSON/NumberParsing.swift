/// A JSON number read from the input.
struct ParsedNumber {
    var value: Double
    /// Digits after the decimal point, net of the exponent (`1.25e1` has 1). Used for precision warnings.
    var decimals: Int
}

/// Exact powers of ten a `Double` holds (10^0 ... 10^22).
private let exactPowersOfTen: [Double] = (0...22).map { exponent in
    var value = 1.0
    for _ in 0..<exponent { value *= 10 }
    return value
}

extension JSONScanner {
    /// Parses a JSON number at the current offset.
    ///
    /// Clinger's fast path: up to 15 significant digits and a decimal exponent within
    /// ±22 give an exactly rounded result with one multiplication or division (both
    /// operands are exact doubles). Anything else goes to Swift's correctly rounded
    /// `Double(String)`. Rejects `NaN`, `Infinity`, leading `+`, leading zeros, and
    /// numbers longer than `maxNumberLength`.
    @inline(__always)
    mutating func scanNumber() throws(GeoJSONError) -> ParsedNumber {
        let start = offset
        var index = offset
        var negative = false
        if index < end, byte(at: index) == 0x2D { negative = true; index += 1 }

        var mantissa: UInt64 = 0
        var significantDigits = 0
        var exponent = 0
        var fractionDigits = 0

        // Integer part: 0 or [1-9][0-9]*
        guard index < end else { throw numberError(at: start, "a digit") }
        var digit = byte(at: index) &- 0x30
        guard digit < 10 else { throw numberError(at: start, "a digit") }
        if digit == 0 {
            index += 1
            if index < end, byte(at: index) &- 0x30 < 10 {
                throw GeoJSONError(kind: .syntax, code: "json_syntax", message: "number with a leading zero",
                                   hint: "JSON numbers cannot start with 0 unless they are 0 or 0.x", offset: start)
            }
        } else {
            while index < end {
                digit = byte(at: index) &- 0x30
                guard digit < 10 else { break }
                if significantDigits < 19 {
                    mantissa = mantissa &* 10 &+ UInt64(digit)
                    significantDigits += 1
                } else {
                    exponent += 1
                    significantDigits += 1
                }
                index += 1
            }
        }
        // Fraction
        if index < end, byte(at: index) == 0x2E {
            index += 1
            let fractionStart = index
            while index < end {
                digit = byte(at: index) &- 0x30
                guard digit < 10 else { break }
                if mantissa == 0 && digit == 0 {
                    // Leading zeros of 0.000123 are not significant.
                    exponent -= 1
                } else if significantDigits < 19 {
                    mantissa = mantissa &* 10 &+ UInt64(digit)
                    significantDigits += 1
                    exponent -= 1
                } else {
                    significantDigits += 1
                }
                index += 1
            }
            fractionDigits = index - fractionStart
            guard fractionDigits > 0 else { offset = index; throw numberError(at: index, "a digit after '.'") }
        }
        // Exponent
        if index < end, byte(at: index) | 0x20 == 0x65 {
            index += 1
            var exponentNegative = false
            if index < end, byte(at: index) == 0x2D || byte(at: index) == 0x2B {
                exponentNegative = byte(at: index) == 0x2D
                index += 1
            }
            let exponentStart = index
            var explicit = 0
            while index < end {
                digit = byte(at: index) &- 0x30
                guard digit < 10 else { break }
                if explicit < 100_000 { explicit = explicit * 10 + Int(digit) }
                index += 1
            }
            guard index > exponentStart else { offset = index; throw numberError(at: index, "a digit in the exponent") }
            exponent += exponentNegative ? -explicit : explicit
            fractionDigits -= exponentNegative ? -explicit : explicit
        }
        guard index - start <= maxNumberLength else {
            throw GeoJSONError(kind: .limit, code: "number_too_long",
                               message: "number of \(index - start) characters is longer than the limit of \(maxNumberLength)",
                               offset: start)
        }
        offset = index
        let decimals = max(0, fractionDigits)

        if significantDigits <= 15, mantissa < (1 << 53), exponent >= -22, exponent <= 22 {
            var value = Double(mantissa)
            value = exponent < 0 ? value / exactPowersOfTen[-exponent] : value * exactPowersOfTen[exponent]
            return ParsedNumber(value: negative ? -value : value, decimals: decimals)
        }
        if mantissa == 0 { return ParsedNumber(value: negative ? -0.0 : 0.0, decimals: decimals) }
        return ParsedNumber(value: slowParse(from: start, to: index), decimals: decimals)
    }

    /// Correctly rounded conversion for the rare long or extreme number.
    private func slowParse(from start: Int, to stop: Int) -> Double {
        let text = String(decoding: UnsafeRawBufferPointer(start: base + start, count: stop - start), as: UTF8.self)
        return Double(text) ?? .nan
    }

    private func numberError(at position: Int, _ expected: String) -> GeoJSONError {
        var scanner = self
        scanner.offset = position
        return scanner.syntaxError(expected: expected, message: "malformed number")
    }
}
