/// A PROJ failure, with PROJ's own words and what to check.
public struct ProjectionError: Error, Hashable, Sendable, CustomStringConvertible {
    public enum Kind: Hashable, Sendable {
        /// PROJ does not know the CRS or cannot build an operation between the two.
        case cannotCreateTransform
        /// A coordinate could not be transformed (outside the CRS's domain, for example).
        case coordinateNotTransformable(index: Int)
    }

    public let kind: Kind
    public let source: String
    public let target: String
    /// PROJ's explanation.
    public let detail: String

    public var description: String {
        switch kind {
        case .cannotCreateTransform:
            "cannot transform from \(source) to \(target): \(detail) "
                + "(use an EPSG code such as EPSG:3857, a PROJ string or WKT)"
        case let .coordinateNotTransformable(index):
            "coordinate \(index) cannot be transformed from \(source) to \(target): \(detail) "
                + "(is it inside the area where \(target) is defined, and in lon/lat order?)"
        }
    }
}
