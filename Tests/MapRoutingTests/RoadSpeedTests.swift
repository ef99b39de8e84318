import Testing

@testable import MapRouting

@Suite struct RoadSpeedTests {
    @Test(arguments: [
        ("50", 50.0), ("30 mph", 48.28032), ("50 km/h", 50), ("50kmh", 50), (" 70 ", 70),
        ("walk", 6), ("FR:urban", 50), ("DE:rural", 90), ("RO:zone30", 30), ("50;30", 30),
        ("10 knots", 18.52), ("DE:living_street", 10),
    ])
    func readsMaxspeed(text: String, kmh: Double) {
        let parsed = RoadSpeed.parseMaxspeed(text)
        #expect(parsed != nil && abs(parsed! - kmh) < 1e-9, "\(text) → \(String(describing: parsed))")
    }

    @Test(arguments: ["none", "signals", "variable", "", "fast", "-5", "0", "XX:nowhere", "50 furlongs"])
    func unreadableMaxspeedIsNil(text: String) {
        #expect(RoadSpeed.parseMaxspeed(text) == nil)
    }

    @Test func classDefaultWhenMaxspeedMissingOrUnreadable() {
        let defaults = RoadSpeed.defaultSpeeds
        #expect(RoadSpeed.speed(maxspeed: nil, highway: "residential", defaults: defaults) == (30, false))
        #expect(RoadSpeed.speed(maxspeed: "signals", highway: "primary", defaults: defaults) == (65, false))
        #expect(RoadSpeed.speed(maxspeed: "80", highway: "primary", defaults: defaults) == (80, true))
        #expect(RoadSpeed.speed(maxspeed: nil, highway: "cart_track", defaults: defaults).kmh == RoadSpeed.fallbackSpeed)
    }

    @Test func onewayRules() {
        #expect(TravelDirection.fromTags(oneway: "yes", junction: nil, highway: "primary") == .forward)
        #expect(TravelDirection.fromTags(oneway: "-1", junction: nil, highway: "primary") == .backward)
        #expect(TravelDirection.fromTags(oneway: "no", junction: "roundabout", highway: "primary") == .both)
        #expect(TravelDirection.fromTags(oneway: nil, junction: "roundabout", highway: "primary") == .forward)
        #expect(TravelDirection.fromTags(oneway: nil, junction: nil, highway: "motorway") == .forward)
        #expect(TravelDirection.fromTags(oneway: nil, junction: nil, highway: "residential") == .both)
        #expect(TravelDirection.fromTags(oneway: "reversible", junction: nil, highway: "primary") == nil)
    }
}
