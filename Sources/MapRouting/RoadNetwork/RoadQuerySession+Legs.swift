import MapGeometry

extension RoadQuerySession {
    /// The road paths between consecutive positions of a route (start, stops in visiting
    /// order, end), minimising `metric` on each leg (making no turn the network's
    /// ``RoadNetwork/turnRules`` forbid), and their line joined end to end.
    ///
    /// A route planner orders the stops with ``matrices(from:to:by:sourceNames:targetNames:allowUnreachable:)``;
    /// this draws the chosen order along the streets.
    /// - Parameter names: names for error messages, per position (default "position 3").
    /// - Throws: ``RoadNetworkError`` naming the position too far from a road or the leg
    ///   without a path.
    public func legs(
        through positions: [Position], by metric: RoadMetric = .time, names: [String]? = nil
    ) throws(RoadNetworkError) -> (legs: [RoadPath], line: [Position]) {
        var snaps = [RoadSnap]()
        for (index, position) in positions.enumerated() {
            snaps.append(try network.snap(position, point: names?[index] ?? "position \(index)"))
        }
        var legs = [RoadPath](), line = [Position]()
        for index in snaps.indices.dropFirst() {
            let names = (names?[index - 1] ?? "position \(index - 1)", names?[index] ?? "position \(index)")
            let leg = if let rules = network.turnRules {
                try directions(from: positions[index - 1], to: positions[index], by: metric, rules: rules, startName: names.0, endName: names.1)
            } else {
                try path(from: snaps[index - 1], to: snaps[index], by: metric, names: names, queried: (positions[index - 1], positions[index]))
            }
            legs.append(leg)
            for position in leg.positions where line.last.map({ !$0.sameLocation(as: position) }) ?? true {
                line.append(position)
            }
        }
        return (legs, line)
    }
}
