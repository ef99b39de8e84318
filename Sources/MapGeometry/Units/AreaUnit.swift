/// Units for areas the user may choose (international acre: 4046.8564224 m²).
public enum AreaUnit: String, Hashable, Sendable, CaseIterable {
    case squareMetres = "m2"
    case squareKilometres = "km2"
    case hectares = "ha"
    case acres = "ac"
    case squareFeet = "ft2"
    case squareMiles = "mi2"

    /// Square metres in one of this unit.
    public var squareMetres: Double {
        switch self {
        case .squareMetres: 1
        case .squareKilometres: 1_000_000
        case .hectares: 10_000
        case .acres: 4046.8564224
        case .squareFeet: 0.09290304
        case .squareMiles: 2_589_988.110336
        }
    }

    /// `value` square metres in this unit.
    public func fromSquareMetres(_ value: Double) -> Double { value / squareMetres }
    /// `value` of this unit in square metres.
    public func toSquareMetres(_ value: Double) -> Double { value * squareMetres }
}
