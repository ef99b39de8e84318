/// The member names of one object seen so far, for the duplicate-member check.
///
/// The first eight names live inline (no allocation and no reference counting: most
/// `properties` objects are that small), the next eight in an array, and from the
/// seventeenth on in a hash set, so that a hostile object with 100,000 members costs
/// n hash insertions instead of n² comparisons.
struct MemberNameSet {
    /// Eight offsets; a tuple of one trivial type, so its bytes are exactly eight `Int`s.
    private typealias Eight = (Int, Int, Int, Int, Int, Int, Int, Int)
    private var starts: Eight = (0, 0, 0, 0, 0, 0, 0, 0)
    private var ends: Eight = (0, 0, 0, 0, 0, 0, 0, 0)
    /// Bit i: inline name i contains escapes.
    private var escaped: UInt8 = 0
    private var count = 0
    private var more: [StringToken] = []
    private var large: Set<String>?

    /// Adds `key` (a name scanned by `scanner`); false when the object already had a member of that name.
    @inline(__always)
    mutating func insert(_ key: StringToken, in scanner: JSONScanner) -> Bool {
        guard count < 8 else { return insertBeyondInline(key, in: scanner) }
        for index in 0..<count where Self.same(inlineName(index), key, in: scanner) { return false }
        withUnsafeMutableBytes(of: &starts) { $0.storeBytes(of: key.start, toByteOffset: count &* 8, as: Int.self) }
        withUnsafeMutableBytes(of: &ends) { $0.storeBytes(of: key.end, toByteOffset: count &* 8, as: Int.self) }
        if key.hasEscapes { escaped |= 1 << UInt8(count) }
        count &+= 1
        return true
    }

    /// Inline name `index` (0..<8).
    @inline(__always)
    private func inlineName(_ index: Int) -> StringToken {
        let start = withUnsafeBytes(of: starts) { $0.load(fromByteOffset: index &* 8, as: Int.self) }
        let end = withUnsafeBytes(of: ends) { $0.load(fromByteOffset: index &* 8, as: Int.self) }
        return StringToken(start: start, end: end, hasEscapes: escaped & (1 << UInt8(index)) != 0)
    }

    /// Names nine and later (rare).
    private mutating func insertBeyondInline(_ key: StringToken, in scanner: JSONScanner) -> Bool {
        if large == nil {
            let known = (0..<8).map { inlineName($0) } + more
            for previous in known where Self.same(previous, key, in: scanner) { return false }
            if more.count < 8 {
                more.append(key)
                return true
            }
            large = Set(known.map { scanner.decode($0) })
        }
        return large!.insert(scanner.decode(key)).inserted
    }

    /// Same name: different lengths of unescaped text never are (checked before any byte).
    @inline(__always)
    private static func same(_ first: StringToken, _ second: StringToken, in scanner: JSONScanner) -> Bool {
        guard first.hasEscapes || second.hasEscapes || first.end &- first.start == second.end &- second.start else {
            return false
        }
        return scanner.token(first, equals: second)
    }
}
