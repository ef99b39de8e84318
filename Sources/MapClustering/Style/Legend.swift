import MapGeoJSON

/// One line of a map legend: a type shown on screen, how it is drawn and how many objects
/// of it are visible; or the neutral colour of clusters that mix types (``isMixed``).
public struct LegendEntry: Hashable, Sendable {
    /// The type; empty for the mixed-types entry.
    public var type: String
    public var title: String
    public var color: String
    public var symbol: String?
    /// Objects of this type in the visible result (inside clusters included); for the
    /// mixed-types entry, the objects inside visible clusters of several types.
    public var count: Int
    /// True for the entry of the neutral colour: clusters whose objects have several types.
    public var isMixed: Bool

    public init(type: String, title: String, color: String, symbol: String? = nil, count: Int, isMixed: Bool = false) {
        self.type = type
        self.title = title
        self.color = color
        self.symbol = symbol
        self.count = count
        self.isMixed = isMixed
    }

    /// The entry as JSON: `{"color", "count", "mixed"?, "symbol"?, "title", "type"}`.
    public var json: JSONValue {
        var object: JSONObject = ["color": .string(color), "count": .number(Double(count))]
        if isMixed { object["mixed"] = true }
        if let symbol { object["symbol"] = .string(symbol) }
        object["title"] = .string(title)
        object["type"] = .string(type)
        return .object(object)
    }
}

/// Builds legends from type counts.
public enum Legend {
    /// The title of the neutral colour's entry.
    public static let mixedTitle = "Mixed types"

    /// One entry per type with a non-zero count, sorted by title then type; then, when
    /// `mixedCount` objects sit in clusters of several types, the neutral colour's entry.
    public static func entries(counts: [String: Int], style: ClusterStyle, allTypes: [String], mixedCount: Int = 0) -> [LegendEntry] {
        entries(counts: counts, style: style, resolved: style.resolved(for: allTypes), allTypes: allTypes, mixedCount: mixedCount)
    }

    /// The entries with `style` already resolved for `allTypes` (a cluster index keeps it, and
    /// resolving per view was 1 % of the service's CPU).
    static func entries(
        counts: [String: Int], style: ClusterStyle, resolved styles: [String: ClusterStyle.TypeStyle], allTypes: [String],
        mixedCount: Int
    ) -> [LegendEntry] {
        var entries = counts.filter { $0.value > 0 }.map { type, count in
            let typeStyle = styles[type] ?? style.style(for: type, among: allTypes)
            return LegendEntry(type: type, title: typeStyle.title, color: typeStyle.color, symbol: typeStyle.symbol, count: count)
        }.sorted { ($0.title, $0.type) < ($1.title, $1.type) }
        if mixedCount > 0 {
            entries.append(LegendEntry(type: "", title: mixedTitle, color: style.neutralColor, count: mixedCount, isMixed: true))
        }
        return entries
    }

    /// A legend as a JSON array (what `mapctl cluster --legend` prints).
    public static func json(_ entries: [LegendEntry]) -> JSONValue { .array(entries.map(\.json)) }

    /// The text of ``json(_:)``, written without building the value: the legend of every view
    /// the service answers, where building and writing the value was about 3 % of the instructions.
    static func rawJSON(_ entries: [LegendEntry]) -> RawJSON {
        RawJSON { output in
            output.append("[")
            for (index, entry) in entries.enumerated() {
                if index > 0 { output.append(",") }
                output.append("{\"color\":")
                output.writeString(entry.color)
                output.append(",\"count\":")
                output.writeShortest(Double(entry.count))
                if entry.isMixed { output.append(",\"mixed\":true") }
                if let symbol = entry.symbol {
                    output.append(",\"symbol\":")
                    output.writeString(symbol)
                }
                output.append(",\"title\":")
                output.writeString(entry.title)
                output.append(",\"type\":")
                output.writeString(entry.type)
                output.append("}")
            }
            output.append("]")
        }
    }
}
