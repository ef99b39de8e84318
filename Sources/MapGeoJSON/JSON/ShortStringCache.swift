/// Strings already made from short, unescaped JSON strings, found again by their bytes.
///
/// The eager ``Feature/typeProperty`` takes a handful of distinct values ("village",
/// "town", …) across a million features; making a `String` validates its UTF-8 each
/// time, while finding it here compares two words per entry.
struct ShortStringCache {
    private struct Entry {
        var first: UInt64
        var second: UInt64
        var count: Int
        var value: String
    }

    /// Beyond this many distinct values the cache stops growing (the lookup is linear).
    private static let capacity = 32
    private var entries: [Entry] = []

    /// The value of `token`, reusing an earlier `String` with the same bytes.
    @inline(__always)
    mutating func string(_ token: StringToken, in scanner: JSONScanner) -> String {
        let count = token.end &- token.start
        // Escaped or long text, or too near the end of input for two 8-byte loads: made directly.
        guard !token.hasEscapes, count <= 16, token.start &+ 16 <= scanner.end else { return scanner.decode(token) }
        let text = scanner.base + token.start
        let firstMask: UInt64 = count >= 8 ? ~0 : (1 &<< UInt64(count &* 8)) &- 1
        let secondMask: UInt64 = count >= 16 ? ~0 : count <= 8 ? 0 : (1 &<< UInt64((count &- 8) &* 8)) &- 1
        let first = UInt64(littleEndian: text.loadUnaligned(as: UInt64.self)) & firstMask
        let second = UInt64(littleEndian: (text + 8).loadUnaligned(as: UInt64.self)) & secondMask
        for index in entries.indices {
            let entry = entries[index]
            if entry.first == first, entry.second == second, entry.count == count { return entry.value }
        }
        let value = scanner.decode(token)
        if entries.count < Self.capacity { entries.append(Entry(first: first, second: second, count: count, value: value)) }
        return value
    }
}
