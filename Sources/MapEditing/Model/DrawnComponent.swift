/// One point, line or ring of a drawing, with its place in the drawing: the unit the
/// structure checks and the repairs work on.
struct DrawnComponent {
    enum Role: Equatable {
        case point
        case line
        /// A polygon ring; `exterior` is false for holes.
        case ring(exterior: Bool)
    }

    var role: Role
    var positions: [DrawnPosition]
    var index: DrawingIndex
}

extension DrawnGeometry {
    /// Calls `body` for each point, line and ring, in document order.
    func forEachComponent(member: Int? = nil, _ body: (DrawnComponent) -> Void) {
        func rings(_ rings: [[DrawnPosition]], part: Int?) {
            for (ring, positions) in rings.enumerated() {
                body(DrawnComponent(
                    role: .ring(exterior: ring == 0), positions: positions,
                    index: DrawingIndex(member: member, part: part, ring: ring)))
            }
        }
        switch self {
        case let .point(position):
            body(DrawnComponent(role: .point, positions: [position], index: DrawingIndex(member: member)))
        case let .multiPoint(points):
            for (part, position) in points.enumerated() {
                body(DrawnComponent(role: .point, positions: [position], index: DrawingIndex(member: member, part: part)))
            }
        case let .lineString(positions):
            body(DrawnComponent(role: .line, positions: positions, index: DrawingIndex(member: member)))
        case let .multiLineString(lines):
            for (part, positions) in lines.enumerated() {
                body(DrawnComponent(role: .line, positions: positions, index: DrawingIndex(member: member, part: part)))
            }
        case let .polygon(polygon):
            rings(polygon, part: nil)
        case let .multiPolygon(polygons):
            for (part, polygon) in polygons.enumerated() { rings(polygon, part: part) }
        case let .geometryCollection(members):
            // Nested collections keep the outermost member index: GeoJSON discourages nesting.
            for (index, geometry) in members.enumerated() { geometry.forEachComponent(member: member ?? index, body) }
        }
    }

    /// The same drawing with every component replaced by `transform`'s answer, in document order.
    /// Points keep their single position (a transform may not remove it).
    func mappingComponents(member: Int? = nil, _ transform: (DrawnComponent) -> [DrawnPosition]) -> DrawnGeometry {
        func rings(_ rings: [[DrawnPosition]], part: Int?) -> [[DrawnPosition]] {
            rings.enumerated().map { ring, positions in
                transform(DrawnComponent(
                    role: .ring(exterior: ring == 0), positions: positions,
                    index: DrawingIndex(member: member, part: part, ring: ring)))
            }
        }
        switch self {
        case .point, .multiPoint:
            return self
        case let .lineString(positions):
            return .lineString(transform(DrawnComponent(role: .line, positions: positions, index: DrawingIndex(member: member))))
        case let .multiLineString(lines):
            return .multiLineString(lines.enumerated().map { part, positions in
                transform(DrawnComponent(role: .line, positions: positions, index: DrawingIndex(member: member, part: part)))
            })
        case let .polygon(polygon):
            return .polygon(rings(polygon, part: nil))
        case let .multiPolygon(polygons):
            return .multiPolygon(polygons.enumerated().map { part, polygon in rings(polygon, part: part) })
        case let .geometryCollection(members):
            return .geometryCollection(members.enumerated().map { index, geometry in
                geometry.mappingComponents(member: member ?? index, transform)
            })
        }
    }
}
