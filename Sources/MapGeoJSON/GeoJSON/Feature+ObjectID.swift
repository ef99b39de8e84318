extension Feature {
    /// The id a map screen knows this object by: its RFC 7946 `id`, else its `id` property
    /// (OpenStreetMap extracts such as the sample data keep `node/123` there); nil for neither.
    public var objectID: String? {
        if let id { return id.description }
        switch properties.value("id") {
        case let .string(text)?: return text
        case let .number(number)?: return FeatureIdentifier(number).description
        default: return nil
        }
    }
}
