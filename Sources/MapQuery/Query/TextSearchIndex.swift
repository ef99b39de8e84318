import Foundation

/// Case- and accent-insensitive text search over item texts (names by default), ranked
/// exact, then prefix, then word start ("paulo" finds "São Paulo"), then substring, and paged.
///
/// Every text is folded once at build time (``TextFolding``) and stored in one byte buffer,
/// texts separated by a 0 byte. A search folds the query and scans the buffer with `memchr`
/// for the query's rarest byte, checking the whole query around each hit: about one pass
/// over a few megabytes for a quarter of a million names.
public struct TextSearchIndex: Sendable {
    /// 0, text, 0, text, 0, … (a query never holds a 0 byte, so no match spans two texts).
    private let bytes: [UInt8]
    /// Where each text starts; one more entry than texts (the end of the last text + 1).
    private let keyStarts: [Int32]
    private let keyItems: [Int32]
    /// How often each byte occurs, to anchor the scan on the query's rarest byte.
    private let byteCounts: [Int]
    private let oneKeyPerItem: Bool
    /// For each pair of adjacent bytes, the texts holding it (ascending): texts
    /// `bigramTexts[bigramStarts[pair] ..< bigramStarts[pair + 1]]`. A query is checked only
    /// against the texts of its rarest pair.
    private let bigramStarts: [Int32]
    private let bigramTexts: [Int32]

    /// The number of items.
    public let count: Int

    /// Indexes `texts[item]`, the texts searched for each item (several properties, aliases).
    public init(texts: [[String]]) {
        count = texts.count
        var bytes: [UInt8] = [0]
        var keyStarts: [Int32] = []
        var keyItems: [Int32] = []
        var oneKeyPerItem = true
        for (item, itemTexts) in texts.enumerated() {
            if itemTexts.count > 1 { oneKeyPerItem = false }
            for text in itemTexts {
                let folded = TextFolding.fold(text).filter { $0 != 0 }
                guard !folded.isEmpty else { continue }
                keyStarts.append(Int32(bytes.count))
                keyItems.append(Int32(item))
                bytes.append(contentsOf: folded)
                bytes.append(0)
            }
        }
        keyStarts.append(Int32(bytes.count))
        var byteCounts = [Int](repeating: 0, count: 256)
        for byte in bytes { byteCounts[Int(byte)] += 1 }
        (bigramStarts, bigramTexts) = Self.bigramLists(bytes: bytes, keyStarts: keyStarts)
        self.bytes = bytes
        self.keyStarts = keyStarts
        self.keyItems = keyItems
        self.byteCounts = byteCounts
        self.oneKeyPerItem = oneKeyPerItem
    }

    /// Posting lists of byte pairs, in compressed-row form (a count pass, then a fill pass).
    private static func bigramLists(bytes: [UInt8], keyStarts: [Int32]) -> ([Int32], [Int32]) {
        var starts = [Int32](repeating: 0, count: 65_537)
        var lastText = [Int32](repeating: -1, count: 65_536)
        func forEachPair(_ body: (Int, Int32) -> Void) {
            for text in 0..<(keyStarts.count - 1) {
                let start = Int(keyStarts[text]), end = Int(keyStarts[text + 1]) - 1
                guard end - start >= 2 else { continue }
                for offset in start..<(end - 1) { body(Int(bytes[offset]) << 8 | Int(bytes[offset + 1]), Int32(text)) }
            }
        }
        forEachPair { pair, text in
            if lastText[pair] != text { lastText[pair] = text; starts[pair + 1] += 1 }
        }
        for pair in 0..<65_536 { starts[pair + 1] += starts[pair] }
        var texts = [Int32](repeating: 0, count: Int(starts[65_536]))
        var next = starts
        lastText = [Int32](repeating: -1, count: 65_536)
        forEachPair { pair, text in
            if lastText[pair] != text {
                lastText[pair] = text
                texts[Int(next[pair])] = text
                next[pair] += 1
            }
        }
        return (starts, texts)
    }

    /// Indexes one text per item; nil for items without one.
    public init(texts: [String?]) {
        self.init(texts: texts.map { $0.map { [$0] } ?? [] })
    }

    /// Every item whose text contains the folded query, with its best match kind, by item number.
    public func matches(_ query: String) -> [(item: Int, match: MatchKind)] {
        let needle = TextFolding.fold(query)
        guard !needle.isEmpty, !needle.contains(0), keyItems.count > 0 else { return [] }
        var found: [(key: Int, match: MatchKind)] = []
        scan(for: needle) { key, match in found.append((key, match)) }
        if oneKeyPerItem { return found.map { (Int(keyItems[$0.key]), $0.match) } }
        var best: [Int: MatchKind] = [:]
        for hit in found {
            let item = Int(keyItems[hit.key])
            best[item] = min(best[item] ?? .substring, hit.match)
        }
        return best.map { ($0.key, $0.value) }.sorted { $0.0 < $1.0 }
    }

    /// One page of ranked results for `query`.
    ///
    /// Order: match kind (exact, prefix, word start, substring); then, when `distance` is given, nearer
    /// first; otherwise shorter texts first (closer to the query), then alphabetical; item
    /// number last, so the order is always the same. Distances are measured only for the
    /// match kinds that reach into the page asked for.
    ///
    /// - Parameters:
    ///   - page: page number from 1; `pageSize` hits per page.
    ///   - include: a test on item numbers (layers, filters) applied before ranking.
    ///   - distance: metres from the user's position to an item, to rank nearer items first.
    public func search(
        _ query: String, page: Int = 1, pageSize: Int = 20,
        where include: ((Int) -> Bool)? = nil, distance: ((Int) -> Double?)? = nil
    ) -> SearchPage {
        let page = max(1, page), pageSize = max(1, pageSize)
        var groups: [[Int]] = [[], [], [], []]
        for (item, match) in matches(query) where include?(item) ?? true {
            groups[match.rawValue].append(item)
        }
        let total = groups.reduce(0) { $0 + $1.count }
        let window = Self.window(page: page, pageSize: pageSize, total: total)
        var hits: [SearchHit] = []
        var groupStart = 0
        for (kind, items) in groups.enumerated() {
            let groupRange = groupStart..<(groupStart + items.count)
            defer { groupStart += items.count }
            guard groupRange.overlaps(window) else { continue }
            let match = MatchKind(rawValue: kind)!
            let lower = max(window.lowerBound, groupRange.lowerBound) - groupRange.lowerBound
            let upper = min(window.upperBound, groupRange.upperBound) - groupRange.lowerBound
            let ranked: [SearchHit]
            if let distance {
                let measured = items.map { SearchHit(item: $0, match: match, distance: distance($0)) }
                ranked = Self.first(upper, of: measured) { lhs, rhs in
                    let left = lhs.distance ?? .infinity, right = rhs.distance ?? .infinity
                    return left != right ? left < right : lhs.item < rhs.item
                }
            } else {
                let keyed = items.map { (item: $0, key: sortKey(item: $0)) }
                ranked = Self.first(upper, of: keyed) { lhs, rhs in
                    if lhs.key.count != rhs.key.count { return lhs.key.count < rhs.key.count }
                    if lhs.key != rhs.key { return lhs.key.lexicographicallyPrecedes(rhs.key) }
                    return lhs.item < rhs.item
                }.map { SearchHit(item: $0.item, match: match, distance: nil) }
            }
            hits += ranked[lower..<upper]
        }
        return SearchPage(hits: hits, total: total, page: page, pageSize: pageSize)
    }

    /// The positions of page `page` (from 1) among `total` ranked hits: empty past the last
    /// page, and never an overflow, however large the page number a caller sends.
    static func window(page: Int, pageSize: Int, total: Int) -> Range<Int> {
        let (start, overflow) = (page - 1).multipliedReportingOverflow(by: pageSize)
        guard !overflow, start < total else { return total..<total }
        return start..<(start + min(pageSize, total - start))
    }

    /// The `count` first elements in `order`, sorted: a bounded insertion for a short page
    /// out of many matches, a full sort otherwise.
    private static func first<Element>(
        _ count: Int, of elements: [Element], by order: (Element, Element) -> Bool
    ) -> [Element] {
        guard count < 200, elements.count > 4 * count else { return Array(elements.sorted(by: order).prefix(count)) }
        var kept: [Element] = []
        kept.reserveCapacity(count + 1)
        for element in elements {
            if kept.count == count, !order(element, kept[count - 1]) { continue }
            var index = kept.count
            while index > 0 && order(element, kept[index - 1]) { index -= 1 }
            kept.insert(element, at: index)
            if kept.count > count { kept.removeLast() }
        }
        return kept
    }

    /// The folded text of an item (its shortest, when it has several) for ordering.
    private func sortKey(item: Int) -> ArraySlice<UInt8> {
        var best: ArraySlice<UInt8>? = nil
        for key in keys(of: item) {
            let text = bytes[Int(keyStarts[key])..<Int(keyStarts[key + 1]) - 1]
            if best == nil || text.count < best!.count { best = text }
        }
        return best ?? []
    }

    /// Texts of an item: keys are stored in item order, so a binary search finds them.
    private func keys(of item: Int) -> Range<Int> {
        var low = 0, high = keyItems.count
        while low < high {
            let middle = (low + high) / 2
            if Int(keyItems[middle]) < item { low = middle + 1 } else { high = middle }
        }
        var end = low
        while end < keyItems.count && Int(keyItems[end]) == item { end += 1 }
        return low..<end
    }

    /// Calls `body` once per text containing `needle`, with the leftmost match's kind, in
    /// text order: through the rarest byte pair's texts, or a byte scan for one-byte queries.
    private func scan(for needle: [UInt8], _ body: (Int, MatchKind) -> Void) {
        guard needle.count >= 2 else { return scanBytes(for: needle, body) }
        var rarest = 0, rarestCount = Int.max
        for offset in 0..<(needle.count - 1) {
            let pair = Int(needle[offset]) << 8 | Int(needle[offset + 1])
            let count = Int(bigramStarts[pair + 1] - bigramStarts[pair])
            if count < rarestCount { rarest = pair; rarestCount = count }
        }
        bytes.withUnsafeBufferPointer { buffer in
            for index in Int(bigramStarts[rarest])..<Int(bigramStarts[rarest + 1]) {
                let text = Int(bigramTexts[index])
                let start = Int(keyStarts[text]), end = Int(keyStarts[text + 1]) - 1
                guard let match = Self.matchKind(of: needle, in: buffer, start, end) else { continue }
                body(text, match)
            }
        }
    }

    /// How `needle` matches the text `start ..< end` at best, or nil when it does not occur.
    private static func matchKind(
        of needle: [UInt8], in buffer: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int
    ) -> MatchKind? {
        guard var at = firstOccurrence(of: needle, in: buffer, start, end) else { return nil }
        if at == start { return end - start == needle.count ? .exact : .prefix }
        // Not at the start: is any occurrence at the start of a word?
        while true {
            if startsWord(buffer, at) { return .wordStart }
            guard let next = firstOccurrence(of: needle, in: buffer, at + 1, end) else { return .substring }
            at = next
        }
    }

    /// True when the byte before `offset` ends a word: an ASCII byte that is not a letter or
    /// digit. (Folded texts are lower case; bytes of 0x80 and up belong to non-ASCII letters.)
    @inline(__always)
    private static func startsWord(_ buffer: UnsafeBufferPointer<UInt8>, _ offset: Int) -> Bool {
        let before = buffer[offset - 1]
        return before < 0x80 && !(before >= 0x61 && before <= 0x7A) && !(before >= 0x30 && before <= 0x39)
            && !(before >= 0x41 && before <= 0x5A)
    }

    /// The leftmost offset in `start ..< end` where `needle` occurs.
    @inline(__always)
    private static func firstOccurrence(
        of needle: [UInt8], in buffer: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int
    ) -> Int? {
        let length = needle.count
        guard end - start >= length else { return nil }
        let first = needle[0]
        var offset = start
        while offset + length <= end {
            if buffer[offset] == first {
                var matched = 1
                while matched < length && buffer[offset + matched] == needle[matched] { matched += 1 }
                if matched == length { return offset }
            }
            offset += 1
        }
        return nil
    }

    /// The byte scan: `memchr` for the query's byte over the whole buffer.
    private func scanBytes(for needle: [UInt8], _ body: (Int, MatchKind) -> Void) {
        var anchor = 0
        for index in needle.indices where byteCounts[Int(needle[index])] < byteCounts[Int(needle[anchor])] {
            anchor = index
        }
        let anchorByte = Int32(needle[anchor])
        bytes.withUnsafeBufferPointer { buffer in
            needle.withUnsafeBufferPointer { pattern in
                guard let base = buffer.baseAddress, let patternBase = pattern.baseAddress else { return }
                let total = buffer.count, length = pattern.count
                var from = 0
                while from < total {
                    guard let found = memchr(base + from, anchorByte, total - from) else { break }
                    let at = UnsafePointer<UInt8>(found.assumingMemoryBound(to: UInt8.self)) - base
                    let start = at - anchor
                    if start >= 0, start + length <= total, memcmp(base + start, patternBase, length) == 0 {
                        let key = keyContaining(offset: start)
                        let keyStart = Int(keyStarts[key]), keyEnd = Int(keyStarts[key + 1]) - 1
                        body(key, Self.matchKind(of: needle, in: buffer, keyStart, keyEnd) ?? .substring)
                        from = Int(keyStarts[key + 1]) + anchor
                    } else {
                        from = at + 1
                    }
                }
            }
        }
    }

    /// The text holding byte `offset`: the last one starting at or before it.
    private func keyContaining(offset: Int) -> Int {
        var low = 0, high = keyStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if Int(keyStarts[middle]) <= offset { low = middle } else { high = middle - 1 }
        }
        return low
    }
}
