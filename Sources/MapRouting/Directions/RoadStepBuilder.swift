import MapGeometry

/// Tells the turn-by-turn steps of a path from the stretches of road it drives: one step
/// where it departs, one at each node announced by ``RoadTurn``'s rules, one per roundabout
/// (with its exit counted), and one where it arrives.
struct RoadStepBuilder {
    let graph: RoadGraph

    /// A step being gathered: the manoeuvre and the stretches it covers so far.
    private struct Draft {
        var manoeuvre: RoadStep.Manoeuvre
        var modifier: RoadTurn.Modifier?
        var exit: Int?
        var location: Position
        var bearingBefore: Double?
        var bearingAfter: Double?
        /// The segment whose name and ref the step says.
        var named: Int
        /// True for a turn that keeps to the same road ("to stay on").
        var staysOnRoad = false
        var distance = 0.0
        var duration = 0.0
    }

    func steps(of pieces: [RoadPathPiece], start: RoadSnap, end: RoadSnap) -> [RoadStep] {
        guard let first = pieces.first, let last = pieces.last else {
            let still = Draft(manoeuvre: .depart, location: start.position, named: start.segment)
            let arrive = Draft(manoeuvre: .arrive, location: end.position, named: end.segment)
            return [step(still), step(arrive)]
        }
        var drafts = [Draft(
            manoeuvre: .depart, location: start.position, bearingAfter: leavingBearing(first), named: Int(first.segment))]
        // On a ring: the exits passed so far, and the roundabout step being gathered (nil when
        // the path started on the ring).
        var exitsPassed = 0
        var ringStep: Int? = nil
        for (index, piece) in pieces.enumerated() {
            if index > 0 {
                let previous = pieces[index - 1]
                let node = graph.head(ofEdge: previous.edge)
                let onRing = isRing(previous), toRing = isRing(piece)
                let before = arrivingBearing(previous), after = leavingBearing(piece)
                let location = graph.position(ofNode: Int(node))
                switch (onRing, toRing) {
                case (false, true):
                    exitsPassed = 0
                    drafts.append(Draft(
                        manoeuvre: .roundabout, location: location, bearingBefore: before, named: Int(piece.segment)))
                    ringStep = drafts.count - 1
                case (true, true):
                    exitsPassed += exits(at: node).count
                case (true, false):
                    let exits = exits(at: node)
                    let number = exitsPassed + (exits.firstIndex(of: piece.edge) ?? exits.count) + 1
                    if let ringStep {
                        drafts[ringStep].exit = number
                        drafts[ringStep].bearingAfter = after
                        drafts[ringStep].named = Int(piece.segment)
                        drafts[ringStep].modifier = RoadTurn.modifier(
                            ofAngle: RoadTurn.angle(from: drafts[ringStep].bearingBefore ?? after, to: after))
                    } else {
                        let angle = RoadTurn.angle(from: before, to: after)
                        drafts.append(Draft(
                            manoeuvre: .exitRoundabout, modifier: RoadTurn.modifier(ofAngle: angle), exit: number,
                            location: location, bearingBefore: before, bearingAfter: after, named: Int(piece.segment)))
                    }
                    ringStep = nil
                case (false, false):
                    if let turn = announcedTurn(at: node, from: previous, to: piece, before: before, after: after) {
                        drafts.append(Draft(
                            manoeuvre: turn.manoeuvre, modifier: turn.modifier, location: location,
                            bearingBefore: before, bearingAfter: after, named: Int(piece.segment),
                            staysOnRoad: turn.staysOnRoad))
                    }
                }
            }
            drafts[drafts.count - 1].distance += piece.length
            drafts[drafts.count - 1].duration += duration(of: piece)
        }
        drafts.append(Draft(
            manoeuvre: .arrive, location: end.position, bearingBefore: arrivingBearing(last), named: Int(last.segment)))
        return drafts.map(step)
    }

    // MARK: Deciding

    /// The manoeuvre announced at a node between two ordinary roads, or nil when the node is
    /// passed without a word (``RoadTurn``'s rules).
    private func announcedTurn(
        at node: Int32, from previous: RoadPathPiece, to piece: RoadPathPiece, before: Double, after: Double
    ) -> (manoeuvre: RoadStep.Manoeuvre, modifier: RoadTurn.Modifier, staysOnRoad: Bool)? {
        let angle = RoadTurn.angle(from: before, to: after)
        let modifier = RoadTurn.modifier(ofAngle: angle)
        if modifier == .uturn { return (.turn, .uturn, false) }
        // Other roads one may take here: every drivable way on but the one taken and the way back.
        let others = outgoing(from: node).filter { $0 != piece.edge && $0 != previous.edge ^ 1 }
        let straightest = others.allSatisfy { abs(RoadTurn.angle(from: before, to: leavingBearing(ofEdge: $0))) >= abs(angle) }
        // The obvious way on: nothing else to take, or the straightest way bending less than 60°.
        let obvious = others.isEmpty || (straightest && abs(angle) < 60)
        if sameRoad(previous.segment, piece.segment) {
            // Two unnamed roads are merged like one, but only a named one is "stayed on".
            let named = graph.segmentName[Int(piece.segment)] != 0 || graph.segmentRef[Int(piece.segment)] != 0
            return obvious || modifier == .straight ? nil : (.turn, modifier, named)
        }
        return (obvious || modifier == .straight ? .continue : .turn, modifier, false)
    }

    /// Two segments are the same road when they share a name, or, both unnamed, a ref.
    private func sameRoad(_ a: Int32, _ b: Int32) -> Bool {
        let nameA = graph.segmentName[Int(a)], nameB = graph.segmentName[Int(b)]
        if nameA != 0 || nameB != 0 { return nameA == nameB }
        return graph.segmentRef[Int(a)] == graph.segmentRef[Int(b)]
    }

    private func isRing(_ piece: RoadPathPiece) -> Bool {
        graph.junction(ofSegment: Int(piece.segment)).isRing
    }

    private func outgoing(from node: Int32) -> ArraySlice<Int32> {
        graph.outEdge[Int(graph.outStart[Int(node)])..<Int(graph.outStart[Int(node) + 1])]
    }

    /// The exits of a ring at one of its nodes: the drivable roads leaving it that are not part
    /// of a ring, in the order a driver passes them (right-hand traffic: the sharpest to the
    /// right first).
    private func exits(at node: Int32) -> [Int32] {
        let exits = outgoing(from: node).filter { !graph.junction(ofSegment: Int($0 >> 1)).isRing }
        guard exits.count > 1,
            let ring = outgoing(from: node).first(where: { graph.junction(ofSegment: Int($0 >> 1)).isRing })
        else { return Array(exits) }
        let along = leavingBearing(ofEdge: ring)
        return exits.sorted {
            RoadTurn.angle(from: along, to: leavingBearing(ofEdge: $0)) > RoadTurn.angle(from: along, to: leavingBearing(ofEdge: $1))
        }
    }

    // MARK: Measuring

    private func duration(of piece: RoadPathPiece) -> Double {
        let length = graph.segmentLength[Int(piece.segment)]
        return length > 0 ? graph.segmentDuration[Int(piece.segment)] * piece.length / length : 0
    }

    /// The point `offset` metres along a segment from its first position.
    private func position(ofSegment segment: Int, at offset: Double) -> Position {
        let first = Int(graph.segmentShapeStart[segment]), last = Int(graph.segmentShapeStart[segment + 1]) - 1
        var shape = first
        while shape < last - 1 && graph.shapeOffsets[shape + 1] < offset { shape += 1 }
        let from = graph.shapeOffsets[shape], to = graph.shapeOffsets[shape + 1]
        let t = to > from ? min(max((offset - from) / (to - from), 0), 1) : 0
        return Position(
            uncheckedLongitude: graph.shapeLongitudes[shape] + t * (graph.shapeLongitudes[shape + 1] - graph.shapeLongitudes[shape]),
            latitude: graph.shapeLatitudes[shape] + t * (graph.shapeLatitudes[shape + 1] - graph.shapeLatitudes[shape]))
    }

    /// Bearing from one point to another, 0..<360.
    private func bearing(_ from: Position, _ to: Position) -> Double {
        let azimuth = Geodesic.inverse(from: from, to: to).initialAzimuth
        return azimuth < 0 ? azimuth + 360 : azimuth
    }

    /// Direction of travel at the start of a stretch, over its first ``RoadTurn/lookahead`` metres.
    private func leavingBearing(_ piece: RoadPathPiece) -> Double {
        let step = min(RoadTurn.lookahead, piece.length)
        let segment = Int(piece.segment)
        let ahead = piece.forward ? piece.from + step : piece.from - step
        return bearing(position(ofSegment: segment, at: piece.from), position(ofSegment: segment, at: ahead))
    }

    /// Direction of travel at the end of a stretch, over its last ``RoadTurn/lookahead`` metres.
    private func arrivingBearing(_ piece: RoadPathPiece) -> Double {
        let step = min(RoadTurn.lookahead, piece.length)
        let segment = Int(piece.segment)
        let behind = piece.forward ? piece.to - step : piece.to + step
        return bearing(position(ofSegment: segment, at: behind), position(ofSegment: segment, at: piece.to))
    }

    /// Direction of a whole directed edge where it leaves its tail node.
    private func leavingBearing(ofEdge edge: Int32) -> Double {
        let length = graph.segmentLength[Int(edge >> 1)]
        let forward = edge & 1 == 0
        return leavingBearing(RoadPathPiece(segment: edge >> 1, forward: forward, from: forward ? 0 : length, to: forward ? length : 0))
    }

    // MARK: Saying

    private func step(_ draft: Draft) -> RoadStep {
        let name = graph.name(ofSegment: draft.named), ref = graph.ref(ofSegment: draft.named)
        return RoadStep(
            manoeuvre: draft.manoeuvre, modifier: draft.modifier, exit: draft.exit, name: name, ref: ref,
            distance: draft.distance, duration: draft.duration, location: draft.location,
            bearingBefore: draft.bearingBefore, bearingAfter: draft.bearingAfter,
            instruction: RoadStepWording.instruction(
                draft.manoeuvre, modifier: draft.modifier, exit: draft.exit, bearingAfter: draft.bearingAfter,
                road: RoadStep.label(name: name, ref: ref), staysOnRoad: draft.staysOnRoad))
    }
}
