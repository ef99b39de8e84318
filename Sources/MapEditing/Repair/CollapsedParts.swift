/// Removes the parts of a drawing that collapsed to nothing (a line whose positions are all
/// one place, a ring whose corners lie on one line or number fewer than three) where the rest
/// of the geometry survives without them: a part of a multi-geometry, a hole, a member of a
/// collection. A lone line or a polygon's boundary is left for the validator to report:
/// removing it would remove the whole drawing.
enum CollapsedParts {
    static func remove(from drawing: DrawnGeometry, member: Int? = nil, changes: inout [RepairChange]) -> DrawnGeometry {
        switch drawing {
        case let .multiLineString(lines):
            let kept = lines.enumerated().filter { part, line in
                let collapsed = isCollapsed(line, isRing: false)
                if collapsed { record(DrawingIndex(member: member, part: part), "line", &changes) }
                return !collapsed
            }.map(\.element)
            return kept.isEmpty ? drawing : .multiLineString(kept)
        case let .polygon(rings):
            return .polygon(removeHoles(rings, member: member, part: nil, changes: &changes))
        case let .multiPolygon(polygons):
            var kept: [[[DrawnPosition]]] = []
            for (part, rings) in polygons.enumerated() {
                if let exterior = rings.first, isCollapsed(exterior, isRing: true) {
                    record(DrawingIndex(member: member, part: part), "polygon", &changes)
                    continue
                }
                kept.append(removeHoles(rings, member: member, part: part, changes: &changes))
            }
            return kept.isEmpty ? drawing : .multiPolygon(kept)
        case let .geometryCollection(members):
            return .geometryCollection(members.enumerated().map { index, geometry in
                remove(from: geometry, member: member ?? index, changes: &changes)
            })
        case .point, .multiPoint, .lineString:
            return drawing
        }
    }

    private static func removeHoles(_ rings: [[DrawnPosition]], member: Int?, part: Int?, changes: inout [RepairChange]) -> [[DrawnPosition]] {
        guard rings.count > 1 else { return rings }
        var kept = [rings[0]]
        for (ring, positions) in rings.enumerated().dropFirst() {
            if isCollapsed(positions, isRing: true) {
                record(DrawingIndex(member: member, part: part, ring: ring), "hole", &changes)
            } else {
                kept.append(positions)
            }
        }
        return kept
    }

    static func isCollapsed(_ positions: [DrawnPosition], isRing: Bool) -> Bool {
        guard !positions.isEmpty else { return false }
        let corners = PlanarShape.cornerIndices(positions, isRing: isRing)
        if !isRing { return corners.count < 2 }
        return corners.count < 3 || PlanarShape.allOnOneLine(positions, corners: corners)
    }

    private static func record(_ index: DrawingIndex, _ what: String, _ changes: inout [RepairChange]) {
        changes.append(RepairChange(
            kind: .removedCollapsedPart, index: index,
            technicalMessage: "removed a \(what) that has no \(what == "line" ? "length" : "area")",
            userMessage: "Removed a \(what) with no \(what == "line" ? "length" : "area")\(index.part.map { " (part \($0 + 1))" } ?? "")."))
    }
}
