import MapGeometry

/// Checks ``EditRules`` against drawings. The allowed area and the existing geometries are
/// moved into GEOS and prepared once, so checking many drawings against many existing
/// functional locations costs one envelope test per pair and GEOS work only where envelopes meet.
///
/// Not `Sendable` (it holds GEOS geometries): ``EditValidator`` keeps it behind a lock.
final class RuleCheck {
    let rules: EditRules
    private let allowedArea: PreparedGeometry?
    private let existing: [(id: String, envelope: Envelope, prepared: PreparedGeometry)]

    init(_ rules: EditRules) throws(GeometryOperationError) {
        self.rules = rules
        allowedArea = try rules.allowedArea.map { area throws(GeometryOperationError) in try PreparedGeometry(area) }
        var existing: [(id: String, envelope: Envelope, prepared: PreparedGeometry)] = []
        for item in rules.mustNotOverlap {
            guard let envelope = Envelope(item.geometry) else { continue }
            existing.append((item.id, envelope, try PreparedGeometry(item.geometry)))
        }
        self.existing = existing
    }

    /// Findings for `geometry`; `topologyValid` says whether GEOS predicates and measures can be
    /// trusted on it (if not, only the vertex rules are checked).
    func run(_ geometry: Geometry, topologyValid: Bool) -> [ValidationFinding] {
        var findings: [ValidationFinding] = []
        let anchor = Self.firstPosition(of: geometry)
        func add(_ kind: FindingKind, _ technical: String, _ user: String, at location: Position? = nil, index: DrawingIndex = DrawingIndex()) {
            findings.append(ValidationFinding(
                kind: kind, severity: .error, location: location ?? anchor, index: index,
                technicalMessage: technical, userMessage: user))
        }
        // Size rules only mean something once the shape is valid: a bowtie's area is not what the user sees.
        let measures = topologyValid ? EditMeasures(geometry) : EditMeasures(.geometryCollection([]))
        if measures.hasArea {
            if let minimum = rules.minimumArea, measures.area < minimum {
                add(.areaTooSmall, "area \(measures.area) m² is below the minimum \(minimum) m²",
                    "The area is \(Wording.squareMetres(measures.area)); it must be at least \(Wording.squareMetres(minimum)).")
            }
            if let maximum = rules.maximumArea, measures.area > maximum {
                add(.areaTooLarge, "area \(measures.area) m² is above the maximum \(maximum) m²",
                    "The area is \(Wording.squareMetres(measures.area)); it may be at most \(Wording.squareMetres(maximum)).")
            }
        }
        if measures.hasLength {
            if let minimum = rules.minimumLength, measures.length < minimum {
                add(.lengthTooShort, "length \(measures.length) m is below the minimum \(minimum) m",
                    "The line is \(Wording.metres(measures.length)) long; it must be at least \(Wording.metres(minimum)).")
            }
            if let maximum = rules.maximumLength, measures.length > maximum {
                add(.lengthTooLong, "length \(measures.length) m is above the maximum \(maximum) m",
                    "The line is \(Wording.metres(measures.length)) long; it may be at most \(Wording.metres(maximum)).")
            }
        }
        if let maximum = rules.maximumVertexCount {
            let count = Self.vertexCount(geometry)
            if count > maximum {
                add(.tooManyVertices, "\(count) vertices, at most \(maximum) allowed",
                    "The shape has \(count) points; at most \(maximum) are allowed. Simplify it.")
            }
        }
        if let minimum = rules.minimumVertexDistance { checkVertexDistances(geometry, minimum: minimum, into: &findings) }
        guard topologyValid, allowedArea != nil || !existing.isEmpty else { return findings }
        checkPlacement(geometry, into: &findings)
        return findings
    }

    /// Inside the allowed area, and not overlapping an existing geometry's interior.
    private func checkPlacement(_ geometry: Geometry, into findings: inout [ValidationFinding]) {
        let candidate: GeosGeometry
        do { candidate = try GeosGeometry(geometry) } catch { return }
        if let allowedArea, (try? allowedArea.contains(candidate)) != true {
            let outside = (try? candidate.difference(allowedArea.base).pointOnSurface().pointPosition()) ?? nil
            findings.append(ValidationFinding(
                kind: .outsideAllowedArea, severity: .error, location: outside ?? Self.firstPosition(of: geometry),
                index: DrawingIndex(), technicalMessage: "geometry is not within the allowed area",
                userMessage: "The shape reaches outside the allowed area."))
        }
        guard let envelope = Envelope(geometry) else { return }
        for item in existing where item.envelope.intersects(envelope) {
            guard (try? item.prepared.intersects(candidate)) == true,
                (try? candidate.touches(item.prepared.base)) == false
            else { continue }
            let overlap = (try? candidate.intersection(item.prepared.base).pointOnSurface().pointPosition()) ?? nil
            findings.append(ValidationFinding(
                kind: .overlapsExisting, severity: .error, location: overlap ?? Self.firstPosition(of: geometry),
                index: DrawingIndex(), technicalMessage: "interior overlaps existing geometry \(item.id)",
                userMessage: "The shape overlaps \(item.id)."))
        }
    }

    /// Consecutive vertices closer than `minimum` metres (but not equal: those are repeats).
    private func checkVertexDistances(_ geometry: Geometry, minimum: Double, into findings: inout [ValidationFinding]) {
        DrawnGeometry(geometry).forEachComponent { component in
            let positions = component.positions
            guard component.role != .point, positions.count > 1 else { return }
            for vertex in 1..<positions.count where !positions[vertex].sameLocation(as: positions[vertex - 1]) {
                let distance = Geodesic.distance(from: positions[vertex - 1].position, to: positions[vertex].position)
                guard distance < minimum else { continue }
                findings.append(ValidationFinding(
                    kind: .verticesTooClose, severity: .error, location: positions[vertex].position,
                    index: component.index.at(vertex: vertex),
                    technicalMessage: "\(component.index.at(vertex: vertex)): \(distance) m from the previous position, minimum \(minimum) m",
                    userMessage: "\(Wording.capitalised(Wording.vertex(vertex))) is only \(Wording.metres(distance)) from the previous point; keep points at least \(Wording.metres(minimum)) apart."))
            }
        }
    }

    /// Vertices as a user counts them: a ring's closing position is not one.
    static func vertexCount(_ geometry: Geometry) -> Int {
        var count = 0
        DrawnGeometry(geometry).forEachComponent { component in
            if case .ring = component.role { count += max(component.positions.count - 1, 0) } else { count += component.positions.count }
        }
        return count
    }

    static func firstPosition(of geometry: Geometry) -> Position? {
        var first: Position?
        geometry.forEachPosition { if first == nil { first = $0 } }
        return first
    }
}

/// A planar lon/lat envelope, for cheap "could these meet at all" tests.
struct Envelope {
    var minX, minY, maxX, maxY: Double

    init?(_ geometry: Geometry) {
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        geometry.forEachPosition { position in
            minX = min(minX, position.longitude); maxX = max(maxX, position.longitude)
            minY = min(minY, position.latitude); maxY = max(maxY, position.latitude)
        }
        guard minX <= maxX else { return nil }
        self.minX = minX; self.minY = minY; self.maxX = maxX; self.maxY = maxY
    }

    func intersects(_ other: Envelope) -> Bool {
        minX <= other.maxX && other.minX <= maxX && minY <= other.maxY && other.minY <= maxY
    }
}
