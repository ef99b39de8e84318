import MapGeometry
import Synchronization

/// How to validate: the coordinate rules, the winding check and the caller's business rules.
public struct ValidationOptions: Hashable, Sendable {
    /// Which coordinates are in range: `.geographic` (the default) for lon/lat data,
    /// `.planar` for projected or abstract coordinates (no range check).
    public var domain: CoordinateDomain
    /// Warn about rings against RFC 7946's right-hand rule (exterior counterclockwise).
    public var checkOrientation: Bool
    /// Accept a shell that touches itself to enclose a hole (the ESRI convention).
    public var allowSelfTouchingRingFormingHole: Bool
    /// The caller's business rules, checked after the geometric ones.
    public var rules: EditRules

    public init(
        domain: CoordinateDomain = .geographic, checkOrientation: Bool = true,
        allowSelfTouchingRingFormingHole: Bool = false, rules: EditRules = .none
    ) {
        self.domain = domain
        self.checkOrientation = checkOrientation
        self.allowSelfTouchingRingFormingHole = allowSelfTouchingRingFormingHole
        self.rules = rules
    }
}

/// Says whether a drawn geometry can be saved, and if not what is wrong and where.
///
/// Two layers: structure on the raw coordinates (see ``FindingKind``), then OGC topology
/// through GEOS when the structure allows building the geometry; then the caller's
/// ``EditRules``. The validator keeps the rules' geometries prepared in GEOS and reuses them
/// for many drawings. Tasks may share it: the rules are checked for one drawing at a time
/// (GEOS builds a prepared geometry's indexes on first use), the rest in parallel.
public final class EditValidator: Sendable {
    /// What this validator checks.
    public let options: ValidationOptions
    private let structure: StructureCheck
    private let topology: TopologyCheck
    private let ruleCheck: Mutex<RuleCheck?>

    /// - Throws: `GeometryOperationError` when a rule geometry cannot be prepared by GEOS.
    public init(options: ValidationOptions = ValidationOptions()) throws(GeometryOperationError) {
        self.options = options
        structure = StructureCheck(domain: options.domain, checkOrientation: options.checkOrientation)
        topology = TopologyCheck(allowSelfTouchingRingFormingHole: options.allowSelfTouchingRingFormingHole)
        ruleCheck = Mutex(options.rules.isEmpty ? nil : try RuleCheck(options.rules))
    }

    /// Validates a raw drawing.
    public func validate(_ drawing: DrawnGeometry) -> ValidationReport {
        var (findings, canCheckTopology) = structure.run(drawing)
        guard canCheckTopology else {
            return ValidationReport(findings: findings, topologyProblem: nil, topologyChecked: false)
        }
        // Most drawn polygons are simple rings: proven valid here, GEOS is asked only otherwise.
        var problem: ValidityProblem?
        // A structural error (a spike, a zero-length line) goes to GEOS too, for its own reason.
        let structureError = findings.contains { $0.severity == .error }
        if structureError || !SimplePolygonCertificate.certifies(drawing) {
            let (topologyProblem, topologyFinding) = topology.run(drawing.uncheckedGeometry(), drawing: drawing)
            problem = topologyProblem
            if let topologyFinding, !Self.alreadyExplained(topologyFinding, by: findings) { findings.append(topologyFinding) }
        }
        if !options.rules.isEmpty {
            let geometry = drawing.uncheckedGeometry(), topologyValid = problem == nil
            findings += ruleCheck.withLock { $0?.run(geometry, topologyValid: topologyValid) ?? [] }
        }
        return ValidationReport(findings: findings, topologyProblem: problem, topologyChecked: true)
    }

    /// Validates a geometry value (already structurally sound: closed rings, finite coordinates).
    public func validate(_ geometry: Geometry) -> ValidationReport {
        validate(DrawnGeometry(geometry))
    }

    /// GEOS reports a spike, a collapsed ring or a ring of too few corners as a
    /// self-intersection or "too few points" on that same ring: the structure finding already
    /// says it better, so the user sees one message, not two. (GEOS reports only its first
    /// problem anyway; once the user fixes the ring, any other problem shows up.)
    private static func alreadyExplained(_ finding: ValidationFinding, by findings: [ValidationFinding]) -> Bool {
        findings.contains { earlier in
            [.spike, .zeroAreaRing, .tooFewPositions, .zeroLengthLine].contains(earlier.kind) && earlier.severity == .error
                && earlier.index.member == finding.index.member && earlier.index.part == finding.index.part
                && earlier.index.ring == finding.index.ring
        }
    }
}
