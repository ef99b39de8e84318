import MapGeometry

/// Where in a drawing a finding or a repair applies. Indices are 0-based and follow the
/// GeoJSON `coordinates` nesting; nil means "not applicable" (a point has no ring).
public struct DrawingIndex: Hashable, Sendable, CustomStringConvertible {
    /// The member of a GeometryCollection.
    public var member: Int?
    /// The part of a MultiPoint, MultiLineString or MultiPolygon.
    public var part: Int?
    /// The ring of a polygon: 0 is the exterior, 1... are holes.
    public var ring: Int?
    /// The position within the line or ring.
    public var vertex: Int?

    public init(member: Int? = nil, part: Int? = nil, ring: Int? = nil, vertex: Int? = nil) {
        self.member = member
        self.part = part
        self.ring = ring
        self.vertex = vertex
    }

    /// The same place with another vertex.
    func at(vertex: Int?) -> DrawingIndex {
        var copy = self
        copy.vertex = vertex
        return copy
    }

    /// `coordinates[1][0][7]`-style path into the GeoJSON coordinates (member paths as `geometries[2]`).
    public var description: String {
        var text = member.map { "geometries[\($0)]." } ?? ""
        text += "coordinates"
        for index in [part, ring, vertex] { if let index { text += "[\(index)]" } }
        return text
    }
}

/// One thing the validator noticed about a drawing.
public struct ValidationFinding: Hashable, Sendable, CustomStringConvertible {
    public var kind: FindingKind
    public var severity: Severity
    /// Where to show the problem on the map; nil only when no finite coordinate is near it.
    public var location: Position?
    /// Which part, ring and vertex the finding concerns.
    public var index: DrawingIndex
    /// Exact wording for logs and developers, with coordinates and indices.
    public var technicalMessage: String
    /// A short sentence for the person drawing ("The boundary crosses itself near vertex 7").
    /// Vertices are counted from 1 here, as a person counts.
    public var userMessage: String

    public init(
        kind: FindingKind, severity: Severity, location: Position?, index: DrawingIndex,
        technicalMessage: String, userMessage: String
    ) {
        self.kind = kind
        self.severity = severity
        self.location = location
        self.index = index
        self.technicalMessage = technicalMessage
        self.userMessage = userMessage
    }

    public var description: String { "\(severity.rawValue) \(kind.rawValue) at \(index): \(technicalMessage)" }
}
