import MapGeometry

/// Draws a path: the road vertices from a snapped start, through whole segments in the
/// direction driven, to a snapped end.
struct PathAssembler {
    let graph: RoadGraph

    private func position(_ shape: Int) -> Position {
        Position(uncheckedLongitude: graph.shapeLongitudes[shape], latitude: graph.shapeLatitudes[shape])
    }

    private func shapeRange(_ segment: Int) -> Range<Int> {
        Int(graph.segmentShapeStart[segment])..<Int(graph.segmentShapeStart[segment + 1])
    }

    /// True when leaving `snap` towards `node` drives its segment forward (towards its last position).
    /// True when the snapped point lies on `node` (an end of its segment).
    private func isOnNode(_ snap: RoadSnap, _ node: Int32) -> Bool {
        (snap.offset <= 0 && graph.segmentFrom[snap.segment] == node)
            || (snap.offset >= graph.segmentLength[snap.segment] && graph.segmentTo[snap.segment] == node)
    }

    private func drivesForward(_ snap: RoadSnap, towards node: Int32) -> Bool {
        let segment = snap.segment
        let direction = graph.direction(ofSegment: segment)
        let canForward = direction.contains(.forward) && graph.segmentTo[segment] == node
        let canBackward = direction.contains(.backward) && graph.segmentFrom[segment] == node
        if canForward && canBackward {  // a loop: the shorter way round, as the search chose
            return graph.segmentLength[segment] - snap.offset <= snap.offset
        }
        return canForward
    }

    /// True when arriving at `snap` from `node` drives its segment forward.
    private func arrivesForward(_ snap: RoadSnap, from node: Int32) -> Bool {
        let segment = snap.segment
        let direction = graph.direction(ofSegment: segment)
        let canForward = direction.contains(.forward) && graph.segmentFrom[segment] == node
        let canBackward = direction.contains(.backward) && graph.segmentTo[segment] == node
        if canForward && canBackward { return snap.offset <= graph.segmentLength[segment] - snap.offset }
        return canForward
    }

    func positions(
        from start: RoadSnap, leavingTo first: Int32, edges: [Int32], arrivingFrom last: Int32, to end: RoadSnap
    ) -> [Position] {
        var line = [start.position]
        // The start's segment, from the snapped point to the node left through.
        let startRange = shapeRange(start.segment)
        if isOnNode(start, first) {
            // Left straight from the node the point lies on: none of its segment is driven.
        } else if drivesForward(start, towards: first) {
            for shape in startRange where graph.shapeOffsets[shape] > start.offset { line.append(position(shape)) }
        } else {
            for shape in startRange.reversed() where graph.shapeOffsets[shape] < start.offset {
                line.append(position(shape))
            }
        }
        for edge in edges {
            let range = shapeRange(Int(edge >> 1))
            if edge & 1 == 0 {
                for shape in range.dropFirst() { line.append(position(shape)) }
            } else {
                for shape in range.reversed().dropFirst() { line.append(position(shape)) }
            }
        }
        // The end's segment, from the node arrived through to the snapped point.
        let endRange = shapeRange(end.segment)
        if isOnNode(end, last) {
            // Arrived straight at the node the point lies on.
        } else if arrivesForward(end, from: last) {
            for shape in endRange where graph.shapeOffsets[shape] < end.offset { line.append(position(shape)) }
        } else {
            for shape in endRange.reversed() where graph.shapeOffsets[shape] > end.offset {
                line.append(position(shape))
            }
        }
        line.append(end.position)
        return withoutRepeats(line)
    }

    /// The stretches of road a path drives, with the same choices as
    /// ``positions(from:leavingTo:edges:arrivingFrom:to:)``; stretches of no length are left out.
    func pieces(
        from start: RoadSnap, leavingTo first: Int32, edges: [Int32], arrivingFrom last: Int32, to end: RoadSnap
    ) -> [RoadPathPiece] {
        var pieces = [RoadPathPiece]()
        let startSegment = Int32(start.segment), startLength = graph.segmentLength[start.segment]
        if isOnNode(start, first) {
        } else if drivesForward(start, towards: first) {
            pieces.append(RoadPathPiece(segment: startSegment, forward: true, from: start.offset, to: startLength))
        } else {
            pieces.append(RoadPathPiece(segment: startSegment, forward: false, from: start.offset, to: 0))
        }
        for edge in edges {
            let segment = edge >> 1, length = graph.segmentLength[Int(segment)]
            pieces.append(
                edge & 1 == 0
                    ? RoadPathPiece(segment: segment, forward: true, from: 0, to: length)
                    : RoadPathPiece(segment: segment, forward: false, from: length, to: 0))
        }
        let endSegment = Int32(end.segment), endLength = graph.segmentLength[end.segment]
        if isOnNode(end, last) {
        } else if arrivesForward(end, from: last) {
            pieces.append(RoadPathPiece(segment: endSegment, forward: true, from: 0, to: end.offset))
        } else {
            pieces.append(RoadPathPiece(segment: endSegment, forward: false, from: endLength, to: end.offset))
        }
        return pieces.filter { $0.length > 0 }
    }

    /// The one stretch between two snapped points of the same segment (none when they meet).
    func piecesAlongSegment(from start: RoadSnap, to end: RoadSnap) -> [RoadPathPiece] {
        let piece = RoadPathPiece(
            segment: Int32(start.segment), forward: end.offset >= start.offset, from: start.offset, to: end.offset)
        return piece.length > 0 ? [piece] : []
    }

    /// The line between two snapped points of the same segment.
    func alongSegment(from start: RoadSnap, to end: RoadSnap) -> [Position] {
        var line = [start.position]
        let range = shapeRange(start.segment)
        if end.offset >= start.offset {
            for shape in range where graph.shapeOffsets[shape] > start.offset && graph.shapeOffsets[shape] < end.offset {
                line.append(position(shape))
            }
        } else {
            for shape in range.reversed()
            where graph.shapeOffsets[shape] < start.offset && graph.shapeOffsets[shape] > end.offset {
                line.append(position(shape))
            }
        }
        line.append(end.position)
        return withoutRepeats(line)
    }

    /// Drops consecutive equal positions (a snap onto a vertex repeats it).
    private func withoutRepeats(_ line: [Position]) -> [Position] {
        var result = [Position]()
        result.reserveCapacity(line.count)
        for position in line where result.last.map({ !$0.sameLocation(as: position) }) ?? true {
            result.append(position)
        }
        return result
    }
}
