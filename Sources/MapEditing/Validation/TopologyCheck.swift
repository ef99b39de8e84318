import MapGeometry

/// The second validation layer: OGC topology through GEOS, for drawings that passed the
/// structure layer's blocking checks. GEOS reports its first problem and a point; this
/// turns them into a finding that names the nearest vertex.
struct TopologyCheck {
    var allowSelfTouchingRingFormingHole = false

    /// GEOS's verdict on `geometry` and the finding for it (nil when valid).
    func run(_ geometry: Geometry, drawing: DrawnGeometry) -> (problem: ValidityProblem?, finding: ValidationFinding?) {
        let report: ValidityReport
        do {
            report = try GeosGeometry(geometry).validity(allowSelfTouchingRingFormingHole: allowSelfTouchingRingFormingHole)
        } catch {
            let failure = ValidationFinding(
                kind: .invalidTopology, severity: .error, location: nil, index: DrawingIndex(),
                technicalMessage: "topology could not be checked: \(error)",
                userMessage: "The shape could not be checked; try redrawing it.")
            return (ValidityProblem(kind: .topologyValidationError, location: nil), failure)
        }
        guard let problem = report.problem else { return (nil, nil) }
        return (problem, Self.finding(for: problem, in: drawing))
    }

    /// Words and place for a GEOS problem.
    static func finding(for problem: ValidityProblem, in drawing: DrawnGeometry) -> ValidationFinding {
        let kind = FindingKind(problem.kind)
        let nearest = problem.location.flatMap { NearestVertex.find($0, in: drawing) }
        let index = nearest?.index ?? DrawingIndex()
        let near = nearest.map { " near \(Wording.vertex($0.index.vertex))" } ?? ""
        var outline: String { Wording.outline(index, role: nearest?.role) }
        let user: String
        switch kind {
        case .selfIntersection:
            user = index.ring.map { $0 > 0 } == true
                ? "Hole \(index.ring!) crosses or overlaps another outline\(near)."
                : (index.part != nil ? "Parts of the shape cross or overlap\(near)." : "The boundary crosses itself\(near).")
        case .ringSelfIntersection: user = "\(Wording.capitalised(outline)) touches itself\(near)."
        case .holeOutsideShell: user = "A hole lies outside the boundary\(near)."
        case .nestedHoles: user = "A hole lies inside another hole\(near)."
        case .disconnectedInterior: user = "The holes cut the area into separate pieces\(near)."
        case .nestedShells: user = "One part lies inside another part\(near)."
        case .tooFewPositions: user = "\(Wording.capitalised(outline)) needs more distinct points\(near)."
        case .nonFiniteCoordinate: user = "A point has no valid coordinates\(near)."
        default: user = "The shape is not valid\(near)."
        }
        // The point itself is the finding's `location`; the message names the nearest position.
        let technical = "GEOS: " + problem.kind.rawValue + (nearest.map { " near " + $0.index.description } ?? "")
        return ValidationFinding(
            kind: kind, severity: .error, location: problem.location ?? nearest?.position,
            index: index, technicalMessage: technical, userMessage: user)
    }
}

/// The drawing's vertex closest (in the plane) to a point GEOS reported.
enum NearestVertex {
    struct Match {
        var index: DrawingIndex
        var role: DrawnComponent.Role
        var position: Position
    }

    static func find(_ target: Position, in drawing: DrawnGeometry) -> Match? {
        var best: Match?
        var bestDistance = Double.infinity
        drawing.forEachComponent { component in
            for (vertex, position) in component.positions.enumerated() where position.isFinite {
                let dx = position.longitude - target.longitude, dy = position.latitude - target.latitude
                let distance = dx * dx + dy * dy
                // Strictly closer only, so the first of equal candidates wins (not a closing copy).
                if distance < bestDistance {
                    bestDistance = distance
                    best = Match(
                        index: component.index.at(vertex: component.role == .point ? nil : vertex),
                        role: component.role, position: position.position)
                }
            }
        }
        return best
    }
}
