import MapGeometry

/// The first validation layer: rules on the raw coordinates, before anything reaches GEOS.
struct StructureCheck {
    var domain: CoordinateDomain
    var checkOrientation: Bool

    /// The findings, and whether the drawing can go on to GEOS (no NaN, no unclosed ring,
    /// every line and ring long enough to be built).
    func run(_ drawing: DrawnGeometry) -> (findings: [ValidationFinding], canCheckTopology: Bool) {
        var findings: [ValidationFinding] = []
        var canCheckTopology = true
        var sawPosition = false
        drawing.forEachComponent { component in
            sawPosition = sawPosition || !component.positions.isEmpty
            if !check(component, into: &findings) { canCheckTopology = false }
        }
        if !sawPosition {
            findings.append(ValidationFinding(
                kind: .empty, severity: .warning, location: nil, index: DrawingIndex(),
                technicalMessage: "\(drawing.typeName) has no positions",
                userMessage: "Nothing has been drawn yet."))
        }
        return (findings, canCheckTopology)
    }

    /// Checks one point, line or ring; returns false when GEOS cannot be given it.
    private func check(_ component: DrawnComponent, into findings: inout [ValidationFinding]) -> Bool {
        let positions = component.positions
        // An empty line or ring (GeoJSON `[]`) is an empty geometry, valid in OGC terms.
        guard !positions.isEmpty else { return true }
        let countBefore = findings.count
        var buildable = checkCoordinates(component, into: &findings)
        let allFinite = buildable
        switch component.role {
        case .point:
            break
        case .line:
            if positions.count < 2 {
                buildable = false
                findings.append(finding(.tooFewPositions, .error, component, vertex: 0,
                    technical: "line has \(positions.count) position, needs at least 2",
                    user: "\(Wording.capitalised(Wording.outline(component.index, role: .line))) needs at least two points."))
            } else if allFinite {
                checkLineShape(component, into: &findings)
            }
        case let .ring(exterior):
            let closed = positions.count > 1 && positions[0].sameLocation(as: positions[positions.count - 1])
            var name: String { Wording.outline(component.index, role: component.role) }
            if !closed {
                buildable = false
                findings.append(finding(.ringNotClosed, .error, component, vertex: positions.count - 1,
                    technical: "ring is not closed (first \(Wording.coordinates(positions[0])), last \(Wording.coordinates(positions[positions.count - 1]))); repeat the first position at the end",
                    user: "\(Wording.capitalised(name)) is not closed: it should end where it starts."))
            }
            let corners = PlanarShape.cornerIndices(positions, isRing: true)
            if closed, positions.count < 4 { buildable = false }
            if corners.count < 3 {
                findings.append(finding(.tooFewPositions, .error, component, vertex: 0,
                    technical: "ring has \(corners.count) distinct corner(s) in \(positions.count) positions, needs at least 3 (and 4 positions with the closing one)",
                    user: "\(Wording.capitalised(name)) needs at least three corners."))
            } else if allFinite {
                checkRingShape(component, corners: corners, exterior: exterior, into: &findings)
            }
        }
        // Repeats matter only in a shape that is otherwise sound: in a one-tap ring or a
        // zero-length line, the copy is part of the bigger problem already reported.
        let shapeReported = findings[countBefore...].contains { $0.kind == .tooFewPositions || $0.kind == .zeroLengthLine }
        if allFinite, !shapeReported { checkRepeats(component, into: &findings) }
        return buildable
    }

    /// Non-finite and out-of-range coordinates; returns false when one is not finite.
    private func checkCoordinates(_ component: DrawnComponent, into findings: inout [ValidationFinding]) -> Bool {
        var allFinite = true
        // Words are built only for a finding: this loop runs over every vertex of every drawing.
        func label(_ vertex: Int) -> String {
            component.role == .point
                ? "The point"
                : Wording.capitalised(Wording.vertex(vertex)) + " of " + Wording.outline(component.index, role: component.role)
        }
        for (vertex, position) in component.positions.enumerated() {
            if !position.isFinite {
                allFinite = false
                findings.append(finding(.nonFiniteCoordinate, .error, component, vertex: vertex,
                    technical: "position \(Wording.coordinates(position)) has a non-finite coordinate",
                    user: "\(label(vertex)) has no valid coordinates."))
                continue
            }
            let latitudeBad = domain != .planar && !(-90...90).contains(position.latitude)
            let longitudeBad = domain == .geographic && !(-180...180).contains(position.longitude)
            if latitudeBad || longitudeBad {
                let detail = latitudeBad
                    ? "latitude \(position.latitude) is outside -90...90 (are longitude and latitude swapped?)"
                    : "longitude \(position.longitude) is outside -180...180"
                findings.append(finding(.coordinateOutOfRange, .error, component, vertex: vertex,
                    technical: "position \(Wording.coordinates(position)): \(detail)",
                    user: "\(label(vertex)) lies outside the map."))
            }
        }
        return allFinite
    }

    private func checkRepeats(_ component: DrawnComponent, into findings: inout [ValidationFinding]) {
        let positions = component.positions
        guard component.role != .point, positions.count > 1 else { return }
        for vertex in 1..<positions.count where positions[vertex].sameLocation(as: positions[vertex - 1]) {
            findings.append(finding(.repeatedPosition, .warning, component, vertex: vertex,
                technical: "position \(vertex) repeats position \(vertex - 1) \(Wording.coordinates(positions[vertex]))",
                user: "\(Wording.capitalised(Wording.vertex(vertex))) is placed twice in the same spot; the copy will be removed."))
        }
    }

    private func checkLineShape(_ component: DrawnComponent, into findings: inout [ValidationFinding]) {
        let positions = component.positions
        let corners = PlanarShape.cornerIndices(positions, isRing: false)
        guard corners.count >= 2 else {
            findings.append(finding(.zeroLengthLine, .error, component, vertex: 0,
                technical: "all \(positions.count) positions are \(Wording.coordinates(positions[0])): the line has zero length",
                user: "\(Wording.capitalised(Wording.outline(component.index, role: .line))) has no length: all its points are in the same spot."))
            return
        }
        // A line may double back (it stays OGC-valid), but it is rarely what the user meant.
        for vertex in PlanarShape.spikeCorners(positions, corners: corners, isRing: false) {
            findings.append(finding(.spike, .warning, component, vertex: vertex,
                technical: "line turns back on itself at position \(vertex) \(Wording.coordinates(positions[vertex]))",
                user: "The line goes out and straight back at \(Wording.vertex(vertex))."))
        }
    }

    private func checkRingShape(
        _ component: DrawnComponent, corners: [Int], exterior: Bool, into findings: inout [ValidationFinding]
    ) {
        let positions = component.positions
        var name: String { Wording.outline(component.index, role: component.role) }
        if PlanarShape.allOnOneLine(positions, corners: corners) {
            findings.append(finding(.zeroAreaRing, .error, component, vertex: corners[0],
                technical: "all \(corners.count) corners of the ring lie on one line: zero area",
                user: "\(Wording.capitalised(name)) encloses no area: all its corners lie on one line."))
            return
        }
        let spikes = PlanarShape.spikeCorners(positions, corners: corners, isRing: true)
        for vertex in spikes {
            findings.append(finding(.spike, .error, component, vertex: vertex,
                technical: "ring doubles back at position \(vertex) \(Wording.coordinates(positions[vertex])) (a spike: the edges on both sides overlap)",
                user: "\(Wording.capitalised(name)) goes out and straight back at \(Wording.vertex(vertex))."))
        }
        guard checkOrientation, spikes.isEmpty else { return }
        let area = PlanarShape.signedDoubleArea(positions)
        guard area != 0, (area > 0) != exterior else { return }
        findings.append(finding(.wrongOrientation, .warning, component, vertex: 0,
            technical: exterior
                ? "exterior ring is clockwise; RFC 7946 wants exterior rings counterclockwise"
                : "hole is counterclockwise; RFC 7946 wants holes clockwise",
            user: "\(Wording.capitalised(name)) is drawn \(exterior ? "clockwise" : "counterclockwise"); it will be turned around when saved."))
    }

    private func finding(
        _ kind: FindingKind, _ severity: Severity, _ component: DrawnComponent, vertex: Int,
        technical: String, user: String
    ) -> ValidationFinding {
        ValidationFinding(
            kind: kind, severity: severity,
            location: Self.finiteLocation(near: vertex, in: component.positions),
            index: component.index.at(vertex: component.role == .point ? nil : vertex),
            technicalMessage: "\(component.index.at(vertex: component.role == .point ? nil : vertex)): \(technical)",
            userMessage: user)
    }

    /// The vertex itself, or the nearest finite one along the line when it is NaN.
    static func finiteLocation(near vertex: Int, in positions: [DrawnPosition]) -> Position? {
        guard !positions.isEmpty else { return nil }
        let clamped = min(max(vertex, 0), positions.count - 1)
        for distance in 0..<positions.count {
            for candidate in [clamped - distance, clamped + distance]
            where positions.indices.contains(candidate) && positions[candidate].isFinite {
                return positions[candidate].position
            }
        }
        return nil
    }
}
