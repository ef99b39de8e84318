/// Travel speeds: OSM `maxspeed` strings parsed to km/h, and the default speed of each
/// `highway` class for roads without a usable `maxspeed`.
public enum RoadSpeed {
    /// Default speeds in km/h per `highway` class, used when `maxspeed` is missing or cannot
    /// be read. They are typical urban/rural European driving speeds (a little under the
    /// usual limits, since junctions slow traffic), the same order of magnitude OSRM's car
    /// profile uses.
    public static let defaultSpeeds: [String: Double] = [
        "motorway": 110, "motorway_link": 60,
        "trunk": 90, "trunk_link": 50,
        "primary": 65, "primary_link": 45,
        "secondary": 55, "secondary_link": 40,
        "tertiary": 45, "tertiary_link": 35,
        "unclassified": 35, "residential": 30, "road": 30,
        "living_street": 10, "service": 20, "track": 15,
    ]

    /// The speed in km/h for a `highway` class not in ``defaultSpeeds`` (or no class at all).
    public static let fallbackSpeed = 30.0

    /// Implicit limits for the zone values OSM uses in `maxspeed` (`FR:urban`, `DE:rural`...),
    /// keyed by the part after the colon. Country-specific figures differ slightly; these
    /// are the common European ones.
    static let zoneSpeeds: [String: Double] = [
        "urban": 50, "rural": 90, "trunk": 100, "motorway": 120,
        "living_street": 10, "walk": 6, "zone30": 30, "zone:30": 30, "school": 30,
    ]

    /// Kilometres per hour in one mile per hour and one knot.
    static let kmhPerMph = 1.609344
    static let kmhPerKnot = 1.852

    /// Reads an OSM `maxspeed` value as km/h, or nil when it says nothing usable
    /// (`none`, `signals`, `variable`, empty or garbled text).
    ///
    /// Accepts `"50"`, `"50 km/h"`, `"50kmh"`, `"30 mph"`, `"10 knots"`, `"walk"`,
    /// `"FR:urban"`, `"RO:zone30"`, and lists such as `"50;30"` (the lowest value wins,
    /// since the road is slow for part of the time).
    public static func parseMaxspeed(_ text: String) -> Double? {
        var lowest: Double?
        for part in text.split(whereSeparator: { $0 == ";" || $0 == "|" }) {
            if let value = parseSingle(trimmed(part).lowercased()),
                value > 0, value.isFinite
            {
                lowest = min(lowest ?? value, value)
            }
        }
        return lowest
    }

    /// The text without surrounding spaces (Foundation's trimming is slow for this hot path).
    private static func trimmed(_ text: Substring) -> String {
        String(text.drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed())
    }

    private static func parseSingle(_ text: String) -> Double? {
        if text.isEmpty { return nil }
        if text == "walk" { return 6 }
        if text == "living_street" { return 10 }
        if let colon = text.firstIndex(of: ":") {
            return zoneSpeeds[String(text[text.index(after: colon)...])]
        }
        // A number, optionally followed by a unit.
        let digits = text.prefix { $0.isNumber || $0 == "." }
        guard !digits.isEmpty, let number = Double(digits) else { return nil }
        let unit = text.dropFirst(digits.count).filter { !$0.isWhitespace }
        switch unit {
        case "", "km/h", "kmh", "kph", "kmph": return number
        case "mph": return number * kmhPerMph
        case "knots", "kn": return number * kmhPerKnot
        default: return nil
        }
    }

    /// The speed in km/h for a road: its `maxspeed` when readable, otherwise the default for
    /// its class (from `defaults`, then ``fallbackSpeed``).
    static func speed(
        maxspeed: String?, highway: String?, defaults: [String: Double]
    ) -> (kmh: Double, fromMaxspeed: Bool) {
        if let maxspeed, let parsed = parseMaxspeed(maxspeed) { return (parsed, true) }
        if let highway, let value = defaults[highway] { return (value, false) }
        return (fallbackSpeed, false)
    }
}
