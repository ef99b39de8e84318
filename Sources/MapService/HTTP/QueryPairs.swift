import Foundation

/// The `name=value` pairs of a query string, read as Hummingbird's `URI.queryParameters`
/// reads them: split at `&`, the name up to the first `=` as sent, the value percent-decoded
/// (as sent when that fails; an escape of invalid UTF-8 also keeps the text as sent, where
/// Hummingbird repairs it), a pair without `=` a name with an empty value, the first pair
/// of a name the one that counts. Its dictionary hashes every name and its parser throws at
/// the end of each pair (7.1 k instructions of a cluster answer's 251 k under callgrind, now
/// 4.8 k), for the two to five parameters a request has, which a look along the list finds.
struct QueryPairs {
    /// A struct, not a tuple: the metadata of an array of tuples is looked up at run time on
    /// every request (1 % of a cluster answer).
    private struct Pair {
        let name: Substring
        let value: Substring
    }

    private var pairs: [Pair] = []

    init(_ query: String?) {
        guard let query else { return }
        pairs.reserveCapacity(8)
        // Split on the UTF-8 bytes: `&` and `=` are single bytes that no other character
        // contains, and `split` by `Character` cost more than the rest of the answer's reading.
        // A loop, not `utf8.split`: that builds an array first (2.4 k instructions more).
        let bytes = query.utf8
        var start = bytes.startIndex
        while start < bytes.endIndex {
            let end = bytes[start...].firstIndex(of: UInt8(ascii: "&")) ?? bytes.endIndex
            if start < end { add(query[start..<end]) }
            start = end < bytes.endIndex ? bytes.index(after: end) : end
        }
    }

    private mutating func add(_ pair: Substring) {
        guard let equals = pair.utf8.firstIndex(of: UInt8(ascii: "=")) else {
            pairs.append(Pair(name: pair, value: ""))
            return
        }
        pairs.append(Pair(name: pair[..<equals], value: Self.percentDecoded(pair[pair.utf8.index(after: equals)...])))
    }

    subscript(name: String) -> Substring? {
        pairs.first { $0.name == name }?.value
    }

    /// `%XX` escapes decoded as object ids in paths are (``RequestValues``): by Foundation,
    /// the text as sent when it has none or they do not decode. Only a value with a `%` pays.
    private static func percentDecoded(_ text: Substring) -> Substring {
        let percent = UInt8(ascii: "%")
        guard text.utf8.withContiguousStorageIfAvailable({ $0.contains(percent) }) ?? text.utf8.contains(percent) else { return text }
        return String(text).removingPercentEncoding.map { $0[...] } ?? text
    }
}
