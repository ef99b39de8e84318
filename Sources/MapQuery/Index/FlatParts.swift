import MapGeometry

/// The indexed geometries flattened into plain arrays, one entry per *part*: a point,
/// a line, or a polygon with its holes. Multi-geometries and collections contribute one
/// part per member, so a country made of islands on both sides of ±180 gets several tight
/// boxes instead of one box around the whole world.
///
/// Ring `r` holds the vertices `ringOffsets[r] ..< ringOffsets[r + 1]`; part `p` holds the
/// rings `partRings[p] ..< partRings[p + 1]` (a point or a line has exactly one "ring").
struct FlatParts: Sendable {
    enum Kind: UInt8, Sendable { case point, line, polygon }

    /// Longitude, latitude pairs of every vertex.
    private(set) var coordinates: [Double] = []
    private(set) var ringOffsets: [Int32] = [0]
    private(set) var partRings: [Int32] = [0]
    private(set) var kinds: [Kind] = []
    /// The item (index into the caller's geometry array) each part belongs to.
    private(set) var items: [Int32] = []
    /// x, y, z, sin φ, cos φ of every vertex (`VertexFrame`), for fast exact distances.
    private(set) var frames: [Double] = []

    var count: Int { kinds.count }

    init(_ geometries: [Geometry?]) {
        coordinates.reserveCapacity(geometries.count * 2)
        ringOffsets.reserveCapacity(geometries.count + 1)
        partRings.reserveCapacity(geometries.count + 1)
        kinds.reserveCapacity(geometries.count)
        items.reserveCapacity(geometries.count)
        for (item, geometry) in geometries.enumerated() {
            if let geometry { add(geometry, item: Int32(item)) }
        }
        frames.reserveCapacity(coordinates.count / 2 * 5)
        for vertex in 0..<(coordinates.count / 2) {
            let frame = VertexFrame(longitude: coordinates[2 * vertex], latitude: coordinates[2 * vertex + 1])
            frames.append(frame.x); frames.append(frame.y); frames.append(frame.z)
            frames.append(frame.sinLatitude); frames.append(frame.cosLatitude)
        }
    }

    @inline(__always) func frame(_ vertex: Int) -> VertexFrame {
        let base = 5 &* vertex
        return VertexFrame(
            x: frames[base], y: frames[base &+ 1], z: frames[base &+ 2],
            sinLatitude: frames[base &+ 3], cosLatitude: frames[base &+ 4])
    }

    private mutating func add(_ geometry: Geometry, item: Int32) {
        switch geometry {
        case let .point(position):
            addPart(.point, rings: [[position]], item: item)
        case let .multiPoint(multi):
            for position in multi.positions { addPart(.point, rings: [[position]], item: item) }
        case let .lineString(line):
            addPart(.line, rings: [line.positions], item: item)
        case let .multiLineString(multi):
            for line in multi.lineStrings { addPart(.line, rings: [line.positions], item: item) }
        case let .polygon(polygon):
            addPart(.polygon, rings: polygon.rings.map(\.positions), item: item)
        case let .multiPolygon(multi):
            for polygon in multi.polygons { addPart(.polygon, rings: polygon.rings.map(\.positions), item: item) }
        case let .geometryCollection(members):
            for member in members { add(member, item: item) }
        }
    }

    /// Empty members (a line with no positions, a polygon with no ring) add nothing.
    private mutating func addPart(_ kind: Kind, rings: [[Position]], item: Int32) {
        guard let first = rings.first, !first.isEmpty else { return }
        for ring in rings where !ring.isEmpty {
            for position in ring {
                coordinates.append(position.longitude)
                coordinates.append(position.latitude)
            }
            ringOffsets.append(Int32(coordinates.count / 2))
        }
        partRings.append(Int32(ringOffsets.count - 1))
        kinds.append(kind)
        items.append(item)
    }

    @inline(__always) func vertexRange(ring: Int) -> Range<Int> {
        Int(ringOffsets[ring])..<Int(ringOffsets[ring + 1])
    }

    @inline(__always) func ringRange(part: Int) -> Range<Int> {
        Int(partRings[part])..<Int(partRings[part + 1])
    }

    @inline(__always) func longitude(_ vertex: Int) -> Double { coordinates[2 &* vertex] }
    @inline(__always) func latitude(_ vertex: Int) -> Double { coordinates[2 &* vertex &+ 1] }

    /// The first vertex of a part (the position of a point part).
    @inline(__always) func firstVertex(part: Int) -> Int { Int(ringOffsets[Int(partRings[part])]) }

    /// The lon/lat box of a part's vertices. Segments are straight in lon/lat (RFC 7946 §3.1.1),
    /// so this box also holds every point of every segment.
    func box(part: Int) -> PlanarBox {
        var box = PlanarBox.empty
        for ring in ringRange(part: part) {
            for vertex in vertexRange(ring: ring) { box.extend(longitude(vertex), latitude(vertex)) }
        }
        return box
    }
}

/// A plain lon/lat rectangle with `minX <= maxX` (never crossing ±180): the boxes of the tree.
struct PlanarBox: Sendable, Equatable {
    var minX: Double, minY: Double, maxX: Double, maxY: Double

    static let empty = PlanarBox(minX: .infinity, minY: .infinity, maxX: -.infinity, maxY: -.infinity)

    @inline(__always) mutating func extend(_ x: Double, _ y: Double) {
        minX = Swift.min(minX, x); minY = Swift.min(minY, y)
        maxX = Swift.max(maxX, x); maxY = Swift.max(maxY, y)
    }

    @inline(__always) mutating func extend(_ other: PlanarBox) {
        minX = Swift.min(minX, other.minX); minY = Swift.min(minY, other.minY)
        maxX = Swift.max(maxX, other.maxX); maxY = Swift.max(maxY, other.maxY)
    }

    @inline(__always) func intersects(_ other: PlanarBox) -> Bool {
        minX <= other.maxX && other.minX <= maxX && minY <= other.maxY && other.minY <= maxY
    }

    /// The one or two plain boxes covering a `BoundingBox` (two when it crosses ±180).
    static func covering(_ box: BoundingBox) -> [PlanarBox] {
        if box.crossesAntimeridian {
            return [
                PlanarBox(minX: box.west, minY: box.south, maxX: 180, maxY: box.north),
                PlanarBox(minX: -180, minY: box.south, maxX: box.east, maxY: box.north),
            ]
        }
        return [PlanarBox(minX: box.west, minY: box.south, maxX: box.east, maxY: box.north)]
    }
}
