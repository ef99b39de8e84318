/// One line of a map legend: a type shown on screen, how it is drawn and how many objects
/// of it are visible.
public struct LegendEntry: Hashable, Sendable {
    public var type: String
    public var title: String
    public var color: String
    public var symbol: String?
    /// Objects of this type in the visible result (inside clusters included).
    public var count: Int
}

/// Builds legends from type counts.
public enum Legend {
    /// One entry per type with a non-zero count, sorted by title then type.
    public static func entries(counts: [String: Int], style: ClusterStyle, allTypes: [String]) -> [LegendEntry] {
        let styles = style.resolved(for: allTypes)
        return counts.filter { $0.value > 0 }.map { type, count in
            let typeStyle = styles[type] ?? style.style(for: type, among: allTypes)
            return LegendEntry(type: type, title: typeStyle.title, color: typeStyle.color, symbol: typeStyle.symbol, count: count)
        }.sorted { ($0.title, $0.type) < ($1.title, $1.type) }
    }
}
