/// Words for findings and repairs: how to name a place in a drawing for a person
/// ("vertex 7 of hole 1, part 2": counted from 1) and for a developer (`coordinates[1][1][6]`).
enum Wording {
    /// "vertex 7", counted from 1.
    static func vertex(_ index: Int?) -> String {
        guard let index else { return "" }
        return "vertex \(index + 1)"
    }

    /// Which outline or line: "the boundary", "hole 1", "line 2", with the part when there are several.
    static func outline(_ index: DrawingIndex, role: DrawnComponent.Role? = nil) -> String {
        var name: String
        switch (role, index.ring) {
        case (_, .some(0)): name = "the boundary"
        case let (_, .some(ring)): name = "hole \(ring)"
        case (.line?, nil): name = "the line"
        case (.point?, nil): name = "the point"
        default: name = "the shape"
        }
        if let part = index.part, index.ring != nil || role == .line { name += " of part \(part + 1)" }
        if let member = index.member { name += " of item \(member + 1)" }
        return name
    }

    /// "The boundary", capitalised for the start of a sentence.
    static func capitalised(_ text: String) -> String {
        guard let first = text.first else { return text }
        return first.uppercased() + text.dropFirst()
    }

    /// A coordinate pair for technical messages.
    static func coordinates(_ position: DrawnPosition) -> String {
        "[\(position.longitude),\(position.latitude)]"
    }

    /// A distance for people: "3.2 m", "1.25 km".
    static func metres(_ value: Double) -> String {
        value >= 1000 ? "\(rounded(value / 1000, digits: 2)) km" : "\(rounded(value, digits: 1)) m"
    }

    /// An area for people: "120 m²", "3.4 ha", "12.5 km²".
    static func squareMetres(_ value: Double) -> String {
        if value >= 1_000_000 { return "\(rounded(value / 1_000_000, digits: 2)) km²" }
        if value >= 10_000 { return "\(rounded(value / 10_000, digits: 2)) ha" }
        return "\(rounded(value, digits: 1)) m²"
    }

    private static func rounded(_ value: Double, digits: Int) -> String {
        var scale = 1.0
        for _ in 0..<digits { scale *= 10 }
        let number = (value * scale).rounded() / scale
        return number == number.rounded() ? String(Int(number)) : String(number)
    }
}
