/// The member names of one object seen so far, for the duplicate-member check.
///
/// The first eight names live inline (no allocation and no reference counting: most
/// `properties` objects are that small), the next eight in an array, and from the
/// seventeenth on in a hash set, so that a hostile object with 100,000 members costs
/// n hash insertions instead of n² comparisons.
struct MemberNameSet {
    private typealias Eight = (StringToken, StringToken, StringToken, StringToken,
                               StringToken, StringToken, StringToken, StringToken)
    private static let empty = StringToken(start: 0, end: 0, hasEscapes: false)
    private var inline: Eight = (empty, empty, empty, empty, empty, empty, empty, empty)
    private var count = 0
    private var more: [StringToken] = []
    private var large: Set<String>?

    /// Adds `key` (a name scanned by `scanner`); false when the object already had a member of that name.
    @inline(__always)
    mutating func insert(_ key: StringToken, in scanner: JSONScanner) -> Bool {
        if count < 8 {
            let stored = count
            let duplicate = withUnsafeMutablePointer(to: &inline) { tuple in
                tuple.withMemoryRebound(to: StringToken.self, capacity: 8) { names in
                    for index in 0..<stored where Self.same(names[index], key, in: scanner) { return true }
                    names[stored] = key
                    return false
                }
            }
            if duplicate { return false }
            count &+= 1
            return true
        }
        return insertBeyondInline(key, in: scanner)
    }

    /// Names nine and later (rare).
    private mutating func insertBeyondInline(_ key: StringToken, in scanner: JSONScanner) -> Bool {
        if large == nil {
            let firstEight = withUnsafePointer(to: inline) { tuple in
                tuple.withMemoryRebound(to: StringToken.self, capacity: 8) { Array(UnsafeBufferPointer(start: $0, count: 8)) }
            }
            for previous in firstEight + more where Self.same(previous, key, in: scanner) { return false }
            if more.count < 8 {
                more.append(key)
                return true
            }
            large = Set((firstEight + more).map { scanner.decode($0) })
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
