import MapGeometry
import MapViewport

/// A clustering of points for every zoom level, built once and then queried: markers in a
/// viewport or tile, and for a cluster its children, members and expansion zoom.
///
/// The index is immutable and `Sendable`: query it from any number of threads at once.
///
/// Semantics and ids follow mapbox/supercluster 8 (see ``ClusterID``). Positions are kept as
/// supercluster keeps them — world coordinates rounded to `Float` for the neighbour tests,
/// cluster centres averaged in `Double` — so both neighbour searches find supercluster's
/// neighbours (``ClusterOptions/neighbourSearch``):
/// * ``NeighbourSearch/grid`` (default): with `minPoints` 2, the same clusters, counts and ids
///   as supercluster; children (and so members) in the order of the marker list one zoom up,
///   and centres summed in that order, which may change their last bits (on 234,908 GeoNames
///   places: the same ids and counts at every zoom, centres within 5e-14°). With `minPoints`
///   above 2 later greedy choices can differ (supercluster's `places.json` tiles still match).
/// * ``NeighbourSearch/supercluster``: each zoom's KD-tree built exactly as KDBush builds it,
///   so clusters, counts, centres, ids, children order and member order equal supercluster's
///   (checked on its own fixtures and on the 234,908 places, every zoom 0–16).
///
/// Both are deterministic: the same input, order and options give the same index. Deliberate
/// differences from supercluster in both modes:
/// * objects at one identical position form one colocated marker at every zoom, including
///   above `maxZoom`; its expansion zoom is nil and its id is made at `maxZoom + 1`;
/// * viewport and tile results come in marker order (single objects in input order, then
///   clusters as they were made, highest zoom first), not in supercluster's per-zoom tree
///   order; the set of markers is the same. The order does not depend on `minZoom` or on the
///   shape of the one tree shared by all zooms, so an index built for fewer zooms (the command
///   line's) answers a view with the same bytes as a full one (the map service's).
public struct ClusterIndex: Sendable {
    let table: ClusterTable
    private let tree: ZoomTree

    /// Clusters `points` at every zoom from `options.maxZoom` down to `options.minZoom`.
    ///
    /// With `parallel`, the KD-tree sorts (and, for the supercluster search, the nearest-neighbour
    /// pass) use two threads; the result is identical (the greedy passes are sequential by nature).
    /// - Throws: ``ClusterError/invalidOption(_:)`` when an option is out of range.
    public init(points: ClusterInput, options: ClusterOptions = ClusterOptions(), parallel: Bool = false) throws(ClusterError) {
        try options.validate()
        table = ClusterBuilder.build(points, options: options, parallel: parallel)
        tree = ZoomTree(table: table, parallel: parallel)
    }

    public var options: ClusterOptions { table.options }
    /// Number of input points.
    public var pointCount: Int { table.pointCount }
    /// Number of clusters and colocated groups made over all zooms.
    public var clusterCount: Int { table.clusterTotal }
    /// The type names of the input, index = type index.
    public var types: [String] { table.types }

    /// The zoom level whose markers a query at `zoom` sees (supercluster's `_limitZoom`).
    public func level(forZoom zoom: Double) -> Int {
        let floor = zoom.isFinite ? Int(max(min(zoom.rounded(.down), 64), -64)) : options.maxZoom + 1
        return max(options.minZoom, min(floor, options.maxZoom + 1))
    }

    // MARK: Viewport queries

    /// The markers at `zoom` inside `box` (a box with `west > east` crosses the antimeridian).
    public func markers(in box: BoundingBox = .world, zoom: Double) -> [Marker] {
        markers(west: box.west, south: box.south, east: box.east, north: box.north, zoom: zoom)
    }

    /// The markers at `zoom` inside a box given as supercluster's `getClusters` takes it:
    /// longitudes may lie outside ±180 and are wrapped; a span of 360° or more is the whole
    /// world; after wrapping, west > east means the box crosses the antimeridian.
    public func markers(west: Double, south: Double, east: Double, north: Double, zoom: Double) -> [Marker] {
        var nodes: [UInt32] = []
        collect(west: west, south: south, east: east, north: north, level: level(forZoom: zoom), into: &nodes)
        nodes.sort()
        return nodes.map { marker(node: Int($0)) }
    }

    /// Number of markers a ``markers(west:south:east:north:zoom:)`` query returns, without
    /// building them.
    public func markerCount(west: Double, south: Double, east: Double, north: Double, zoom: Double) -> Int {
        var nodes: [UInt32] = []
        collect(west: west, south: south, east: east, north: north, level: level(forZoom: zoom), into: &nodes)
        return nodes.count
    }

    private func collect(west: Double, south: Double, east: Double, north: Double, level: Int, into nodes: inout [UInt32]) {
        guard west.isFinite, east.isFinite, !south.isNaN, !north.isNaN else { return }
        func wrap(_ longitude: Double) -> Double {
            ((longitude + 180).truncatingRemainder(dividingBy: 360) + 360).truncatingRemainder(dividingBy: 360) - 180
        }
        var minLongitude = wrap(west)
        var maxLongitude = east == 180 ? 180 : wrap(east)
        let minLatitude = max(-90, min(90, south))
        let maxLatitude = max(-90, min(90, north))
        if east - west >= 360 {
            minLongitude = -180
            maxLongitude = 180
        } else if minLongitude > maxLongitude {
            collect(west: minLongitude, south: minLatitude, east: 180, north: maxLatitude, level: level, into: &nodes)
            collect(west: -180, south: minLatitude, east: maxLongitude, north: maxLatitude, level: level, into: &nodes)
            return
        }
        tree.range(
            minX: WebMercator.worldX(longitude: minLongitude), minY: WebMercator.worldY(latitude: maxLatitude),
            maxX: WebMercator.worldX(longitude: maxLongitude), maxY: WebMercator.worldY(latitude: minLatitude),
            level: level, into: &nodes)
    }

    /// The marker that shows input item `item` at `zoom`: the item itself, or the cluster
    /// (or colocated marker) that holds it; nil for an item that takes no part. A map draws
    /// this marker as selected while the selected object is inside a cluster.
    public func marker(holding item: Int, zoom: Double) -> Marker? {
        guard var node = table.originalIndices.firstIndex(of: item) else { return nil }
        let level = level(forZoom: zoom)
        while !(Int(table.lowestLevel[node]) <= level && level <= table.highestLevel(node)) {
            guard let parent = parent(of: node) else { return nil }
            node = parent
        }
        return marker(node: node)
    }

    /// The cluster whose children include `node` (a scan: the index keeps no parent links).
    private func parent(of node: Int) -> Int? {
        guard let at = table.children.firstIndex(of: UInt32(node)) else { return nil }
        // Cluster c's children are children[childStart[c]..<childStart[c + 1]].
        var low = 0, high = table.clusterTotal - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if Int(table.childStart[middle]) <= at { low = middle } else { high = middle - 1 }
        }
        return table.pointCount + low
    }

    /// The markers of tile `z/x/y`, with a buffer of `buffer` pixels (default: the radius) on each
    /// side, wrapping across the antimeridian at the first and last column, as supercluster's `getTile`.
    public func tile(z: Int, x: Int, y: Int, buffer: Double? = nil) throws(ClusterError) -> [TileMarker] {
        guard (0...30).contains(z) else { throw .invalidQuery("tile zoom must be in 0...30, got \(z)") }
        let tiles = 1 << z
        guard (0..<tiles).contains(x), (0..<tiles).contains(y) else {
            throw .invalidQuery("tile \(z)/\(x)/\(y) does not exist: x and y must be in 0...\(tiles - 1)")
        }
        let z2 = Double(tiles)
        let p = (buffer ?? options.radius) / options.extent
        let top = (Double(y) - p) / z2, bottom = (Double(y) + 1 + p) / z2
        let level = level(forZoom: Double(z))
        var result: [TileMarker] = []
        func add(minX: Double, maxX: Double, originX: Double) {
            var nodes: [UInt32] = []
            tree.range(minX: minX, minY: top, maxX: maxX, maxY: bottom, level: level, into: &nodes)
            nodes.sort()
            for node in nodes {
                let (px, py) = outputWorld(Int(node))
                result.append(TileMarker(
                    marker: marker(node: Int(node)),
                    x: Self.jsRound(options.extent * (px * z2 - originX)),
                    y: Self.jsRound(options.extent * (py * z2 - Double(y)))))
            }
        }
        add(minX: (Double(x) - p) / z2, maxX: (Double(x) + 1 + p) / z2, originX: Double(x))
        if x == 0 { add(minX: 1 - p / z2, maxX: 1, originX: z2) }
        if x == tiles - 1 { add(minX: 0, maxX: p / z2, originX: -1) }
        return result
    }

    /// JavaScript's `Math.round`: halves round up.
    private static func jsRound(_ value: Double) -> Int {
        Int((value + 0.5).rounded(.down))
    }

    // MARK: Clusters

    /// The markers one zoom level below the cluster's own, that make it up (supercluster's
    /// `getChildren`, same order).
    public func children(of id: Int) throws(ClusterError) -> [Marker] {
        let cluster = try clusterNumber(id)
        return table.childNodes(ofCluster: cluster).map { marker(node: Int($0)) }
    }

    /// The original indices of the objects in a cluster, `limit` of them after skipping `offset`,
    /// in a stable order (depth first through ``children(of:)``, as supercluster's `getLeaves`).
    public func members(of id: Int, limit: Int = 10, offset: Int = 0) throws(ClusterError) -> [Int] {
        guard limit >= 0, offset >= 0 else {
            throw .invalidQuery("limit and offset must not be negative, got limit \(limit), offset \(offset)")
        }
        let cluster = try clusterNumber(id)
        var result: [Int] = []
        guard limit > 0 else { return result }
        var skipped = 0
        appendMembers(cluster, limit: limit, offset: offset, skipped: &skipped, into: &result)
        return result
    }

    /// How many objects cluster `id` holds (its `point_count`): the total behind ``members(of:limit:offset:)``'s pages.
    public func memberCount(of id: Int) throws(ClusterError) -> Int {
        table.count(try clusterNumber(id) + table.pointCount)
    }

    private func appendMembers(_ cluster: Int, limit: Int, offset: Int, skipped: inout Int, into result: inout [Int]) {
        for child in table.childNodes(ofCluster: cluster) {
            let node = Int(child)
            if table.isCluster(node) {
                let count = table.count(node)
                if skipped + count <= offset {
                    skipped += count
                } else {
                    appendMembers(node - table.pointCount, limit: limit, offset: offset, skipped: &skipped, into: &result)
                }
            } else if skipped < offset {
                skipped += 1
            } else {
                result.append(table.originalIndices[node])
            }
            if result.count == limit { break }
        }
    }

    /// The zoom at which the cluster breaks apart into its children, or nil for a colocated
    /// group, which never does (the app should list its members instead).
    public func expansionZoom(of id: Int) throws(ClusterError) -> Int? {
        var cluster = try clusterNumber(id)
        if Int(table.clusterZoom[cluster]) > options.maxZoom { return nil }
        var zoom = Int(table.clusterZoom[cluster])
        while zoom <= options.maxZoom {
            let children = table.childNodes(ofCluster: cluster)
            zoom += 1
            guard children.count == 1, let only = children.first, table.isCluster(Int(only)) else { break }
            cluster = Int(only) - table.pointCount
        }
        return zoom
    }

    /// The marker of a cluster id (at the highest zoom where it exists).
    public func cluster(_ id: Int) throws(ClusterError) -> Marker {
        marker(node: table.pointCount + (try clusterNumber(id)))
    }

    private func clusterNumber(_ id: Int) throws(ClusterError) -> Int {
        guard let cluster = table.cluster(withID: id) else { throw .unknownCluster(id) }
        return cluster
    }

    // MARK: Marker details

    /// Objects per type in the marker, sorted by type name.
    public func typeBreakdown(of marker: Marker) -> [TypeCount] {
        let node = marker.node
        guard table.isCluster(node) else {
            return [TypeCount(type: table.types[Int(table.pointType[node])], count: 1)]
        }
        let c = node - table.pointCount
        return (Int(table.breakdownStart[c])..<Int(table.breakdownStart[c + 1]))
            .map { TypeCount(type: table.types[Int(table.breakdownType[$0])], count: Int(table.breakdownCount[$0])) }
            .sorted { $0.type < $1.type }
    }

    /// Adds the marker's objects per type (indices into ``typeNames``) to `counts`, without
    /// allocating: a view's legend sums this over thousands of markers per request.
    /// - Returns: how many types the marker holds and how many objects.
    func addTypeCounts(of marker: Marker, to counts: inout [Int]) -> (types: Int, objects: Int) {
        let node = marker.node
        guard table.isCluster(node) else {
            counts[Int(table.pointType[node])] += 1
            return (1, 1)
        }
        let c = node - table.pointCount
        var objects = 0
        let parts = Int(table.breakdownStart[c])..<Int(table.breakdownStart[c + 1])
        for part in parts {
            let count = Int(table.breakdownCount[part])
            counts[Int(table.breakdownType[part])] += count
            objects += count
        }
        return (parts.count, objects)
    }

    /// The type names, in the order ``addTypeCounts(of:to:)`` counts them.
    var typeNames: [String] { table.types }

    /// The single type of all objects in the marker, or nil when they have several.
    public func soleType(of marker: Marker) -> String? {
        let node = marker.node
        guard table.isCluster(node) else { return table.types[Int(table.pointType[node])] }
        let c = node - table.pointCount
        let start = Int(table.breakdownStart[c])
        guard Int(table.breakdownStart[c + 1]) - start == 1 else { return nil }
        return table.types[Int(table.breakdownType[start])]
    }

    /// The aggregated measures of the marker (a point's own values), in the order of
    /// ``ClusterInput/measureNames``.
    public func measures(of marker: Marker) -> [MeasureSummary] {
        let node = marker.node
        return table.measureNames.indices.map { m in
            if table.isCluster(node) {
                let c = node - table.pointCount, column = table.clusterMeasures[m]
                return MeasureSummary(
                    name: table.measureNames[m], sum: column.sum[c], minimum: column.minimum[c],
                    maximum: column.maximum[c], valueCount: Int(column.valueCount[c]))
            }
            let value = table.pointMeasures[m][node]
            return value.isNaN
                ? MeasureSummary(name: table.measureNames[m], sum: 0, minimum: .nan, maximum: .nan, valueCount: 0)
                : MeasureSummary(name: table.measureNames[m], sum: value, minimum: value, maximum: value, valueCount: 1)
        }
    }

    /// The zoom levels at which the marker is shown (clamped query zooms).
    public func levels(of marker: Marker) -> ClosedRange<Int> {
        Int(table.lowestLevel[marker.node])...table.highestLevel(marker.node)
    }

    // MARK: Internals

    func marker(node: Int) -> Marker {
        if !table.isCluster(node) {
            return Marker(
                kind: .point, id: table.originalIndices[node], count: 1,
                longitude: table.longitudes[node], latitude: table.latitudes[node], node: node)
        }
        let c = node - table.pointCount
        if Int(table.clusterZoom[c]) > options.maxZoom {
            // A colocated group sits exactly at its objects' shared position.
            let first = Int(table.children[Int(table.childStart[c])])
            return Marker(
                kind: .colocated, id: table.clusterID(c), count: Int(table.clusterCount[c]),
                longitude: table.longitudes[first], latitude: table.latitudes[first], node: node)
        }
        return Marker(
            kind: .cluster,
            id: table.clusterID(c), count: Int(table.clusterCount[c]),
            longitude: WebMercator.longitude(worldX: table.clusterX[c]),
            latitude: WebMercator.latitude(worldY: table.clusterY[c]), node: node)
    }

    /// Unrounded world coordinates of a marker for output (a point's own position).
    private func outputWorld(_ node: Int) -> (Double, Double) {
        if table.isCluster(node) { return table.world(node) }
        return (WebMercator.worldX(longitude: table.longitudes[node]), WebMercator.worldY(latitude: table.latitudes[node]))
    }

    /// Bytes held by the index's arrays (points, clusters, tree), not counting the input.
    public var memoryFootprint: Int {
        let t = table
        var bytes = t.longitudes.count * 16 + t.pointX.count * 8 + t.pointType.count * 2 + t.originalIndices.count * 8
        bytes += t.pointMeasures.reduce(0) { $0 + $1.count * 8 }
        bytes += t.clusterX.count * 16 + t.clusterCount.count * 4 + t.clusterZoom.count + t.clusterOrigin.count * 4
        bytes += (t.childStart.count + t.children.count + t.breakdownStart.count) * 4
        bytes += t.breakdownType.count * 2 + t.breakdownCount.count * 4 + t.lowestLevel.count
        bytes += t.clusterMeasures.reduce(0) { $0 + $1.sum.count * 28 }
        return bytes + tree.byteCount
    }
}
