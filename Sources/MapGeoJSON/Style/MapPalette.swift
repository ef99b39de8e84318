/// The qualitative colours every feature module uses, in one place so clusters, routes and
/// legends agree.
///
/// The first ten are the SAP Fiori qualitative chart palette (its grey-blue `#6C8893` left
/// out: it is hard to tell from the neutral colour of mixed clusters, `#848F94`); the next
/// twenty are darker and lighter shades of those hues, each picked greedily as the one farthest
/// from every colour before it. Every pair differs by a CIE76 ΔE of at least 19 (the Fiori
/// palette's own closest pair: 21), and every colour from the neutral by at least 26, so up
/// to 30 types or routes are told apart at a glance (`MapPaletteTests` measures it).
public enum MapPalette {
    /// The colours as `#RRGGBB`, in order.
    public static let qualitative: [String] = [
        "#5899DA", "#E8743B", "#19A979", "#ED4A7B", "#945ECF", "#13A4B4", "#525DF4", "#BF399E", "#EE6868", "#2F6497",
        "#601C4F", "#E7AED9", "#F2B393", "#0C543C", "#1524F0", "#82350F", "#8D0E34", "#C81616", "#0A1399", "#BCD6F0",
        "#36444A", "#B48EDD", "#492374", "#68E9BE", "#0C6B75", "#F280A3", "#8EE9F3", "#BABEFB", "#D572BC", "#868EF7",
    ]

    /// The neutral colour: clusters of several types, and what has no type.
    public static let neutral = "#848F94"

    /// The colour for the `index`-th item (route, type, …), wrapping around after 30.
    public static func color(at index: Int) -> String {
        let count = qualitative.count
        return qualitative[((index % count) + count) % count]
    }
}
