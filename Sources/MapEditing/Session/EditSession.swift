import MapGeometry

/// A geometry being drawn, one operation at a time, with undo and redo and a validation
/// report after every step, so a front end can show a problem as soon as the user makes it.
///
/// Rings are kept open, as the user taps them; ``drawing`` closes them. Every operation
/// checks its indices first and throws ``EditSessionError`` without changing anything when
/// they are wrong. Not `Sendable`: the session shares its ``EditValidator`` between copies.
public struct EditSession: Sendable {
    /// What is being drawn.
    public enum Shape: String, Hashable, Sendable {
        case point, multiPoint, lineString, multiLineString, polygon, multiPolygon

        var allowsSeveralParts: Bool { [.multiPoint, .multiLineString, .multiPolygon].contains(self) }
        var hasRings: Bool { self == .polygon || self == .multiPolygon }
    }

    /// Where a vertex is: part (0 unless multi), ring (0 is a polygon's exterior, else 0), vertex.
    public struct VertexAddress: Hashable, Sendable {
        public var part: Int
        public var ring: Int
        public var vertex: Int

        public init(part: Int = 0, ring: Int = 0, vertex: Int) {
            self.part = part
            self.ring = ring
            self.vertex = vertex
        }
    }

    /// What is being drawn.
    public let shape: Shape
    /// Part → ring → vertices, rings open. Lines and points have one "ring" per part.
    public private(set) var parts: [[[DrawnPosition]]]
    /// Validation of the current ``drawing``.
    public private(set) var report: ValidationReport
    private let validator: EditValidator
    private var undoStack: [[[[DrawnPosition]]]] = []
    private var redoStack: [[[[DrawnPosition]]]] = []

    /// Starts an empty drawing of `shape`.
    public init(shape: Shape, validator: EditValidator) {
        self.shape = shape
        self.validator = validator
        parts = [[[]]]
        report = validator.validate(Self.drawing(shape, [[[]]]))
    }

    /// Continues editing an existing geometry (its rings' closing positions are dropped).
    public init(editing geometry: Geometry, validator: EditValidator) throws(EditSessionError) {
        let drawing = DrawnGeometry(geometry)
        let open: ([DrawnPosition]) -> [DrawnPosition] = { ring in
            ring.count > 1 && ring[0].sameLocation(as: ring[ring.count - 1]) ? Array(ring.dropLast()) : ring
        }
        switch drawing {
        case let .point(position): shape = .point; parts = [[[position]]]
        case let .multiPoint(points): shape = .multiPoint; parts = points.map { [[$0]] }
        case let .lineString(line): shape = .lineString; parts = [[line]]
        case let .multiLineString(lines): shape = .multiLineString; parts = lines.map { [$0] }
        case let .polygon(rings): shape = .polygon; parts = [rings.map(open)]
        case let .multiPolygon(polygons): shape = .multiPolygon; parts = polygons.map { $0.map(open) }
        case .geometryCollection: throw EditSessionError("a GeometryCollection cannot be edited as one shape; edit its members one by one")
        }
        if parts.isEmpty { parts = [[[]]] }
        self.validator = validator
        report = validator.validate(Self.drawing(shape, parts))
    }

    /// The geometry as drawn so far, rings closed.
    public var drawing: DrawnGeometry { Self.drawing(shape, parts) }

    /// Geodesic length, area and perimeter of the drawing, for the edit panel (nil while it
    /// cannot be measured: a NaN or too few vertices).
    public var measures: EditMeasures? {
        report.topologyChecked ? EditMeasures(drawing.uncheckedGeometry()) : nil
    }

    /// True when there is an operation to undo.
    public var canUndo: Bool { !undoStack.isEmpty }
    /// True when there is an undone operation to redo.
    public var canRedo: Bool { !redoStack.isEmpty }

    // MARK: Vertices

    /// Appends a vertex (a tap) to a part's ring or line; a point is replaced.
    @discardableResult
    public mutating func addVertex(_ position: DrawnPosition, part: Int? = nil, ring: Int = 0) throws(EditSessionError) -> ValidationReport {
        let part = part ?? parts.count - 1
        try checkRing(part: part, ring: ring)
        let replaces = shape == .point || shape == .multiPoint
        return apply { parts in
            if replaces { parts[part][ring] = [position] } else { parts[part][ring].append(position) }
        }
    }

    /// Inserts a vertex before `address.vertex` (equal to the count appends).
    @discardableResult
    public mutating func insertVertex(_ position: DrawnPosition, at address: VertexAddress) throws(EditSessionError) -> ValidationReport {
        try checkRing(part: address.part, ring: address.ring)
        guard shape != .point, shape != .multiPoint else { throw EditSessionError("a point has no vertices to insert between; move it instead") }
        guard (0...parts[address.part][address.ring].count).contains(address.vertex) else {
            throw EditSessionError("vertex \(address.vertex) is outside 0...\(parts[address.part][address.ring].count)")
        }
        return apply { $0[address.part][address.ring].insert(position, at: address.vertex) }
    }

    /// Moves a vertex (a drag).
    @discardableResult
    public mutating func moveVertex(at address: VertexAddress, to position: DrawnPosition) throws(EditSessionError) -> ValidationReport {
        try checkVertex(address)
        return apply { $0[address.part][address.ring][address.vertex] = position }
    }

    /// Deletes a vertex.
    @discardableResult
    public mutating func deleteVertex(at address: VertexAddress) throws(EditSessionError) -> ValidationReport {
        try checkVertex(address)
        return apply { $0[address.part][address.ring].remove(at: address.vertex) }
    }

    // MARK: Holes and parts

    /// Adds a hole (open ring of vertices) to a polygon part; returns the report.
    @discardableResult
    public mutating func addHole(_ vertices: [DrawnPosition], part: Int = 0) throws(EditSessionError) -> ValidationReport {
        guard shape.hasRings else { throw EditSessionError("only polygons have holes; this is a \(shape.rawValue)") }
        guard parts.indices.contains(part) else { throw EditSessionError("part \(part) does not exist (there are \(parts.count))") }
        return apply { $0[part].append(vertices) }
    }

    /// Removes hole `ring` (1 or more) of a polygon part.
    @discardableResult
    public mutating func removeHole(ring: Int, part: Int = 0) throws(EditSessionError) -> ValidationReport {
        guard shape.hasRings else { throw EditSessionError("only polygons have holes; this is a \(shape.rawValue)") }
        try checkRing(part: part, ring: ring)
        guard ring > 0 else { throw EditSessionError("ring 0 is the boundary, not a hole; remove the part instead") }
        return apply { $0[part].remove(at: ring) }
    }

    /// Starts a new part of a multi-geometry, optionally with its first vertices.
    @discardableResult
    public mutating func addPart(_ vertices: [DrawnPosition] = []) throws(EditSessionError) -> ValidationReport {
        guard shape.allowsSeveralParts else { throw EditSessionError("a \(shape.rawValue) has one part; draw a multi-geometry for several") }
        return apply { $0.append([vertices]) }
    }

    /// Removes a part of a multi-geometry (the last part is emptied instead, so drawing can go on).
    @discardableResult
    public mutating func removePart(_ part: Int) throws(EditSessionError) -> ValidationReport {
        guard parts.indices.contains(part) else { throw EditSessionError("part \(part) does not exist (there are \(parts.count))") }
        return apply { parts in
            parts.remove(at: part)
            if parts.isEmpty { parts = [[[]]] }
        }
    }

    // MARK: Undo

    /// Goes back one operation; false when there is nothing to undo.
    @discardableResult
    public mutating func undo() -> Bool {
        guard let previous = undoStack.popLast() else { return false }
        redoStack.append(parts)
        parts = previous
        report = validator.validate(drawing)
        return true
    }

    /// Redoes the last undone operation; false when there is none.
    @discardableResult
    public mutating func redo() -> Bool {
        guard let next = redoStack.popLast() else { return false }
        undoStack.append(parts)
        parts = next
        report = validator.validate(drawing)
        return true
    }

    // MARK: Internals

    private mutating func apply(_ change: (inout [[[DrawnPosition]]]) -> Void) -> ValidationReport {
        undoStack.append(parts)
        redoStack.removeAll()
        change(&parts)
        report = validator.validate(drawing)
        return report
    }

    private func checkRing(part: Int, ring: Int) throws(EditSessionError) {
        guard parts.indices.contains(part) else { throw EditSessionError("part \(part) does not exist (there are \(parts.count))") }
        guard parts[part].indices.contains(ring) else {
            throw EditSessionError("ring \(ring) of part \(part) does not exist (there are \(parts[part].count))")
        }
    }

    private func checkVertex(_ address: VertexAddress) throws(EditSessionError) {
        try checkRing(part: address.part, ring: address.ring)
        guard parts[address.part][address.ring].indices.contains(address.vertex) else {
            throw EditSessionError("vertex \(address.vertex) of ring \(address.ring), part \(address.part) does not exist (there are \(parts[address.part][address.ring].count))")
        }
    }

    private static func drawing(_ shape: Shape, _ parts: [[[DrawnPosition]]]) -> DrawnGeometry {
        let close: ([DrawnPosition]) -> [DrawnPosition] = { $0.isEmpty ? $0 : $0 + [$0[0]] }
        switch shape {
        case .point: return parts[0][0].first.map(DrawnGeometry.point) ?? .multiPoint([])
        case .multiPoint: return .multiPoint(parts.compactMap { $0[0].first })
        case .lineString: return .lineString(parts[0][0])
        case .multiLineString: return .multiLineString(parts.map { $0[0] })
        case .polygon: return .polygon(parts[0].map(close))
        case .multiPolygon: return .multiPolygon(parts.map { $0.map(close) })
        }
    }
}

/// An edit operation that does not fit the drawing (a vertex index that does not exist...).
public struct EditSessionError: Error, Hashable, Sendable, CustomStringConvertible {
    public let message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
