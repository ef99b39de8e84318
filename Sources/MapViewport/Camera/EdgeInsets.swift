/// Space along each edge of a viewport, in points, that panels, bars or sheets cover
/// (or that should stay free around the data).
public struct EdgeInsets: Hashable, Sendable, CustomStringConvertible {
    /// Points covered along the top edge (toolbar, search bar).
    public var top: Double
    /// Points covered along the right edge.
    public var right: Double
    /// Points covered along the bottom edge (bottom sheet, tab bar).
    public var bottom: Double
    /// Points covered along the left edge (detail panel).
    public var left: Double

    /// Insets in CSS order: top, right, bottom, left.
    public init(top: Double = 0, right: Double = 0, bottom: Double = 0, left: Double = 0) {
        self.top = top
        self.right = right
        self.bottom = bottom
        self.left = left
    }

    /// The same inset on every edge.
    public init(all value: Double) {
        self.init(top: value, right: value, bottom: value, left: value)
    }

    /// No insets.
    public static let zero = EdgeInsets()

    /// Left plus right.
    public var horizontal: Double { left + right }
    /// Top plus bottom.
    public var vertical: Double { top + bottom }

    /// Edge-by-edge sum.
    public static func + (lhs: EdgeInsets, rhs: EdgeInsets) -> EdgeInsets {
        EdgeInsets(
            top: lhs.top + rhs.top, right: lhs.right + rhs.right,
            bottom: lhs.bottom + rhs.bottom, left: lhs.left + rhs.left)
    }

    /// `top,right,bottom,left`, the order `mapctl extents --insets` reads.
    public var description: String { "\(top),\(right),\(bottom),\(left)" }
}
