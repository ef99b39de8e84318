import MapGeometry
import MapGeoJSON

/// A filter over features, as a plain value: build it from the user's choices (visible layers,
/// property values, an area), keep it, send it between tasks, and apply it wherever features
/// are selected: before clustering, so clusters count only what is visible, and in queries.
///
/// ```swift
/// let filter = FeatureFilter.all([
///     .oneOf("type", ["restaurant", "shop"]),     // the visible layers
///     .equals("cc", "FI"),                        // a property value
///     .inside(functionalLocation),                // an area
/// ])
/// let matcher = try filter.matcher()              // once per task
/// let visible = features.filter(matcher.matches)
/// ```
///
/// Property values are compared as text: a string member matches its own text, a number
/// the same number (`"15"` matches 15 and 15.0), a boolean `"true"` / `"false"`, JSON null `"null"`.
public indirect enum FeatureFilter: Hashable, Sendable {
    /// Every filter holds (an empty list holds for every feature).
    case all([FeatureFilter])
    /// At least one filter holds.
    case any([FeatureFilter])
    /// The filter does not hold.
    case not(FeatureFilter)
    /// Property `key` has the value `value`.
    case equals(String, String)
    /// Property `key` has one of `values` (a feature without the property never matches).
    case oneOf(String, Set<String>)
    /// The feature has property `key` (any value, null included).
    case has(String)
    /// The feature's geometry lies inside the area: a point inside or on its boundary,
    /// a line or polygon in its interior. A feature without geometry never matches.
    case inside(Geometry)

    /// Every feature.
    public static let everything = FeatureFilter.all([])

    /// Prepares the filter for testing many features: areas become GEOS prepared geometries.
    /// A matcher is not `Sendable`; make one per task.
    public func matcher() throws(GeometryOperationError) -> FeatureMatcher {
        try FeatureMatcher(self)
    }

    /// Parses `KEY=VALUE` (as `mapctl query --where` takes it) into ``equals(_:_:)``.
    /// - Throws: ``QueryError`` when there is no `=` or the key is empty.
    public static func parse(_ text: String) throws(QueryError) -> FeatureFilter {
        guard let separator = text.firstIndex(of: "="), separator != text.startIndex else {
            throw QueryError("'\(text)' is not KEY=VALUE (for example type=restaurant)")
        }
        return .equals(String(text[..<separator]), String(text[text.index(after: separator)...]))
    }
}

/// A ``FeatureFilter`` ready to test features.
public final class FeatureMatcher {
    private indirect enum Node {
        case all([Node]), any([Node]), not(Node)
        case equals(String, String), oneOf(String, Set<String>), has(String)
        case inside(PreparedGeometry)
    }

    private let root: Node

    init(_ filter: FeatureFilter) throws(GeometryOperationError) {
        root = try Self.compile(filter)
    }

    private static func compile(_ filter: FeatureFilter) throws(GeometryOperationError) -> Node {
        switch filter {
        case let .all(filters):
            var nodes: [Node] = []
            for filter in filters { nodes.append(try compile(filter)) }
            return .all(nodes)
        case let .any(filters):
            var nodes: [Node] = []
            for filter in filters { nodes.append(try compile(filter)) }
            return .any(nodes)
        case let .not(filter): return .not(try compile(filter))
        case let .equals(key, value): return .equals(key, value)
        case let .oneOf(key, values): return .oneOf(key, values)
        case let .has(key): return .has(key)
        case let .inside(area): return .inside(try PreparedGeometry(area))
        }
    }

    /// True when the feature passes the filter. A GEOS failure on one feature's geometry
    /// (which a valid value cannot cause) counts as not matching.
    public func matches(_ feature: Feature) -> Bool {
        matches(root, feature)
    }

    private func matches(_ node: Node, _ feature: Feature) -> Bool {
        switch node {
        case let .all(nodes): return nodes.allSatisfy { matches($0, feature) }
        case let .any(nodes): return nodes.contains { matches($0, feature) }
        case let .not(node): return !matches(node, feature)
        case let .equals(key, value): return Self.text(of: key, in: feature).map { Self.same($0, value) } ?? false
        case let .oneOf(key, values):
            guard let text = Self.text(of: key, in: feature) else { return false }
            if values.contains(text) { return true }
            guard let number = Double(text) else { return false }
            return values.contains { Double($0) == number }
        case let .has(key): return feature.properties.value(key) != nil
        case let .inside(area):
            guard let geometry = feature.geometry else { return false }
            return (try? AreaTest.isInside(geometry, area)) ?? false
        }
    }

    /// The property as text (see ``FeatureFilter``); the reader's eager `type` is used as is.
    static func text(of key: String, in feature: Feature) -> String? {
        if key == "type", let type = feature.typeProperty { return type }
        switch feature.properties.value(key) {
        case nil: return nil
        case let .string(text)?: return text
        case let .bool(value)?: return value ? "true" : "false"
        case .null?: return "null"
        case let .number(number)?:
            return number == number.rounded() && abs(number) < 1e15 ? String(Int64(number)) : String(number)
        case let .array(values)?: return "\(values)"
        case let .object(object)?: return "\(object)"
        }
    }

    /// Equal text, or equal numbers written differently ("15" and "15.0").
    static func same(_ text: String, _ wanted: String) -> Bool {
        if text == wanted { return true }
        guard let left = Double(text), let right = Double(wanted) else { return false }
        return left == right
    }
}
