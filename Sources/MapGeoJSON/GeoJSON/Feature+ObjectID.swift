extension Feature {
    /// The id a map screen knows this object by: its RFC 7946 `id`, else its `id` property
    /// (OpenStreetMap extracts such as the sample data keep `node/123` there); nil for neither.
    public var objectID: String? {
        if let id { return id.description }
        return Self.identifier(properties.value("id"))?.description
    }

    /// The feature as an answer shows it: with its RFC 7946 `id` taken from its `id` property
    /// when it has none, so that every object in an answer carries the top-level `id` a map
    /// client keys its features by. The properties stay as they are.
    public var carryingObjectID: Feature {
        guard let identifier = idFromProperty else { return self }
        var feature = self
        feature.id = identifier
        return feature
    }

    /// The identifier the `id` property gives a feature that has no RFC 7946 `id`.
    fileprivate var idFromProperty: FeatureIdentifier? { id == nil ? Self.identifier(properties.value("id")) : nil }

    /// A string or number `id` property as an identifier.
    private static func identifier(_ value: JSONValue?) -> FeatureIdentifier? {
        switch value {
        case let .string(text)?: return .string(text)
        case let .number(number)?: return FeatureIdentifier(number)
        default: return nil
        }
    }
}

extension Array where Element == Feature {
    /// The features with ``Feature/carryingObjectID``; the same array, not a copy, when every
    /// feature already has its `id` or has no `id` property.
    public var carryingObjectIDs: [Feature] {
        guard contains(where: { $0.idFromProperty != nil }) else { return self }
        return map(\.carryingObjectID)
    }
}
