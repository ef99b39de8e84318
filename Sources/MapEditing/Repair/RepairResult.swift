import MapGeometry

/// The outcome of ``GeometryRepairer/repair(_:)-(DrawnGeometry)``.
public struct RepairResult: Hashable, Sendable {
    /// The repaired geometry; nil when no valid geometry could be made (a one-tap line,
    /// a polygon with all corners on a line, a coordinate out of range...).
    public var geometry: Geometry?
    /// Every change made, in order.
    public var changes: [RepairChange]
    /// Validation of the result (or, when there is none, of the drawing as far as it was repaired),
    /// so the caller sees what is still wrong.
    public var report: ValidationReport

    /// True when a valid geometry came out.
    public var isRepaired: Bool { geometry != nil && report.isValid }
}
