import MapGeometry

/// Business rules a caller adds to the geometric ones: limits on size and detail, where a
/// geometry may lie and what it must not overlap. Measures are geodesic (metres, m²).
/// A rule left nil (or empty) is not checked. Every broken rule is an error finding.
public struct EditRules: Hashable, Sendable {
    /// Smallest allowed area of a polygon, m².
    public var minimumArea: Double?
    /// Largest allowed area of a polygon, m².
    public var maximumArea: Double?
    /// Shortest allowed length of a line, m.
    public var minimumLength: Double?
    /// Longest allowed length of a line, m.
    public var maximumLength: Double?
    /// Most vertices allowed (a ring's closing position is not counted).
    public var maximumVertexCount: Int?
    /// Consecutive vertices closer than this (m, geodesic) are reported; repeated positions
    /// are reported separately and not again here.
    public var minimumVertexDistance: Double?
    /// The geometry must lie inside this area (a region, a plant's site).
    public var allowedArea: Geometry?
    /// The geometry's interior must not overlap any of these (existing functional locations).
    /// Sharing an edge or a corner is allowed.
    public var mustNotOverlap: [ExistingGeometry]

    public init(
        minimumArea: Double? = nil, maximumArea: Double? = nil,
        minimumLength: Double? = nil, maximumLength: Double? = nil,
        maximumVertexCount: Int? = nil, minimumVertexDistance: Double? = nil,
        allowedArea: Geometry? = nil, mustNotOverlap: [ExistingGeometry] = []
    ) {
        self.minimumArea = minimumArea
        self.maximumArea = maximumArea
        self.minimumLength = minimumLength
        self.maximumLength = maximumLength
        self.maximumVertexCount = maximumVertexCount
        self.minimumVertexDistance = minimumVertexDistance
        self.allowedArea = allowedArea
        self.mustNotOverlap = mustNotOverlap
    }

    /// No rules at all.
    public static let none = EditRules()

    /// True when no rule is set.
    public var isEmpty: Bool { self == .none }
}

/// A geometry already stored, that a new one must not overlap.
public struct ExistingGeometry: Hashable, Sendable {
    /// How to name it to the user ("way/123", "FL-1000-20").
    public var id: String
    public var geometry: Geometry

    public init(id: String, geometry: Geometry) {
        self.id = id
        self.geometry = geometry
    }
}
