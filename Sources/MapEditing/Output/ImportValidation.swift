import MapGeoJSON

/// Which features an import into a table may write: each validated as edit mode validates a
/// drawing, invalid ones repaired when asked, and ids that name one object only. Nothing is
/// written while any is refused (``refusals``), so a table never holds a shape the editor
/// would refuse.
public struct ImportValidation: Sendable {
    /// A feature the import cannot write, and why.
    public struct Refusal: Sendable {
        public enum Reason: Sendable {
            /// Its id is an earlier feature's too.
            case repeatedID(String)
            /// Its geometry is invalid (and could not be repaired, when asked): the errors found.
            case invalid([ValidationFinding])
        }

        /// The feature's index in the input.
        public let index: Int
        public let reason: Reason
    }

    /// The features to write: as given, with repaired geometries where repaired.
    public private(set) var features: [Feature]
    /// The features that cannot be written, in input order.
    public private(set) var refusals: [Refusal] = []
    /// How many geometries were repaired.
    public private(set) var repairedCount = 0

    /// Validates `features` with `validator`; with `repairer`, replaces the invalid geometries
    /// that it can repair.
    public init(_ features: [Feature], validator: EditValidator, repairer: GeometryRepairer? = nil) {
        self.features = features
        var seen = Set<String>()
        for (index, feature) in features.enumerated() {
            if let id = feature.objectID, !seen.insert(id).inserted {
                refusals.append(Refusal(index: index, reason: .repeatedID(id)))
                continue
            }
            guard let geometry = feature.geometry else { continue }
            let drawing = DrawnGeometry(geometry)
            let report = validator.validate(drawing)
            guard !report.isValid else { continue }
            if let outcome = repairer?.repair(drawing, validator: validator), outcome.isRepaired, let fixed = outcome.geometry {
                self.features[index].geometry = fixed
                repairedCount += 1
                continue
            }
            refusals.append(Refusal(index: index, reason: .invalid(report.findings.filter { $0.severity == .error })))
        }
    }
}
