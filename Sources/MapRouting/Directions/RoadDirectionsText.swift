import MapGeometry
import MapGeoJSON

extension RoadPath {
    /// The directions as plain text, one numbered line per step with the distance to the next
    /// manoeuvre ("2. Turn left onto Esplanadi — 350 m"), then the totals and the road layer's
    /// attribution when it has one. Every line ends with a newline.
    public func text(units: UnitSystem = .metric, members: [ForeignMember] = []) -> String {
        var lines = [String]()
        for (index, (step, measures)) in zip(steps, writtenStepMeasures()).enumerated() {
            let distance = step.manoeuvre == .arrive ? "" : " — \(units.text(metres: measures.distance))"
            lines.append("\(index + 1). \(step.instruction)\(distance)")
        }
        lines.append("Total: \(units.text(metres: Self.rounded(distance))), \(UnitSystem.text(seconds: Self.rounded(duration)))")
        if let attribution = members.first(where: { $0.name == "attribution" })?.value.value.stringValue {
            lines.append(attribution)
        }
        return lines.map { $0 + "\n" }.joined()
    }
}
