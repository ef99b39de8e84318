/// The qualitative colours every feature module uses (SAP Fiori qualitative palette),
/// in one place so clusters, routes and legends agree.
public enum MapPalette {
    /// The colours as `#RRGGBB`, in order.
    public static let qualitative: [String] = [
        "#5899DA", "#E8743B", "#19A979", "#ED4A7B", "#945ECF", "#13A4B4",
        "#525DF4", "#BF399E", "#6C8893", "#EE6868", "#2F6497",
    ]

    /// The colour for the `index`-th item (route, type, …), wrapping around the palette.
    public static func color(at index: Int) -> String {
        let count = qualitative.count
        return qualitative[((index % count) + count) % count]
    }
}
