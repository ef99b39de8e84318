/// The symbol drawn at each point, so that pins at the edge of the data are not cut off.
///
/// The anchor is the spot of the symbol that sits on the coordinate, as fractions of its
/// size: (0.5, 1) is the bottom centre of a pin, (0.5, 0.5) the centre of a dot.
public struct MarkerSize: Hashable, Sendable {
    /// Symbol width in points.
    public var width: Double
    /// Symbol height in points.
    public var height: Double
    /// 0 = left edge, 1 = right edge.
    public var anchorX: Double
    /// 0 = top edge, 1 = bottom edge.
    public var anchorY: Double

    public init(width: Double, height: Double, anchorX: Double = 0.5, anchorY: Double = 1) {
        self.width = width
        self.height = height
        self.anchorX = anchorX
        self.anchorY = anchorY
    }

    /// A pin anchored at its bottom centre, e.g. `.pin(width: 32, height: 40)`.
    public static func pin(width: Double, height: Double) -> MarkerSize {
        MarkerSize(width: width, height: height)
    }

    /// How far the symbol reaches beyond its anchor on each side: the room to keep free
    /// between the data and the free area's edges.
    public var reach: EdgeInsets {
        EdgeInsets(
            top: anchorY * height, right: (1 - anchorX) * width,
            bottom: (1 - anchorY) * height, left: anchorX * width)
    }
}
