import MapGeoJSON

/// JSON forms of findings and repairs, as `mapctl validate` writes them into a feature's
/// properties (stable key order, so equal input gives byte-identical output).
extension ValidationFinding {
    /// `{"kind", "severity", "message", "user_message", "location", "part"?, "ring"?, "vertex"?}`;
    /// `location` is `[lon, lat]` or null.
    public var jsonValue: JSONValue {
        var members: [(String, JSONValue)] = [
            ("kind", .string(kind.rawValue)),
            ("severity", .string(severity.rawValue)),
            ("message", .string(technicalMessage)),
            ("user_message", .string(userMessage)),
            ("location", location.map { .array([.number($0.longitude), .number($0.latitude)]) } ?? .null),
        ]
        members += index.jsonMembers
        return .object(JSONObject(members))
    }
}

extension RepairChange {
    /// `{"kind", "message", "user_message", "part"?, "ring"?, "vertex"?}`.
    public var jsonValue: JSONValue {
        .object(JSONObject([
            ("kind", .string(kind.rawValue)),
            ("message", .string(technicalMessage)),
            ("user_message", .string(userMessage)),
        ] + index.jsonMembers))
    }
}

extension DrawingIndex {
    /// The indices that apply, in nesting order.
    var jsonMembers: [(String, JSONValue)] {
        [("member", member), ("part", part), ("ring", ring), ("vertex", vertex)].compactMap { key, value in
            value.map { (key, JSONValue.number(Double($0))) }
        }
    }
}
