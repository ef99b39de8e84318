/// How a fitted zoom is rounded: down to a multiple of `step`, so the data still fits.
/// Raster tiles look sharp only at integer zooms; vector maps can use any zoom.
public struct ZoomSnap: Hashable, Sendable, CustomStringConvertible {
    /// The zoom grid; 0 means no snapping.
    public let step: Double

    /// A snap to multiples of `step` (for example 0.25). Checked when a fit uses it.
    public init(step: Double) {
        self.step = step
    }

    /// Whole zooms (Leaflet's default `zoomSnap: 1`).
    public static let integer = ZoomSnap(step: 1)
    /// Half zoom steps.
    public static let half = ZoomSnap(step: 0.5)
    /// Any fractional zoom (MapLibre's `cameraForBounds`).
    public static let none = ZoomSnap(step: 0)

    /// Rounding noise tolerated before flooring: 1e-9 of a zoom level moves a point by
    /// less than a millionth of a point on any screen, while 7.9999999999 still snaps to 8.
    static let tolerance = 1e-9

    /// `zoom` rounded down to the grid.
    public func snapped(_ zoom: Double) -> Double {
        guard step > 0 else { return zoom }
        return ((zoom + Self.tolerance) / step).rounded(.down) * step
    }

    public var description: String { step == 0 ? "none" : "\(step)" }
}
