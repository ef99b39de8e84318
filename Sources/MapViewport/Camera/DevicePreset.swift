/// Common map screens with their panels, for `mapctl extents --device`.
///
/// The values match the viewport conformance presets: `ipad` is an iPad in landscape
/// (1024 × 768 points) with a 320-point detail panel over the left side; `iphone` is an
/// iPhone in portrait (390 × 844 points) with a 44-point search bar at the top and a
/// 404-point bottom sheet. Both keep a margin (padding) around the data: 24 and 16 points.
public enum DevicePreset: String, CaseIterable, Sendable {
    case iphone
    case ipad

    /// Screen size and panels.
    public var viewport: Viewport {
        switch self {
        case .iphone: Viewport(width: 390, height: 844, insets: EdgeInsets(top: 44, bottom: 404))
        case .ipad: Viewport(width: 1024, height: 768, insets: EdgeInsets(left: 320))
        }
    }

    /// Margin kept between the data and the free area's edges, in points.
    public var padding: Double {
        switch self {
        case .iphone: 16
        case .ipad: 24
        }
    }
}
