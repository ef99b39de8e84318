/// Units for lengths the user may choose; conversions are exact by definition
/// (international foot 0.3048 m, statute mile 1609.344 m).
public enum LengthUnit: String, Hashable, Sendable, CaseIterable {
    case metres = "m"
    case kilometres = "km"
    case miles = "mi"
    case feet = "ft"

    /// Metres in one of this unit.
    public var metres: Double {
        switch self {
        case .metres: 1
        case .kilometres: 1000
        case .miles: 1609.344
        case .feet: 0.3048
        }
    }

    /// `value` metres in this unit.
    public func fromMetres(_ value: Double) -> Double { value / metres }
    /// `value` of this unit in metres.
    public func toMetres(_ value: Double) -> Double { value * metres }
}
