/// Why GEOS finds a geometry invalid: the reasons of `GEOSisValidDetail_r`, in GEOS's words.
public enum ValidityProblemKind: String, Hashable, Sendable, CaseIterable {
    case topologyValidationError = "Topology Validation Error"
    case repeatedPoint = "Repeated Point"
    case holeOutsideShell = "Hole lies outside shell"
    case nestedHoles = "Holes are nested"
    case disconnectedInterior = "Interior is disconnected"
    case selfIntersection = "Self-intersection"
    case ringSelfIntersection = "Ring Self-intersection"
    case nestedShells = "Nested shells"
    case duplicateRings = "Duplicate Rings"
    case tooFewPoints = "Too few points in geometry component"
    case invalidCoordinate = "Invalid Coordinate"
    case ringNotClosed = "Ring is not closed"

    /// The kind of problem a value type's refusal corresponds to, so that input that
    /// cannot even be constructed is reported in the same terms as input GEOS rejects.
    public init(_ reason: GeometryError.Reason) {
        switch reason {
        case .nonFiniteCoordinate, .latitudeOutOfRange, .longitudeOutOfRange, .southNorthOfNorth:
            self = .invalidCoordinate
        case .tooFewPositions: self = .tooFewPoints
        case .ringNotClosed: self = .ringNotClosed
        }
    }
}

/// One validity problem and where it is.
public struct ValidityProblem: Hashable, Sendable, CustomStringConvertible {
    public let kind: ValidityProblemKind
    /// Where GEOS found the problem; nil when that point is not a finite position.
    public let location: Position?

    public init(kind: ValidityProblemKind, location: Position?) {
        self.kind = kind
        self.location = location
    }

    public var description: String {
        guard let location else { return kind.rawValue }
        return "\(kind.rawValue) at \(location)"
    }
}

/// The answer to "is this geometry valid?" (OGC simple-features rules, as GEOS checks them).
public struct ValidityReport: Hashable, Sendable {
    /// The first problem GEOS found; nil when the geometry is valid.
    public let problem: ValidityProblem?

    public var isValid: Bool { problem == nil }

    public static let valid = ValidityReport(problem: nil)

    public init(problem: ValidityProblem?) { self.problem = problem }
}

/// How ``Geometry/makeValid(method:keepCollapsed:)`` repairs a geometry.
public enum MakeValidMethod: Hashable, Sendable {
    /// Rebuilds polygons from their rings' structure: shells stay shells, holes stay holes
    /// (areas of self-overlapping rings are kept). The default.
    case structure
    /// Rebuilds from all the linework: every area enclosed by lines becomes part of the result.
    case linework
}
