/// The unit system a user reads distances in: what `--units` on the command line and `units`
/// in the service's requests choose. It says a distance as a map label does ("1.2 km",
/// "0.7 mi"); the numbers in the answers (`distance_m`, `length_m`) stay metres.
public enum UnitSystem: String, Hashable, Sendable, CaseIterable {
    /// Metres below a kilometre ("850 m"), else kilometres ("1.2 km"); hectares for areas.
    case metric
    /// Feet below a tenth of a mile ("420 ft"), else miles ("0.7 mi"); acres for areas.
    case imperial

    /// A distance as the map page says it (`format.mjs`): one decimal below 100 km or 100 mi,
    /// whole numbers above ("850 m", "1.2 km", "240 km", "420 ft", "0.7 mi").
    public func text(metres: Double) -> String {
        switch self {
        case .imperial:
            let miles = metres / LengthUnit.miles.metres
            return miles >= 0.1 ? "\(Self.fixed(miles, miles < 100 ? 1 : 0)) mi" : "\(Int((metres / LengthUnit.feet.metres).rounded())) ft"
        case .metric:
            return metres >= 1000 ? "\(Self.fixed(metres / 1000, metres < 100_000 ? 1 : 0)) km" : "\(Int(metres.rounded())) m"
        }
    }

    /// "45 s", "28 min", "1 h 05 min": a duration as the map page says it, the same in
    /// every unit system.
    public static func text(seconds: Double) -> String {
        if seconds < 60 { return "\(Int(seconds.rounded())) s" }
        let minutes = Int((seconds / 60).rounded())
        if minutes < 60 { return "\(minutes) min" }
        let rest = minutes % 60
        return "\(minutes / 60) h \(rest < 10 ? "0" : "")\(rest) min"
    }

    /// The larger length unit of the system, for figures added beside metres (km, mi).
    public var lengthUnit: LengthUnit { self == .metric ? .kilometres : .miles }

    /// The area unit of the system for parcels and sites (ha, ac).
    public var areaUnit: AreaUnit { self == .metric ? .hectares : .acres }

    private static func fixed(_ value: Double, _ decimals: Int) -> String {
        decimals == 0 ? String(Int(value.rounded())) : String(Double(Int((value * 10).rounded())) / 10)
    }
}
