import MapGeometry

/// Everything the validator found about one drawing.
public struct ValidationReport: Hashable, Sendable {
    /// Structure findings first (in document order), then GEOS's, then broken rules.
    public var findings: [ValidationFinding]
    /// GEOS's own first problem (nil when GEOS found none or did not run), kept as GEOS
    /// names it so results can be compared with other GEOS-based tools.
    public var topologyProblem: ValidityProblem?
    /// False when a structural problem (NaN, an unclosed ring, a one-position line) kept
    /// the drawing from being checked by GEOS.
    public var topologyChecked: Bool

    /// True when no finding is an error: the geometry may be saved (warnings are fixed by repair).
    public var isValid: Bool { !findings.contains { $0.severity == .error } }

    /// The findings that keep the geometry from being saved.
    public var errors: [ValidationFinding] { findings.filter { $0.severity == .error } }
    /// The findings that do not (repair fixes most of them).
    public var warnings: [ValidationFinding] { findings.filter { $0.severity == .warning } }

    /// The OGC reason in GEOS's terms: GEOS's own answer when it ran, otherwise the reason
    /// GEOS gives for the structural problem that stopped it (invalid coordinate, ring not
    /// closed, too few points), in GEOS's order of checks. Nil when OGC-valid.
    public var validityKind: ValidityProblemKind? {
        if let topologyProblem { return topologyProblem.kind }
        let blocking = findings.compactMap { $0.kind.blockingValidityKind }
        for kind in [ValidityProblemKind.invalidCoordinate, .ringNotClosed, .tooFewPoints] where blocking.contains(kind) {
            return kind
        }
        return nil
    }

    /// True when some finding has `kind`.
    public func contains(_ kind: FindingKind) -> Bool { findings.contains { $0.kind == kind } }
}
