import MapGeoJSON

/// The unit system of distances in text directions.
public enum DistanceUnits: String, Hashable, Sendable, CaseIterable {
    /// Metres below a kilometre ("850 m"), else kilometres to a tenth ("1.2 km").
    case metric
    /// Feet below a tenth of a mile ("420 ft"), else miles to a tenth ("0.7 mi").
    case imperial

    /// A distance as the map page says it (`format.mjs`): "850 m", "1.2 km", "420 ft", "0.7 mi".
    public func text(metres: Double) -> String {
        switch self {
        case .imperial:
            let miles = metres / 1609.344
            return miles >= 0.1 ? "\(fixed(miles, miles < 100 ? 1 : 0)) mi" : "\(Int((metres / 0.3048).rounded())) ft"
        case .metric:
            return metres >= 1000 ? "\(fixed(metres / 1000, metres < 100_000 ? 1 : 0)) km" : "\(Int(metres.rounded())) m"
        }
    }

    private func fixed(_ value: Double, _ decimals: Int) -> String {
        decimals == 0 ? String(Int(value.rounded())) : String(Double(Int((value * 10).rounded())) / 10)
    }
}

extension RoadPath {
    /// The directions as plain text, one numbered line per step with the distance to the next
    /// manoeuvre ("2. Turn left onto Esplanadi — 350 m"), then the totals and the road layer's
    /// attribution when it has one. Every line ends with a newline.
    public func text(units: DistanceUnits = .metric, members: [ForeignMember] = []) -> String {
        var lines = [String]()
        for (index, (step, measures)) in zip(steps, writtenStepMeasures()).enumerated() {
            let distance = step.manoeuvre == .arrive ? "" : " — \(units.text(metres: measures.distance))"
            lines.append("\(index + 1). \(step.instruction)\(distance)")
        }
        lines.append("Total: \(units.text(metres: Self.rounded(distance))), \(Self.durationText(Self.rounded(duration)))")
        if let attribution = members.first(where: { $0.name == "attribution" })?.value.value.stringValue {
            lines.append(attribution)
        }
        return lines.map { $0 + "\n" }.joined()
    }

    /// "45 s", "28 min", "1 h 05 min", as the map page says durations.
    static func durationText(_ seconds: Double) -> String {
        if seconds < 60 { return "\(Int(seconds.rounded())) s" }
        let minutes = Int((seconds / 60).rounded())
        if minutes < 60 { return "\(minutes) min" }
        let rest = minutes % 60
        return "\(minutes / 60) h \(rest < 10 ? "0" : "")\(rest) min"
    }
}
