/// The repairs that work on one line or ring's positions, each returning what it changed.
enum RingRepairs {
    static func removeNonFinite(_ component: DrawnComponent, changes: inout [RepairChange]) -> [DrawnPosition] {
        var kept: [DrawnPosition] = []
        for (vertex, position) in component.positions.enumerated() {
            guard position.isFinite else {
                changes.append(RepairChange(
                    kind: .removedNonFinitePosition, index: component.index.at(vertex: vertex),
                    technicalMessage: "removed position \(vertex) \(Wording.coordinates(position)): non-finite coordinate",
                    userMessage: "Removed \(Wording.vertex(vertex)), which had no valid coordinates."))
                continue
            }
            kept.append(position)
        }
        return kept
    }

    static func close(_ positions: [DrawnPosition], _ component: DrawnComponent, changes: inout [RepairChange]) -> [DrawnPosition] {
        guard case .ring = component.role, positions.count >= 3,
            !positions[0].sameLocation(as: positions[positions.count - 1])
        else { return positions }
        changes.append(RepairChange(
            kind: .closedRing, index: component.index.at(vertex: positions.count),
            technicalMessage: "closed the ring by repeating its first position \(Wording.coordinates(positions[0])) at the end",
            userMessage: "Closed \(Wording.outline(component.index, role: component.role)) back to its first point."))
        return positions + [positions[0]]
    }

    static func removeRepeats(_ positions: [DrawnPosition], _ component: DrawnComponent, changes: inout [RepairChange]) -> [DrawnPosition] {
        var kept: [DrawnPosition] = []
        kept.reserveCapacity(positions.count)
        for (vertex, position) in positions.enumerated() {
            if let last = kept.last, last.sameLocation(as: position) {
                changes.append(RepairChange(
                    kind: .removedRepeatedPositions, index: component.index.at(vertex: vertex),
                    technicalMessage: "removed position \(vertex) \(Wording.coordinates(position)), a repeat of the one before",
                    userMessage: "Removed a repeated point at \(Wording.vertex(vertex))."))
                continue
            }
            kept.append(position)
        }
        return kept
    }

    /// Removes spike tips from a closed ring until none is left (removing one can expose another).
    static func removeSpikes(_ positions: [DrawnPosition], _ component: DrawnComponent, changes: inout [RepairChange]) -> [DrawnPosition] {
        guard case .ring = component.role else { return positions }
        var ring = positions
        while ring.count >= 4, ring[0].sameLocation(as: ring[ring.count - 1]) {
            let corners = Array(0..<(ring.count - 1))
            guard !PlanarShape.allOnOneLine(ring, corners: corners),
                let tip = PlanarShape.spikeCorners(ring, corners: corners, isRing: true).first
            else { break }
            changes.append(RepairChange(
                kind: .removedSpike, index: component.index.at(vertex: tip),
                technicalMessage: "removed spike tip at position \(tip) \(Wording.coordinates(ring[tip]))",
                userMessage: "Removed a spike at \(Wording.vertex(tip)) where the outline went out and straight back."))
            ring.remove(at: tip)
            if tip == 0 { ring[ring.count - 1] = ring[0] }
            // The neighbours of the removed tip are now adjacent and may be equal.
            ring = removeRepeats(ring, component, changes: &changes)
        }
        return ring
    }

    /// Reverses a ring that winds against RFC 7946 (exterior counterclockwise, holes clockwise).
    static func rewind(_ positions: [DrawnPosition], _ component: DrawnComponent, changes: inout [RepairChange]) -> [DrawnPosition] {
        guard case let .ring(exterior) = component.role else { return positions }
        let area = PlanarShape.signedDoubleArea(positions)
        guard area != 0, (area > 0) != exterior else { return positions }
        changes.append(RepairChange(
            kind: .rewoundRing, index: component.index,
            technicalMessage: "reversed the \(exterior ? "exterior ring (was clockwise)" : "hole (was counterclockwise)")",
            userMessage: "Turned \(Wording.outline(component.index, role: component.role)) around to the standard direction."))
        return positions.reversed()
    }
}
