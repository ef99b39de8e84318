/// A JSON string the decoders expect often (`"type"`, `"Feature"`, …), with its closing
/// quote, as two little-endian words and masks, so that ``JSONScanner/consumeString(_:)``
/// recognises it with two loads and two comparisons instead of scanning a string.
///
/// The constants are written out as literals because the compiler then places them in
/// static memory (computing them from a `StaticString` happened at run time, on every
/// call). `init(_:)` computes the same values; a test checks that they agree.
struct PlainJSONString: Equatable {
    /// Bytes 0-7 after the opening quote: the text and its closing quote, zero beyond them.
    let first: UInt64
    /// Bytes 8-15 after the opening quote.
    let second: UInt64
    let firstMask: UInt64
    let secondMask: UInt64
    /// Length of the text (without quotes); at most 15.
    let count: Int

    /// `"type"`
    static let type = PlainJSONString(first: 0x0000_0022_6570_7974, second: 0, firstMask: 0x0000_00FF_FFFF_FFFF,
                                      secondMask: 0, count: 4)
    /// `"properties"`
    static let properties = PlainJSONString(first: 0x6974_7265_706F_7270, second: 0x0000_0000_0022_7365,
                                            firstMask: ~0, secondMask: 0x0000_0000_00FF_FFFF, count: 10)
    /// `"geometry"`
    static let geometry = PlainJSONString(first: 0x7972_7465_6D6F_6567, second: 0x0000_0000_0000_0022,
                                          firstMask: ~0, secondMask: 0x0000_0000_0000_00FF, count: 8)
    /// `"coordinates"`
    static let coordinates = PlainJSONString(first: 0x616E_6964_726F_6F63, second: 0x0000_0000_2273_6574,
                                             firstMask: ~0, secondMask: 0x0000_0000_FFFF_FFFF, count: 11)
    /// `"Feature"`
    static let feature = PlainJSONString(first: 0x2265_7275_7461_6546, second: 0, firstMask: ~0, secondMask: 0,
                                         count: 7)
    /// `"Point"`
    static let point = PlainJSONString(first: 0x0000_2274_6E69_6F50, second: 0, firstMask: 0x0000_FFFF_FFFF_FFFF,
                                       secondMask: 0, count: 5)

    init(first: UInt64, second: UInt64, firstMask: UInt64, secondMask: UInt64, count: Int) {
        self.first = first
        self.second = second
        self.firstMask = firstMask
        self.secondMask = secondMask
        self.count = count
    }

    /// The words of `text` (printable ASCII without `"` or `\`, at most 15 bytes).
    init(_ text: String) {
        let bytes = Array(text.utf8) + [0x22]
        precondition(bytes.count <= 16 && bytes.dropLast().allSatisfy { $0 >= 0x20 && $0 < 0x7F && $0 != 0x22 && $0 != 0x5C })
        var words: [UInt64] = [0, 0], masks: [UInt64] = [0, 0]
        for (index, value) in bytes.enumerated() {
            words[index / 8] |= UInt64(value) << UInt64(index % 8 * 8)
            masks[index / 8] |= 0xFF << UInt64(index % 8 * 8)
        }
        self.init(first: words[0], second: words[1], firstMask: masks[0], secondMask: masks[1], count: bytes.count - 1)
    }
}

extension JSONScanner {
    /// Consumes the string at the current offset when it is exactly `expected` written
    /// without escapes; false (nothing consumed) otherwise, and the caller scans the string
    /// in full. A match is always a complete, valid JSON string.
    @inline(__always)
    mutating func consumeString(_ expected: PlainJSONString) -> Bool {
        // The opening quote, then two 8-byte loads.
        guard offset &+ 17 <= end, byte(at: offset) == 0x22 else { return false }
        let text = base + (offset &+ 1)
        let first = UInt64(littleEndian: text.loadUnaligned(as: UInt64.self))
        let second = UInt64(littleEndian: (text + 8).loadUnaligned(as: UInt64.self))
        guard first & expected.firstMask == expected.first, second & expected.secondMask == expected.second else {
            return false
        }
        offset &+= expected.count &+ 2
        return true
    }
}
