import MapGeometry
import MapGeoJSON

/// The measures of a geometry that a person can trust: a polygon that is not valid (a bow-tie
/// whose boundary crosses itself has a signed area near 0 m²) is measured in its repaired form,
/// and says so, instead of giving a silent wrong number.
public struct CheckedMeasures: Hashable, Sendable {
    /// The measures: of the geometry itself, or of its repaired form when ``measuredRepaired``.
    public var measures: EditMeasures
    /// True when the geometry's polygons were invalid and the measures are those of the repair.
    public var measuredRepaired: Bool
    /// The errors that made the polygons invalid (empty when they are valid).
    public var findings: [ValidationFinding]

    /// Measures `geometry`, checking its polygons first (lines and points are measured as they
    /// are: a line that crosses itself still has its length). When an invalid polygon cannot be
    /// repaired, the measures are those of the geometry as drawn, with the findings.
    public init(_ geometry: Geometry, validator: EditValidator) {
        let plain = EditMeasures(geometry)
        measures = plain
        measuredRepaired = false
        findings = []
        guard plain.hasArea else { return }
        let report = validator.validate(geometry)
        guard !report.isValid else { return }
        findings = report.errors
        let repair = GeometryRepairer().repair(geometry)
        if repair.isRepaired, let repaired = repair.geometry {
            measures = EditMeasures(repaired)
            measuredRepaired = true
        }
    }

    /// Members a measured feature gets besides its figures when it was not valid:
    /// `valid: false`, `measured_as: "repaired"` or `"drawn"`, and the `findings`.
    public var statusMembers: [(String, JSONValue)] {
        guard !findings.isEmpty else { return [] }
        return [
            ("valid", .bool(false)),
            ("measured_as", .string(measuredRepaired ? "repaired" : "drawn")),
            ("findings", .array(findings.map(\.jsonValue))),
        ]
    }
}
