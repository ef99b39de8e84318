/// A map view on screen: its size in points and the panels that cover parts of it.
public struct Viewport: Hashable, Sendable {
    /// Width of the whole map view in points.
    public var width: Double
    /// Height of the whole map view in points.
    public var height: Double
    /// What floating panels, toolbars and sheets cover along each edge.
    public var insets: EdgeInsets

    public init(width: Double, height: Double, insets: EdgeInsets = .zero) {
        self.width = width
        self.height = height
        self.insets = insets
    }
}
