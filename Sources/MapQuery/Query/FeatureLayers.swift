import MapGeoJSON

/// Features grouped into map layers by a property (`type` by default), for the layer list
/// of a map screen and for showing and hiding layers.
public struct FeatureLayers: Hashable, Sendable {
    /// One layer: the features with one value of the property.
    public struct Layer: Hashable, Sendable {
        /// The property value; nil for the features without the property.
        public let name: String?
        /// The features' numbers, ascending.
        public let items: [Int]
    }

    /// The property the layers are made from.
    public let key: String
    /// Layers sorted by name; the layer without a name (if any) last.
    public let layers: [Layer]

    public init(_ features: [Feature], by key: String = "type") {
        self.key = key
        var groups: [String?: [Int]] = [:]
        for (item, feature) in features.enumerated() {
            groups[FeatureMatcher.text(of: key, in: feature), default: []].append(item)
        }
        layers = groups.map { Layer(name: $0.key, items: $0.value) }.sorted { lhs, rhs in
            switch (lhs.name, rhs.name) {
            case let (left?, right?): left < right
            case (_?, nil): true
            default: false
            }
        }
    }

    /// Layer names, sorted.
    public var names: [String] { layers.compactMap(\.name) }

    /// The layer with this name.
    public func layer(_ name: String) -> Layer? { layers.first { $0.name == name } }

    /// The filter that shows only these layers. Features without the property belong to no
    /// layer and are hidden too, unless `keepingUnlayered`.
    public func showing(_ names: Set<String>, keepingUnlayered: Bool = false) -> FeatureFilter {
        .layers(names, key: key, keepingUnlayered: keepingUnlayered)
    }

    /// The filter that hides these layers and shows the rest (features without the property stay).
    public func hiding(_ names: Set<String>) -> FeatureFilter { .not(.oneOf(key, names)) }
}

extension FeatureFilter {
    /// Only the features whose property `key` has one of `names` (the visible layers); the
    /// features without the property too when `keepingUnlayered` (otherwise, having no
    /// layer, they are hidden whenever layers are chosen).
    public static func layers(_ names: Set<String>, key: String = "type", keepingUnlayered: Bool = false) -> FeatureFilter {
        keepingUnlayered ? .any([.oneOf(key, names), .not(.has(key))]) : .oneOf(key, names)
    }
}
