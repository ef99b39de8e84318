/// What a repair step did.
public enum RepairKind: String, Hashable, Sendable, CaseIterable {
    /// A position with NaN or infinity was removed.
    case removedNonFinitePosition = "removed_non_finite_position"
    /// The first position was repeated at the end of an unclosed ring.
    case closedRing = "closed_ring"
    /// A position equal to the one before it was removed.
    case removedRepeatedPositions = "removed_repeated_positions"
    /// The tip of a spike (an out-and-back excursion of a ring) was removed.
    case removedSpike = "removed_spike"
    /// A part with no length or area was removed from a multi-geometry, or such a hole from a polygon.
    case removedCollapsedPart = "removed_collapsed_part"
    /// A ring was reversed to follow RFC 7946 (exterior counterclockwise, holes clockwise).
    case rewoundRing = "rewound_ring"
    /// GEOS's make-valid rebuilt the geometry.
    case madeValid = "made_valid"
    /// The result was snapped to the output's decimal grid, because plain rounding when it is
    /// written would have made it invalid again.
    case snappedToOutputGrid = "snapped_to_output_grid"
}

/// One change a repair made, never silent: the front end can show it and the user can undo.
/// Indices refer to the drawing as it was just before this change.
public struct RepairChange: Hashable, Sendable, CustomStringConvertible {
    public var kind: RepairKind
    public var index: DrawingIndex
    /// What was done, with positions, for logs and developers.
    public var technicalMessage: String
    /// A short sentence for the user ("Removed a repeated point at vertex 4.").
    public var userMessage: String

    public init(kind: RepairKind, index: DrawingIndex, technicalMessage: String, userMessage: String) {
        self.kind = kind
        self.index = index
        self.technicalMessage = technicalMessage
        self.userMessage = userMessage
    }

    public var description: String { "\(kind.rawValue) at \(index): \(technicalMessage)" }
}
