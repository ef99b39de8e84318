import MapGeoJSON

/// How a search text matched an item's text, best first.
public enum MatchKind: Int, Comparable, Hashable, Sendable, CustomStringConvertible {
    /// The whole folded text equals the query.
    case exact
    /// The folded text starts with the query.
    case prefix
    /// A later word of the folded text starts with the query ("paulo" in "sao paulo"): the
    /// query follows a space, hyphen, apostrophe or other ASCII non-alphanumeric byte.
    case wordStart
    /// The query occurs inside a word of the folded text.
    case substring

    public static func < (lhs: MatchKind, rhs: MatchKind) -> Bool { lhs.rawValue < rhs.rawValue }

    public var description: String {
        switch self {
        case .exact: "exact"
        case .prefix: "prefix"
        case .wordStart: "word start"
        case .substring: "substring"
        }
    }
}

/// One search result.
public struct SearchHit: Hashable, Sendable {
    /// The item's number in the index.
    public let item: Int
    /// The best way any of the item's texts matched.
    public let match: MatchKind
    /// Geodesic distance in metres from the search position, when one was given.
    public let distance: Double?
}

/// One page of ranked search results.
public struct SearchPage: Hashable, Sendable {
    /// The hits of this page, best first.
    public let hits: [SearchHit]
    /// How many items matched in all.
    public let total: Int
    /// The page number (from 1) and its size, as asked for.
    public let page: Int
    public let pageSize: Int

    /// How many pages of `pageSize` hold all `total` hits (0 when nothing matched).
    public var pages: Int { total / pageSize + (total % pageSize == 0 ? 0 : 1) }

    /// True when later pages hold more hits.
    public var hasMore: Bool { page < pages }

    /// `total`, `page` and `pages` as foreign members of the answer's FeatureCollection, so
    /// that a list panel can say "41–60 of 312" (pages count from 1, as asked).
    public var pagingMembers: [ForeignMember] {
        [ForeignMember(name: "total", value: .number(Double(total))),
         ForeignMember(name: "page", value: .number(Double(page))),
         ForeignMember(name: "pages", value: .number(Double(pages)))]
    }
}
