/// A JSON number read from the input.
struct ParsedNumber {
    var value: Double
    /// Digits after the decimal point, net of the exponent (`1.25e1` has 1). Used for precision warnings.
    var decimals: Int
}

/// Exact powers of ten a `Double` holds (10^0 ... 10^22). A switch of literals
/// compiles to a constant table: no lazy global, no bounds check, no reference count.
@inline(__always)
func exactPowerOfTen(_ exponent: Int) -> Double {
    switch exponent {
    case 0: 1e0
    case 1: 1e1
    case 2: 1e2
    case 3: 1e3
    case 4: 1e4
    case 5: 1e5
    case 6: 1e6
    case 7: 1e7
    case 8: 1e8
    case 9: 1e9
    case 10: 1e10
    case 11: 1e11
    case 12: 1e12
    case 13: 1e13
    case 14: 1e14
    case 15: 1e15
    case 16: 1e16
    case 17: 1e17
    case 18: 1e18
    case 19: 1e19
    case 20: 1e20
    case 21: 1e21
    default: 1e22
    }
}

/// 10^count for 1...8 digits read at once.
@inline(__always)
func exactIntegerPowerOfTen(_ count: Int) -> UInt64 {
    switch count {
    case 1: 10
    case 2: 100
    case 3: 1_000
    case 4: 10_000
    case 5: 100_000
    case 6: 1_000_000
    case 7: 10_000_000
    default: 100_000_000
    }
}

/// The value of eight digit values (0...9, one per byte, the first digit in the lowest byte):
/// pairs, then quadruples, then all eight are combined by multiplications (Lemire's method).
@inline(__always)
func eightDigitsValue(_ values: UInt64) -> UInt64 {
    let pairs = values &* 10 &+ (values &>> 8)
    let mask: UInt64 = 0x0000_00FF_0000_00FF
    let high: UInt64 = 100 &+ (1_000_000 &<< 32), low: UInt64 = 1 &+ (10_000 &<< 32)
    return ((pairs & mask) &* high &+ ((pairs &>> 16) & mask) &* low) &>> 32
}

extension JSONScanner {
    /// Parses a JSON number at the current offset.
    ///
    /// Clinger's fast path: a mantissa of at most 2^53 and a decimal exponent within
    /// ±22 give an exactly rounded result with one multiplication or division (both
    /// operands are exact doubles). Anything else goes to Swift's correctly rounded
    /// `Double(String)`. Rejects `NaN`, `Infinity`, leading `+`, leading zeros, and
    /// numbers longer than `maxNumberLength`.
    ///
    /// This first part handles what coordinates almost always are (`-12.3456`: no
    /// exponent, at most 19 digits) in a few instructions; anything else, errors
    /// included, is read again from the start by ``scanNumberFully()``, out of line.
    @inline(__always)
    mutating func scanNumber() throws(GeoJSONError) -> ParsedNumber {
        var index = offset
        let negative = index < end && byte(at: index) == 0x2D
        if negative { index &+= 1 }
        guard index < end else { return try scanNumberFully() }
        let integerStart = index
        let lead = byte(at: index) &- 0x30
        guard lead < 10 else { return try scanNumberFully() }
        var mantissa: UInt64 = 0
        index = scanDigits(from: index, into: &mantissa)
        // A leading zero must stand alone ("0.5", not "05").
        guard lead != 0 || index == integerStart &+ 1 else { return try scanNumberFully() }
        var digitCount = index &- integerStart
        var fractionDigits = 0
        if index < end, byte(at: index) == 0x2E {
            let fractionStart = index &+ 1
            index = scanDigits(from: fractionStart, into: &mantissa)
            fractionDigits = index &- fractionStart
            // "1." needs a digit after the point: the full path reports it.
            guard fractionDigits > 0 else { return try scanNumberFully() }
            digitCount &+= fractionDigits
        }
        guard index >= end || byte(at: index) | 0x20 != 0x65,
              digitCount <= 19, mantissa <= (1 << 53), fractionDigits <= 22, index &- offset <= maxNumberLength else {
            return try scanNumberFully()
        }
        offset = index
        let value = Double(mantissa) / exactPowerOfTen(fractionDigits)  // both exact: one correctly rounded division
        return ParsedNumber(value: negative ? -value : value, decimals: fractionDigits)
    }

    /// Every JSON number, with its errors: the general case of ``scanNumber()``.
    @inline(never)
    mutating func scanNumberFully() throws(GeoJSONError) -> ParsedNumber {
        let start = offset
        var index = offset
        var negative = false
        if index < end, byte(at: index) == 0x2D { negative = true; index += 1 }

        var mantissa: UInt64 = 0
        var exponent = 0
        var fractionDigits = 0

        // Integer part: 0 or [1-9][0-9]*. Digits are accumulated without per-digit checks;
        // more than 19 digits in all (which could overflow) go to the slow path below.
        guard index < end else { throw numberError(at: start, "a digit") }
        let digitsStart = index
        var digit = byte(at: index) &- 0x30
        guard digit < 10 else { throw numberError(at: start, "a digit") }
        if digit == 0 {
            index += 1
            if index < end, byte(at: index) &- 0x30 < 10 {
                throw GeoJSONError(kind: .syntax, code: "json_syntax", message: "number with a leading zero",
                                   hint: "JSON numbers cannot start with 0 unless they are 0 or 0.x", offset: start)
            }
        } else {
            index = scanDigits(from: index, into: &mantissa)
        }
        var digitCount = index - digitsStart
        // Fraction
        if index < end, byte(at: index) == 0x2E {
            index += 1
            let fractionStart = index
            index = scanDigits(from: index, into: &mantissa)
            fractionDigits = index - fractionStart
            guard fractionDigits > 0 else { offset = index; throw numberError(at: index, "a digit after '.'") }
            digitCount += fractionDigits
            exponent = -fractionDigits
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

        if digitCount <= 19, mantissa <= (1 << 53), exponent >= -22, exponent <= 22 {
            var value = Double(mantissa)  // exact: at most 2^53
            value = exponent < 0 ? value / exactPowerOfTen(-exponent) : value * exactPowerOfTen(exponent)
            return ParsedNumber(value: negative ? -value : value, decimals: decimals)
        }
        if digitCount <= 19, mantissa == 0 { return ParsedNumber(value: negative ? -0.0 : 0.0, decimals: decimals) }
        return ParsedNumber(value: slowParse(from: start, to: index), decimals: decimals)
    }

    /// Reads the run of decimal digits starting at `index` into `mantissa` (`mantissa * 10^n + digits`,
    /// wrapping: the caller counts digits and sends more than 19 to the exact slow path) and returns the
    /// offset after the last digit.
    ///
    /// Eight bytes at a time while eight are readable: the number of leading digits is found with
    /// a bit trick and those digits are combined with three multiplications (SWAR), instead of one
    /// multiply-add, compare and branch per digit.
    @inline(__always)
    func scanDigits(from start: Int, into mantissa: inout UInt64) -> Int {
        var index = start
        while index &+ 8 <= end {
            let word = UInt64(littleEndian: (base + index).loadUnaligned(as: UInt64.self))
            // A byte is a digit when its high nibble is 3 (0x30...0x3F) and, after adding 6, still 3
            // (0x2A...0x39). Carries of the addition only run towards later bytes, and only out of a
            // non-digit byte, so the lowest flagged byte is exactly the first non-digit.
            let nibbles: UInt64 = 0xF0F0_F0F0_F0F0_F0F0, threes: UInt64 = 0x3030_3030_3030_3030
            let nonDigit = ((word & nibbles) ^ threes) | (((word &+ 0x0606_0606_0606_0606) & nibbles) ^ threes)
            let count = nonDigit.trailingZeroBitCount &>> 3
            guard count > 0 else { return index }
            // Digit values; shifting left drops the bytes after the digits (a borrow of the subtraction
            // only runs into those) and brings in leading zeros, so any count reads as an 8-digit number.
            let values = (word &- threes) &<< UInt64(truncatingIfNeeded: (8 &- count) &<< 3)
            mantissa = mantissa &* exactIntegerPowerOfTen(count) &+ eightDigitsValue(values)
            index &+= count
            guard count == 8 else { return index }
        }
        while index < end {
            let digit = byte(at: index) &- 0x30
            guard digit < 10 else { break }
            mantissa = mantissa &* 10 &+ UInt64(digit)
            index &+= 1
        }
        return index
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
