import MapGeometry

/// Where a query position meets the road network: the nearest point on the nearest usable
/// road segment. The segment is split there virtually; the graph is not changed.
public struct RoadSnap: Hashable, Sendable {
    /// The point on the road.
    public let position: Position
    /// Geodesic distance in metres from the query position to ``position``.
    public let distance: Double
    /// The id of the road segment snapped to.
    public let segmentID: String
    /// The segment's index in the graph.
    let segment: Int
    /// Metres along the segment from its first position to the snapped point.
    let offset: Double
}

extension RoadNetwork {
    /// Snaps a position to the nearest point on the nearest usable road (of the main network
    /// unless ``RoadNetworkOptions/snapToMainNetwork`` is false).
    /// - Parameter point: names the position in an error (`"the start"`, `"stop 12"`).
    /// - Throws: ``RoadNetworkError/tooFarFromRoad(point:position:distance:maximum:)`` when
    ///   the road is farther than ``RoadNetworkOptions/maximumSnapDistance``.
    public func snap(_ position: Position, point: String = "the point") throws(RoadNetworkError) -> RoadSnap {
        let inMain = segmentInMainNetwork, mainOnly = options.snapToMainNetwork
        guard let nearest = index.nearest(to: position, in: graph, isUsable: { !mainOnly || inMain[Int($0)] }) else {
            throw .tooFarFromRoad(
                point: point, position: position, distance: .infinity, maximum: options.maximumSnapDistance ?? .infinity)
        }
        let shape = Int(index.pieceShapeIndex[Int(nearest.piece)])
        let segment = Int(index.pieceSegment[Int(nearest.piece)])
        let t = nearest.fraction
        let snapped = Position(
            uncheckedLongitude: graph.shapeLongitudes[shape] + t * (graph.shapeLongitudes[shape + 1] - graph.shapeLongitudes[shape]),
            latitude: graph.shapeLatitudes[shape] + t * (graph.shapeLatitudes[shape + 1] - graph.shapeLatitudes[shape]))
        // The short-line ruler equals PROJ's geodesic to 2·10⁻⁸ m here and spares a matrix or
        // directions command loading PROJ at all.
        let distance = Geodesic.shortLineDistance(
            fromLongitude: position.longitude, latitude: position.latitude,
            toLongitude: snapped.longitude, latitude: snapped.latitude)
        if let maximum = options.maximumSnapDistance, distance > maximum {
            throw .tooFarFromRoad(point: point, position: position, distance: distance, maximum: maximum)
        }
        let offset = graph.shapeOffsets[shape] + t * (graph.shapeOffsets[shape + 1] - graph.shapeOffsets[shape])
        return RoadSnap(
            position: snapped, distance: distance, segmentID: graph.segmentIDs[segment], segment: segment,
            offset: offset)
    }

    /// The node a snapped point lies on (an end of its segment), or nil when it lies between
    /// the ends. A point on a node may leave by, and arrive through, every road that touches
    /// that node, not only the one it snapped onto (a junction of one-way streets, a roundabout).
    func node(at snap: RoadSnap) -> Int32? {
        if snap.offset <= 0 { return graph.segmentFrom[snap.segment] }
        if snap.offset >= graph.segmentLength[snap.segment] { return graph.segmentTo[snap.segment] }
        return nil
    }

    /// The seeds a search starts from when leaving a snapped point: the segment's end nodes
    /// it may drive to, with the cost of the part of the segment driven; and the node the
    /// point lies on, at no cost.
    func departureSeeds(_ snap: RoadSnap, _ metric: RoadMetric) -> [SearchSeed] {
        let parts = partCosts(snap, metric)
        var seeds = node(at: snap).map { [SearchSeed(node: $0, weight: 0, secondary: 0)] } ?? []
        let direction = graph.direction(ofSegment: snap.segment)
        if direction.contains(.forward) {
            seeds.append(SearchSeed(node: graph.segmentTo[snap.segment], weight: parts.after.0, secondary: parts.after.1))
        }
        if direction.contains(.backward) {
            seeds.append(SearchSeed(node: graph.segmentFrom[snap.segment], weight: parts.before.0, secondary: parts.before.1))
        }
        return seeds
    }

    /// The seeds a search ends at when arriving at a snapped point: the end nodes it may be
    /// reached from, with the cost of the part of the segment still to drive; and the node the
    /// point lies on, at no cost.
    func arrivalSeeds(_ snap: RoadSnap, _ metric: RoadMetric) -> [SearchSeed] {
        let parts = partCosts(snap, metric)
        var seeds = node(at: snap).map { [SearchSeed(node: $0, weight: 0, secondary: 0)] } ?? []
        let direction = graph.direction(ofSegment: snap.segment)
        if direction.contains(.forward) {
            seeds.append(SearchSeed(node: graph.segmentFrom[snap.segment], weight: parts.before.0, secondary: parts.before.1))
        }
        if direction.contains(.backward) {
            seeds.append(SearchSeed(node: graph.segmentTo[snap.segment], weight: parts.after.0, secondary: parts.after.1))
        }
        return seeds
    }

    /// (metric, other measure) of the segment part before and after the snapped point.
    private func partCosts(_ snap: RoadSnap, _ metric: RoadMetric) -> (before: (Double, Double), after: (Double, Double)) {
        let length = graph.segmentLength[snap.segment]
        let fraction = length > 0 ? min(max(snap.offset / length, 0), 1) : 0
        let edge = Int32(snap.segment) << 1
        let cost = graph.cost(ofEdge: edge, metric), other = graph.secondaryCost(ofEdge: edge, metric)
        return ((cost * fraction, other * fraction), (cost * (1 - fraction), other * (1 - fraction)))
    }

    /// The cost of driving straight along one segment between two snapped points on it,
    /// when its direction allows: (metric, other measure), or nil.
    func sameSegmentCost(from start: RoadSnap, to end: RoadSnap, _ metric: RoadMetric) -> (Double, Double)? {
        guard start.segment == end.segment else { return nil }
        let direction = graph.direction(ofSegment: start.segment)
        let allowed = end.offset >= start.offset ? direction.contains(.forward) : direction.contains(.backward)
        guard allowed else { return nil }
        let length = graph.segmentLength[start.segment]
        let fraction = length > 0 ? abs(end.offset - start.offset) / length : 0
        let edge = Int32(start.segment) << 1
        return (graph.cost(ofEdge: edge, metric) * fraction, graph.secondaryCost(ofEdge: edge, metric) * fraction)
    }
}
