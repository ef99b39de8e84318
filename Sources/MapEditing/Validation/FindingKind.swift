import MapGeometry

/// What a validation finding is about. The raw value is the stable name used in JSON output.
public enum FindingKind: String, Hashable, Sendable, CaseIterable {
    // MARK: Structure (checked on the raw coordinates, before GEOS)

    /// A line with fewer than two positions, a ring with fewer than four (three corners and the closing one).
    case tooFewPositions = "too_few_positions"
    /// A ring whose last position is not its first.
    case ringNotClosed = "ring_not_closed"
    /// NaN or infinity in a coordinate (a broken client).
    case nonFiniteCoordinate = "non_finite_coordinate"
    /// A longitude outside ±180 or a latitude outside ±90.
    case coordinateOutOfRange = "coordinate_out_of_range"
    /// The same position twice in a row (a double tap). Harmless to GEOS, dropped by repair.
    case repeatedPosition = "repeated_position"
    /// A line whose positions are all the same place.
    case zeroLengthLine = "zero_length_line"
    /// A ring whose corners all lie on one line: it encloses nothing.
    case zeroAreaRing = "zero_area_ring"
    /// A vertex where the outline goes out and comes straight back along itself.
    case spike = "spike"
    /// An exterior ring drawn clockwise or a hole counterclockwise (RFC 7946 wants the opposite).
    case wrongOrientation = "wrong_orientation"
    /// Nothing was drawn.
    case empty = "empty"

    // MARK: Topology (GEOS)

    /// Two edges of the geometry cross or overlap (across rings or parts).
    case selfIntersection = "self_intersection"
    /// One ring touches or crosses itself.
    case ringSelfIntersection = "ring_self_intersection"
    /// A hole lies (partly) outside its polygon's exterior ring.
    case holeOutsideShell = "hole_outside_shell"
    /// A hole lies inside another hole.
    case nestedHoles = "nested_holes"
    /// Holes cut the polygon's interior into separate pieces.
    case disconnectedInterior = "disconnected_interior"
    /// A part of a multipolygon lies inside another part.
    case nestedShells = "nested_shells"
    /// GEOS found a problem it does not name more precisely, or could not check.
    case invalidTopology = "invalid_topology"
    /// The edges cross each other more often than a repair may take on
    /// (``GeometryRepairer/crossingBudget``): refused at once rather than computed for minutes.
    case tooComplexToRepair = "too_complex_to_repair"

    // MARK: Business rules (added by the caller, see ``EditRules``)

    case areaTooSmall = "area_too_small"
    case areaTooLarge = "area_too_large"
    case lengthTooShort = "length_too_short"
    case lengthTooLong = "length_too_long"
    case tooManyVertices = "too_many_vertices"
    case outsideAllowedArea = "outside_allowed_area"
    case overlapsExisting = "overlaps_existing"
    case verticesTooClose = "vertices_too_close"

    /// The finding kind for a problem GEOS reports.
    init(_ problem: ValidityProblemKind) {
        switch problem {
        case .selfIntersection, .duplicateRings: self = .selfIntersection
        case .ringSelfIntersection: self = .ringSelfIntersection
        case .holeOutsideShell: self = .holeOutsideShell
        case .nestedHoles: self = .nestedHoles
        case .disconnectedInterior: self = .disconnectedInterior
        case .nestedShells: self = .nestedShells
        case .tooFewPoints: self = .tooFewPositions
        case .invalidCoordinate: self = .nonFiniteCoordinate
        case .ringNotClosed: self = .ringNotClosed
        case .repeatedPoint: self = .repeatedPosition
        case .topologyValidationError: self = .invalidTopology
        }
    }

    /// The OGC (GEOS) reason this finding corresponds to, for the structural problems that
    /// keep a geometry from reaching GEOS at all; nil for the others.
    var blockingValidityKind: ValidityProblemKind? {
        switch self {
        case .nonFiniteCoordinate: .invalidCoordinate
        case .ringNotClosed: .ringNotClosed
        case .tooFewPositions: .tooFewPoints
        default: nil
        }
    }
}

/// How much a finding matters: an error keeps the geometry from being saved, a warning does not.
public enum Severity: String, Hashable, Sendable, Comparable {
    case warning
    case error

    public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs == .warning && rhs == .error }
}
