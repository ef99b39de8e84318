/// What the graph builder did with the roads it was given: what it kept, what it left
/// out and why, and how the result falls apart into disconnected pieces.
public struct RoadNetworkReport: Hashable, Sendable, CustomStringConvertible {
    /// Segments given to the builder.
    public var segmentsRead = 0
    /// Segments in the graph.
    public var segmentsUsed = 0
    /// Segments left out because their `access` tag is excluded (`no`, `private`).
    public var excludedByAccess = 0
    /// Segments left out because their `oneway` value has no fixed direction
    /// (`reversible`, `alternating`) or cannot be read.
    public var excludedByOneway = 0
    /// Segments left out because they have fewer than two positions.
    public var excludedTooShort = 0
    /// Segments whose speed came from a readable `maxspeed`.
    public var speedFromMaxspeed = 0
    /// Segments with a `maxspeed` the parser could not read (the class default was used).
    public var unreadableMaxspeed = 0
    /// Node ids seen with two different coordinates (the first one was kept).
    public var nodeIDsWithTwoCoordinates = 0
    /// Nodes (junctions and road ends).
    public var nodeCount = 0
    /// Directed edges (two-way segments count twice).
    public var edgeCount = 0
    /// Total length of the segments kept, metres.
    public var totalLength = 0.0
    /// Sizes of the undirected connected pieces, largest first.
    public var connectedPieceSizes: [Int] = []
    /// Sizes of the strongly connected components of the directed graph, largest first.
    /// Nodes outside the largest one cannot reach it or cannot be reached from it
    /// (one-way traps, isolated pieces).
    public var stronglyConnectedSizes: [Int] = []

    /// Nodes outside the largest strongly connected component.
    public var nodesOutsideLargestComponent: Int {
        nodeCount - (stronglyConnectedSizes.first ?? 0)
    }

    public var description: String {
        var lines = [
            "roads: \(segmentsRead) read, \(segmentsUsed) used"
                + " (excluded: \(excludedByAccess) by access, \(excludedByOneway) by oneway, \(excludedTooShort) too short)",
            "graph: \(nodeCount) nodes, \(edgeCount) directed edges, \(Int(totalLength.rounded())) m of road",
            "speeds: \(speedFromMaxspeed) from maxspeed, \(segmentsUsed - speedFromMaxspeed) from highway class defaults"
                + (unreadableMaxspeed > 0 ? " (\(unreadableMaxspeed) unreadable maxspeed values)" : ""),
            "pieces: \(connectedPieceSizes.count) connected (largest \(connectedPieceSizes.first ?? 0) nodes), "
                + "\(stronglyConnectedSizes.count) strongly connected (largest \(stronglyConnectedSizes.first ?? 0) nodes, "
                + "\(nodesOutsideLargestComponent) nodes outside it)",
        ]
        if nodeIDsWithTwoCoordinates > 0 {
            lines.append("warning: \(nodeIDsWithTwoCoordinates) node ids appear with two different coordinates")
        }
        return lines.joined(separator: "\n")
    }
}
