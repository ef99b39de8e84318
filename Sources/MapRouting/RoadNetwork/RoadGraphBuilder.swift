import MapGeometry

/// Turns road segments into a ``RoadGraph``.
///
/// Segment ends become nodes. Two ends are the same node when they carry the same node id,
/// or, for ends without an id, when their coordinates are identical. Segments that merely
/// cross (bridges, tunnels) are never joined: only shared ends connect roads.
enum RoadGraphBuilder {
    /// A node's identity while building: its source id, or its exact coordinates.
    private struct CoordinateKey: Hashable {
        let longitude: UInt64
        let latitude: UInt64
        init(_ position: Position) {
            longitude = position.longitude.bitPattern
            latitude = position.latitude.bitPattern
        }
    }

    static func build(
        _ segments: [RoadSegment], options: RoadNetworkOptions
    ) -> (RoadGraph, RoadNetworkReport) {
        var report = RoadNetworkReport()
        report.segmentsRead = segments.count

        var nodeLongitudes = [Double](), nodeLatitudes = [Double](), nodeIDs = [Int64]()
        var nodeByID = [Int64: Int32](), nodeByCoordinate = [CoordinateKey: Int32]()
        func node(at position: Position, id: Int64?) -> Int32 {
            if let id, let existing = nodeByID[id] {
                if nodeLongitudes[Int(existing)] != position.longitude
                    || nodeLatitudes[Int(existing)] != position.latitude
                {
                    report.nodeIDsWithTwoCoordinates += 1
                }
                return existing
            }
            let key = CoordinateKey(position)
            if let existing = nodeByCoordinate[key] {
                // Same coordinates: join, unless both ends carry different ids.
                let existingID = nodeIDs[Int(existing)]
                if id == nil || existingID == RoadGraph.noNodeID {
                    if let id { nodeIDs[Int(existing)] = id; nodeByID[id] = existing }
                    return existing
                }
            }
            let new = Int32(nodeLongitudes.count)
            nodeLongitudes.append(position.longitude)
            nodeLatitudes.append(position.latitude)
            nodeIDs.append(id ?? RoadGraph.noNodeID)
            if let id { nodeByID[id] = new }
            if nodeByCoordinate[key] == nil { nodeByCoordinate[key] = new }
            return new
        }

        var segmentFrom = [Int32](), segmentTo = [Int32]()
        var segmentLength = [Double](), segmentDuration = [Double](), segmentDirection = [UInt8]()
        var segmentShapeStart: [Int32] = [0]
        var shapeLongitudes = [Double](), shapeLatitudes = [Double](), shapeOffsets = [Double]()
        var segmentIDs = [String]()
        var labels = [""], labelIndex = ["": Int32(0)]
        var segmentName = [Int32](), segmentRef = [Int32](), segmentJunction = [UInt8]()
        func label(_ text: String?) -> Int32 {
            guard let text, !text.isEmpty else { return 0 }
            if let index = labelIndex[text] { return index }
            let index = Int32(labels.count)
            labels.append(text)
            labelIndex[text] = index
            return index
        }

        for (index, segment) in segments.enumerated() {
            let positions = segment.positions
            guard positions.count >= 2 else { report.excludedTooShort += 1; continue }
            if let access = segment.access, options.excludedAccess.contains(access) {
                report.excludedByAccess += 1
                continue
            }
            guard
                let direction = TravelDirection.fromTags(
                    oneway: segment.oneway, junction: segment.junction, highway: segment.highway)
            else {
                report.excludedByOneway += 1
                continue
            }
            let speed = RoadSpeed.speed(
                maxspeed: segment.maxspeed, highway: segment.highway, defaults: options.defaultSpeeds)
            if speed.fromMaxspeed { report.speedFromMaxspeed += 1 } else if segment.maxspeed != nil {
                report.unreadableMaxspeed += 1
            }

            segmentFrom.append(node(at: positions[0], id: segment.fromNode))
            segmentTo.append(node(at: positions[positions.count - 1], id: segment.toNode))
            // Geodesic length along the road's vertices.
            var length = 0.0
            for (offset, position) in positions.enumerated() {
                if offset > 0 {
                    let previous = positions[offset - 1]
                    length += Geodesic.distance(
                        fromLongitude: previous.longitude, latitude: previous.latitude,
                        toLongitude: position.longitude, latitude: position.latitude)
                }
                shapeLongitudes.append(position.longitude)
                shapeLatitudes.append(position.latitude)
                shapeOffsets.append(length)
            }
            segmentShapeStart.append(Int32(shapeLongitudes.count))
            segmentLength.append(length)
            segmentDuration.append(length / (speed.kmh / 3.6))
            segmentDirection.append(direction.rawValue)
            segmentIDs.append(segment.id ?? "segment \(index)")
            segmentName.append(label(segment.name))
            segmentRef.append(label(segment.ref))
            segmentJunction.append(RoadJunction(tag: segment.junction).rawValue)
            report.totalLength += length
        }

        let nodeCount = nodeLongitudes.count
        let adjacency = outgoingAdjacency(
            nodeCount: nodeCount, from: segmentFrom, to: segmentTo, direction: segmentDirection)
        let strong = StronglyConnectedComponents.compute(
            nodeCount: nodeCount, outStart: adjacency.start, outTarget: adjacency.target)

        report.segmentsUsed = segmentFrom.count
        report.nodeCount = nodeCount
        report.edgeCount = adjacency.edge.count
        report.stronglyConnectedSizes = strong.sizes.map(Int.init).sorted(by: >)
        report.connectedPieceSizes = connectedPieceSizes(nodeCount: nodeCount, from: segmentFrom, to: segmentTo)

        let graph = RoadGraph(
            nodeLongitudes: nodeLongitudes, nodeLatitudes: nodeLatitudes, nodeIDs: nodeIDs,
            segmentFrom: segmentFrom, segmentTo: segmentTo, segmentLength: segmentLength,
            segmentDuration: segmentDuration, segmentDirection: segmentDirection,
            segmentShapeStart: segmentShapeStart, shapeLongitudes: shapeLongitudes,
            shapeLatitudes: shapeLatitudes, shapeOffsets: shapeOffsets, segmentIDs: segmentIDs,
            labels: labels, segmentName: segmentName, segmentRef: segmentRef, segmentJunction: segmentJunction,
            outStart: adjacency.start, outEdge: adjacency.edge, outTarget: adjacency.target,
            nodeComponent: strong.component, componentSizes: strong.sizes)
        return (graph, report)
    }

    /// CSR of the directed edges, in segment order within each node (deterministic).
    static func outgoingAdjacency(
        nodeCount: Int, from: [Int32], to: [Int32], direction: [UInt8]
    ) -> (start: [Int32], edge: [Int32], target: [Int32]) {
        var start = [Int32](repeating: 0, count: nodeCount + 1)
        for segment in from.indices {
            let allowed = TravelDirection(rawValue: direction[segment])
            if allowed.contains(.forward) { start[Int(from[segment]) + 1] += 1 }
            if allowed.contains(.backward) { start[Int(to[segment]) + 1] += 1 }
        }
        for node in 0..<nodeCount { start[node + 1] += start[node] }
        var fill = start
        var edge = [Int32](repeating: 0, count: Int(start[nodeCount]))
        var target = edge
        for segment in from.indices {
            let allowed = TravelDirection(rawValue: direction[segment])
            if allowed.contains(.forward) {
                let slot = Int(fill[Int(from[segment])]); fill[Int(from[segment])] += 1
                edge[slot] = Int32(segment) << 1
                target[slot] = to[segment]
            }
            if allowed.contains(.backward) {
                let slot = Int(fill[Int(to[segment])]); fill[Int(to[segment])] += 1
                edge[slot] = Int32(segment) << 1 | 1
                target[slot] = from[segment]
            }
        }
        return (start, edge, target)
    }

    /// Sizes of the undirected connected pieces, largest first (union-find over segments).
    static func connectedPieceSizes(nodeCount: Int, from: [Int32], to: [Int32]) -> [Int] {
        var pieces = UnionFind(count: nodeCount)
        for segment in from.indices { pieces.join(Int(from[segment]), Int(to[segment])) }
        var sizes = [Int: Int]()
        for node in 0..<nodeCount { sizes[pieces.root(node), default: 0] += 1 }
        return sizes.values.sorted(by: >)
    }
}
