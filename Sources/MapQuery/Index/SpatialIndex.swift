import MapGeometry

/// A static spatial index over points, polylines and polygons, built once and then shared:
/// it is an immutable value, so any number of tasks may query it at the same time.
///
/// Items are numbered by their place in the array given to ``init(_:)``; every answer is in
/// those numbers, so the index works for features, rows of a table or plain geometries alike.
/// A `nil` or empty geometry is kept as a number but never found.
///
/// Each point, line and polygon of an item (the members of a multi-geometry or collection
/// separately) gets its own lon/lat box in a packed Hilbert R-tree. Segments are straight
/// lines in lon/lat (RFC 7946 §3.1.1), so a box holds its part completely. Parts must not
/// cross ±180 themselves (RFC 7946 §3.1.9 asks for them to be cut there, as Natural Earth does).
///
/// ```swift
/// let index = SpatialIndex(features.map(\.geometry))
/// let hits = try index.items(within: 500, of: myPosition)  // near me, nearest first
/// let nearest = index.nearest(10, to: myPosition)          // best-first search
/// let onScreen = index.items(intersecting: viewport)       // box query, ±180 aware
/// ```
///
/// Distances are WGS84 geodesic metres: points through `GeodesicRuler` (within 2·10⁻⁸ m of
/// PROJ's `geod_inverse` up to 50 km, `geod_inverse` itself beyond), segments by minimising
/// `geod_inverse` along them (`SegmentDistance`, to well under a millimetre).
/// Longitudes are expected in -180...180: distance queries search that range only.
public struct SpatialIndex: Sendable {
    /// The geometries as given, for exact predicates through GEOS.
    public let geometries: [Geometry?]
    let parts: FlatParts
    let tree: PackedRTree
    /// True when each item has at most one part, so answers need no merging per item.
    let onePartPerItem: Bool
    /// Per leaf slot of the tree (Hilbert order): the item, and for a point part its
    /// `VertexFrame` (5 numbers; NaN for other parts). Kept in the tree's order so that
    /// measuring the points of one node reads neighbouring memory, not five scattered arrays.
    let leafItems: [Int32]
    let leafPointFrames: [Double]

    /// Builds the index. Cost: one pass over the coordinates and a sort of the parts.
    public init(_ geometries: [Geometry?]) {
        self.geometries = geometries
        let parts = FlatParts(geometries)
        self.parts = parts
        var boxes: [PlanarBox] = []
        boxes.reserveCapacity(parts.count)
        for part in 0..<parts.count { boxes.append(parts.box(part: part)) }
        tree = PackedRTree(boxes)
        var leafItems = [Int32](repeating: 0, count: tree.count)
        var leafPointFrames = [Double](repeating: .nan, count: tree.count * 5)
        for slot in 0..<tree.count {
            let part = Int(tree.leafEntries[slot])
            leafItems[slot] = parts.items[part]
            guard parts.kinds[part] == .point else { continue }
            let vertex = parts.firstVertex(part: part)
            for component in 0..<5 { leafPointFrames[5 * slot + component] = parts.frames[5 * vertex + component] }
        }
        self.leafItems = leafItems
        self.leafPointFrames = leafPointFrames
        // Parts are stored in item order: one part per item means strictly increasing items.
        onePartPerItem = zip(parts.items, parts.items.dropFirst()).allSatisfy { $0 < $1 }
    }

    /// The number of items (including those without geometry).
    public var count: Int { geometries.count }

    /// The number of indexed parts (points, lines and polygons after splitting multi-geometries).
    public var partCount: Int { parts.count }

    /// Items with a part whose lon/lat box meets `box`, in ascending order. A box with
    /// `west > east` crosses ±180. This is the fast candidate test: a line whose box meets
    /// the query box may still pass beside it; use ``items(intersecting:)-(Geometry)`` to be exact.
    public func items(intersecting box: BoundingBox) -> [Int] {
        var found: [Int] = []
        for query in PlanarBox.covering(box) {
            tree.forEachLeaf(intersecting: query) { part, _ in found.append(Int(parts.items[part])) }
        }
        return Self.sortedUnique(found)
    }

    /// Items that really intersect `geometry` (share at least one point), tested exactly with a
    /// GEOS prepared geometry on the candidates the tree gives.
    public func items(intersecting geometry: Geometry) throws(GeometryOperationError) -> [Int] {
        let prepared = try PreparedGeometry(geometry)
        var found: [Int] = []
        for item in candidates(for: geometry) {
            guard let candidate = geometries[item] else { continue }
            let hit: Bool
            if case let .point(position) = candidate {
                hit = try prepared.covers(position)
            } else {
                hit = try prepared.intersects(GeosGeometry(candidate))
            }
            if hit { found.append(item) }
        }
        return found
    }

    /// Items lying inside `area` (for example a functional location): a point inside or on
    /// the boundary, a line or polygon in the interior (GEOS `contains`).
    public func items(inside area: Geometry) throws(GeometryOperationError) -> [Int] {
        let prepared = try PreparedGeometry(area)
        var found: [Int] = []
        for item in candidates(for: area) {
            guard let candidate = geometries[item] else { continue }
            if try AreaTest.isInside(candidate, prepared) { found.append(item) }
        }
        return found
    }

    /// Items whose boxes meet the parts of `geometry`'s boxes, ascending.
    func candidates(for geometry: Geometry) -> [Int] {
        let query = FlatParts([geometry])
        var found: [Int] = []
        for part in 0..<query.count {
            tree.forEachLeaf(intersecting: query.box(part: part)) { hit, _ in found.append(Int(parts.items[hit])) }
        }
        return Self.sortedUnique(found)
    }

    static func sortedUnique(_ values: [Int]) -> [Int] {
        var values = values
        values.sort()
        var unique: [Int] = []
        unique.reserveCapacity(values.count)
        for value in values where unique.last != value { unique.append(value) }
        return unique
    }
}

/// "Inside an area" as the filters and ``SpatialIndex/items(inside:)`` mean it.
enum AreaTest {
    static func isInside(_ geometry: Geometry, _ area: PreparedGeometry) throws(GeometryOperationError) -> Bool {
        if case let .point(position) = geometry { return try area.covers(position) }
        if geometry.isEmpty { return false }
        return try area.contains(GeosGeometry(geometry))
    }
}
