import MapViewport

/// Builds a ``ClusterTable``: supercluster's greedy clustering, one zoom at a time from
/// `maxZoom` down to `minZoom`, after merging objects at identical positions.
///
/// At each zoom `z` the markers of zoom `z + 1` are visited in their list order. A marker
/// that is not yet taken looks up all markers within the radius (a KD-tree per zoom); if the
/// ones not yet taken (and, when grouping, of its group) bring the count to `minPoints`, they
/// become one cluster at the count-weighted mean of their positions, listed where the first
/// marker was; otherwise the marker and those neighbours stay, in that order.
struct ClusterBuilder {
    private var table: ClusterTable
    private let input: ClusterInput
    private let options: ClusterOptions
    /// Group per cluster (points read theirs from the input).
    private var clusterGroup: [UInt32] = []
    /// Scratch for merging type breakdowns.
    private var typeScratch: [UInt32]
    private var touchedTypes: [UInt16] = []
    /// Per point: from this zoom up, the point (while it is a marker of its own) provably has no
    /// neighbour within the radius, so its radius query can be skipped (see ``QuietZooms``).
    private var quietFrom: [UInt8] = []
    private var memberScratch: [UInt32] = []
    /// Per cluster: its only type, or `mixed` (one read instead of three in the common case).
    private var clusterSoleType: [UInt16] = []
    private static let mixed = UInt16.max

    private let parallel: Bool
    /// False when every point is in group 0 (no grouping): then the group tests, a random memory
    /// access per neighbour, are skipped.
    private let grouped: Bool

    init(input: ClusterInput, options: ClusterOptions, parallel: Bool) {
        self.input = input
        self.parallel = parallel
        grouped = input.groups.contains { $0 != 0 }
        self.options = options
        table = ClusterTable(options: options, types: input.types, measureNames: input.measureNames, idBase: input.objectCount)
        typeScratch = Array(repeating: 0, count: input.types.count)
    }

    static func build(_ input: ClusterInput, options: ClusterOptions, parallel: Bool) -> ClusterTable {
        var builder = ClusterBuilder(input: input, options: options, parallel: parallel)
        return builder.run()
    }

    private mutating func run() -> ClusterTable {
        storePoints()
        table.clustersByZoom = Array(repeating: 0..<0, count: options.maxZoom + 2)
        table.clusterMeasures = Array(repeating: MeasureColumn(), count: input.measureNames.count)
        table.lowestLevel = Array(repeating: UInt8(options.minZoom), count: input.count)

        var (entries, origins) = topLevel()
        var grid = NeighbourGrid()
        switch options.neighbourSearch {
        case .supercluster:
            quietFrom = QuietZooms.compute(table: table, entries: entries, options: options, parallel: parallel)
        case .grid:
            quietFrom = QuietZooms.computeWithGrid(table: table, entries: entries, options: options, grid: &grid)
        }
        let neighbours = HitBuffer()
        var visited: [Bool] = []
        var gridIDs: [UInt32] = []
        for zoom in stride(from: options.maxZoom, through: options.minZoom, by: -1) {
            let start = table.clusterTotal
            entries = cluster(
                entries, origins: origins, zoom: zoom, neighbours: neighbours, visited: &visited,
                grid: &grid, gridIDs: &gridIDs)
            origins = nil
            table.clustersByZoom[zoom] = start..<table.clusterTotal
        }
        return table
    }

    private mutating func storePoints() {
        let n = input.count
        table.longitudes = input.longitudes
        table.latitudes = input.latitudes
        table.pointType = input.typeIndices
        table.originalIndices = input.originalIndices
        table.pointMeasures = input.measures
        table.pointX = [Float](unsafeUninitializedCapacity: n) { buffer, count in
            for i in 0..<n { buffer[i] = Float(WebMercator.worldX(longitude: input.longitudes[i])) }
            count = n
        }
        table.pointY = [Float](unsafeUninitializedCapacity: n) { buffer, count in
            for i in 0..<n { buffer[i] = Float(WebMercator.worldY(latitude: input.latitudes[i])) }
            count = n
        }
    }

    /// The markers above `maxZoom`: every point, except that points at one identical position
    /// (and of one group) become one colocated cluster. `origins` are input indices, which is
    /// what supercluster's ids count at this level.
    private mutating func topLevel() -> (entries: [UInt32], origins: [UInt32]?) {
        let first = ColocatedGroups.firstOfGroup(input)
        let n = input.count
        var membersOf: [Int: [UInt32]] = [:]
        for i in 0..<n where first[i] != UInt32(i) {
            membersOf[Int(first[i]), default: [UInt32(first[i])]].append(UInt32(i))
        }
        guard !membersOf.isEmpty else { return ((0..<n).map { UInt32($0) }, nil) }

        var entries: [UInt32] = []
        var origins: [UInt32] = []
        entries.reserveCapacity(n)
        origins.reserveCapacity(n)
        let start = table.clusterTotal
        for i in 0..<n where first[i] == UInt32(i) {
            origins.append(UInt32(i))
            if let members = membersOf[i] {
                let node = makeCluster(
                    members: members, origin: i, zoom: options.maxZoom + 1,
                    x: Double(table.pointX[i]), y: Double(table.pointY[i]), count: members.count,
                    group: input.groups[i])
                for member in members { table.lowestLevel[Int(member)] = .max }
                entries.append(node)
            } else {
                entries.append(UInt32(i))
            }
        }
        table.clustersByZoom[options.maxZoom + 1] = start..<table.clusterTotal
        return (entries, origins)
    }

    @inline(__always) private func group(_ node: Int) -> UInt32 {
        node < table.pointCount ? input.groups[node] : clusterGroup[node - table.pointCount]
    }

    /// One greedy pass at `zoom` over the markers of `zoom + 1`; returns the markers of `zoom`.
    private mutating func cluster(
        _ entries: [UInt32], origins: [UInt32]?, zoom: Int, neighbours: HitBuffer, visited: inout [Bool],
        grid: inout NeighbourGrid, gridIDs: inout [UInt32]
    ) -> [UInt32] {
        let radius = options.worldRadius(zoom: zoom)
        switch options.neighbourSearch {
        case .supercluster:
            let tree = KDTree(count: entries.count, nodeSize: options.nodeSize, parallel: parallel) {
                table.treeCoordinate(Int(entries[$0]))
            }
            var found: [UInt32] = []
            return cluster(entries, origins: origins, zoom: zoom, visited: &visited) { _, x, y in
                found.removeAll(keepingCapacity: true)
                tree.within(x: x, y: y, radius: radius, into: &found)
                neighbours.count = 0
                for k in found { neighbours.append(UInt64(k) << 32 | UInt64(entries[Int(k)])) }
                return neighbours.hits
            }
        case .grid:
            // Quiet points find nothing and nobody finds them (``QuietZooms``): leave them out.
            gridIDs.removeAll(keepingCapacity: true)
            for i in entries.indices {
                let node = Int(entries[i])
                if !(node < quietFrom.count && Int(quietFrom[node]) <= zoom) { gridIDs.append(UInt32(i)) }
            }
            grid.rebuild(
                ids: gridIDs, idLimit: entries.count, radius: radius, position: { table.world(Int(entries[$0])) },
                tag: { entries[$0] })
            let grid = grid
            return cluster(entries, origins: origins, zoom: zoom, visited: &visited) { i, x, y in
                grid.neighbours(of: i, x: x, y: y, radius: radius, scratch: neighbours)
            }
        }
    }

    /// The greedy pass, with `within(i, x, y)` giving the markers within the radius of marker `i`
    /// at (`x`, `y`), each as `k << 32 | entries[k]` (its position in `entries` and its node, so
    /// that the pass need not look the node up). The buffer need only last until the next call:
    /// handing out a view rather than filling an array saves a copy per marker.
    private mutating func cluster(
        _ entries: [UInt32], origins: [UInt32]?, zoom: Int, visited: inout [Bool],
        within: (Int, Double, Double) -> UnsafeBufferPointer<UInt64>
    ) -> [UInt32] {
        let count = entries.count
        visited.removeAll(keepingCapacity: true)
        visited.append(contentsOf: repeatElement(false, count: count))
        var next: [UInt32] = []
        next.reserveCapacity(count)

        // Through a buffer pointer: an array element write would check uniqueness each time.
        visited.withUnsafeMutableBufferPointer { visited in
            for i in 0..<count where !visited[i] {
                visited[i] = true
                let node = Int(entries[i])
                if node < quietFrom.count && Int(quietFrom[node]) <= zoom {
                    next.append(UInt32(node))
                    continue
                }
                let (x, y) = table.world(node)
                let nodeGroup = group(node)
                let neighbours = within(i, x, y)

                let originCount = table.count(node)
                var total = originCount
                for hit in neighbours where !visited[Int(hit >> 32)] {
                    let other = Int(UInt32(truncatingIfNeeded: hit))
                    if !grouped || group(other) == nodeGroup { total += table.count(other) }
                }

                if total > originCount && total >= options.minPoints {
                    var wx = x * Double(originCount), wy = y * Double(originCount)
                    // Reuse one buffer for the members (an allocation per cluster is measurable).
                    var members = memberScratch
                    memberScratch = []
                    members.removeAll(keepingCapacity: true)
                    var sawOrigin = false
                    for hit in neighbours {
                        let k = Int(hit >> 32), other = Int(UInt32(truncatingIfNeeded: hit))
                        if k == i {
                            members.append(UInt32(node))
                            sawOrigin = true
                            continue
                        }
                        if visited[k] || (grouped && group(other) != nodeGroup) { continue }
                        visited[k] = true
                        let (ox, oy) = table.world(other)
                        let weight = Double(table.count(other))
                        wx += ox * weight
                        wy += oy * weight
                        members.append(UInt32(other))
                    }
                    // At extreme zooms the Float-rounded tree position can miss its own query circle.
                    if !sawOrigin { members.insert(UInt32(node), at: 0) }
                    let origin = origins.map { Int($0[i]) } ?? i
                    next.append(
                        makeCluster(
                            members: members, origin: origin, zoom: zoom,
                            x: wx / Double(total), y: wy / Double(total), count: total, group: nodeGroup))
                    for member in members { table.lowestLevel[Int(member)] = UInt8(zoom + 1) }
                    memberScratch = members
                } else {
                    next.append(UInt32(node))
                    if total > 1 {
                        for hit in neighbours where !visited[Int(hit >> 32)] {
                            let k = Int(hit >> 32), other = Int(UInt32(truncatingIfNeeded: hit))
                            guard !grouped || group(other) == nodeGroup else { continue }
                            visited[k] = true
                            next.append(UInt32(other))
                        }
                    }
                }
            }
        }
        return next
    }

    /// Stores a new cluster with its children, type breakdown and measures; returns its node.
    private mutating func makeCluster(
        members: [UInt32], origin: Int, zoom: Int, x: Double, y: Double, count: Int, group: UInt32
    ) -> UInt32 {
        let node = UInt32(table.nodeCount)
        table.clusterX.append(x)
        table.clusterY.append(y)
        table.clusterCount.append(UInt32(count))
        table.clusterZoom.append(UInt8(zoom))
        table.clusterOrigin.append(UInt32(origin))
        table.children.append(contentsOf: members)
        table.childStart.append(UInt32(table.children.count))
        table.lowestLevel.append(UInt8(options.minZoom))
        clusterGroup.append(group)
        appendBreakdown(of: members)
        let c = table.clusterTotal - 1
        let start = Int(table.breakdownStart[c])
        clusterSoleType.append(Int(table.breakdownStart[c + 1]) - start == 1 ? table.breakdownType[start] : Self.mixed)
        for m in table.clusterMeasures.indices { appendMeasure(m, of: members) }
        return node
    }

    private mutating func appendBreakdown(of members: [UInt32]) {
        if appendSoleTypeBreakdown(of: members) { return }
        for member in members {
            let node = Int(member)
            if node < table.pointCount {
                add(type: table.pointType[node], count: 1)
            } else {
                let c = node - table.pointCount
                for b in Int(table.breakdownStart[c])..<Int(table.breakdownStart[c + 1]) {
                    add(type: table.breakdownType[b], count: table.breakdownCount[b])
                }
            }
        }
        touchedTypes.sort()
        for type in touchedTypes {
            table.breakdownType.append(type)
            table.breakdownCount.append(typeScratch[Int(type)])
            typeScratch[Int(type)] = 0
        }
        touchedTypes.removeAll(keepingCapacity: true)
        table.breakdownStart.append(UInt32(table.breakdownType.count))
    }

    /// The common case (and the only one without types): all members of one type. Appends the
    /// breakdown and returns true, or returns false without appending anything.
    private mutating func appendSoleTypeBreakdown(of members: [UInt32]) -> Bool {
        var sole: UInt16?
        var total: UInt32 = 0
        for member in members {
            let node = Int(member)
            let type: UInt16, count: UInt32
            if node < table.pointCount {
                type = table.pointType[node]
                count = 1
            } else {
                let c = node - table.pointCount
                type = clusterSoleType[c]
                guard type != Self.mixed else { return false }
                count = table.clusterCount[c]
            }
            if let sole, sole != type { return false }
            sole = type
            total += count
        }
        guard let sole else { return false }
        table.breakdownType.append(sole)
        table.breakdownCount.append(total)
        table.breakdownStart.append(UInt32(table.breakdownType.count))
        return true
    }

    @inline(__always) private mutating func add(type: UInt16, count: UInt32) {
        if typeScratch[Int(type)] == 0 { touchedTypes.append(type) }
        typeScratch[Int(type)] += count
    }

    private mutating func appendMeasure(_ m: Int, of members: [UInt32]) {
        var sum = 0.0, low = Double.infinity, high = -Double.infinity
        var valueCount: UInt32 = 0
        for member in members {
            let node = Int(member)
            if node < table.pointCount {
                let value = table.pointMeasures[m][node]
                guard !value.isNaN else { continue }
                sum += value
                low = min(low, value)
                high = max(high, value)
                valueCount += 1
            } else {
                let c = node - table.pointCount
                let column = table.clusterMeasures[m]
                guard column.valueCount[c] > 0 else { continue }
                sum += column.sum[c]
                low = min(low, column.minimum[c])
                high = max(high, column.maximum[c])
                valueCount += column.valueCount[c]
            }
        }
        table.clusterMeasures[m].sum.append(sum)
        table.clusterMeasures[m].minimum.append(low)
        table.clusterMeasures[m].maximum.append(high)
        table.clusterMeasures[m].valueCount.append(valueCount)
    }
}

