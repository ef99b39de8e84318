import MapGeometry
import MapGeoJSON

/// A planned route as GeoJSON features for a map: the route line with its totals
/// (for the call-out tag), the start, one marker per stop, and the fixed end.
public enum RouteFeatures {
    /// The features of `route`, coloured with the `colorIndex`-th palette colour.
    ///
    /// - The route: a LineString of straight segments between stops (no geometry when
    ///   the route never moves), `role` "route", `distance_m`, `duration_s`, `stop_count`,
    ///   `item_count`, `label`, `color`, `proven_optimal`.
    /// - The start and a fixed end: Points with `role` "start" / "end".
    /// - Each stop: a Point with `role` "stop", `sequence` (1-based), `items`, `label`
    ///   (the sequence number), `object_ids`, `leg_distance_m`, `leg_duration_s` (from the
    ///   previous stop) and `arrival_s` (seconds after the start).
    public static func features(
        of route: PlannedRoute, colorIndex: Int = 0, name: String? = nil, units: UnitSystem = .metric
    ) -> [Feature] {
        let color = JSONValue.string(MapPalette.color(at: colorIndex))
        let path = route.path
        var lineProperties: [(String, JSONValue)] = [
            ("role", "route"),
            ("label", .string(label(for: route, name: name, units: units))),
            ("distance_m", .number(rounded(route.distance))),
            ("duration_s", .number(rounded(route.duration))),
            ("stop_count", .number(Double(route.visits.count))),
            ("item_count", .number(Double(route.itemCount))),
            ("color", color),
            ("proven_optimal", .bool(route.isProvenOptimal)),
        ]
        if let name { lineProperties.insert(("name", .string(name)), at: 1) }
        let line: Geometry? = path.count >= 2 ? (try? LineString(path)).map(Geometry.lineString) : nil
        var features = [Feature(geometry: line, properties: Properties(lineProperties))]

        features.append(Feature(
            geometry: .point(route.start),
            properties: ["role": "start", "label": "Start", "color": color]))
        for visit in route.visits {
            features.append(Feature(
                geometry: .point(visit.site.position),
                properties: Properties([
                    ("role", "stop"),
                    ("sequence", .number(Double(visit.sequence))),
                    ("items", .number(Double(visit.site.items))),
                    ("label", .string(String(visit.sequence))),
                    ("object_ids", .array(visit.site.objectIds.map(JSONValue.string))),
                    ("leg_distance_m", .number(rounded(visit.legDistance))),
                    ("leg_duration_s", .number(rounded(visit.legDuration))),
                    ("arrival_s", .number(rounded(visit.arrivalOffset))),
                    ("color", color),
                ])))
        }
        if let finish = route.finish, !finish.sameLocation(as: route.start) {
            features.append(Feature(
                geometry: .point(finish),
                properties: Properties([
                    ("role", "end"), ("label", "End"),
                    ("leg_distance_m", .number(rounded(route.finishDistance))),
                    ("leg_duration_s", .number(rounded(route.finishDuration))),
                    ("arrival_s", .number(rounded(route.duration))),
                    ("color", color),
                ])))
        }
        return features
    }

    /// The call-out text: "12 stops · 40 items · 5.3 km · 21 min" (or "3.3 mi" in imperial
    /// units), after the route's name when it has one.
    public static func label(for route: PlannedRoute, name: String? = nil, units: UnitSystem = .metric) -> String {
        callOut(name: name, stops: route.visits.count, items: route.itemCount, distance: route.distance,
                duration: route.duration, units: units)
    }

    /// The call-out text of any route, single or of a fleet: name, stops, items, distance and
    /// duration, joined by middle dots.
    static func callOut(
        name: String?, stops: Int, items: Int, distance: Double, duration: Double, units: UnitSystem
    ) -> String {
        let counts = [stops == 1 ? "1 stop" : "\(stops) stops", items == 1 ? "1 item" : "\(items) items"]
        let travel = [units.text(metres: distance), UnitSystem.text(seconds: duration)]
        return ([name].compactMap { $0 } + counts + travel).joined(separator: " · ")
    }

    /// One decimal: stable output text, finer than any map needs.
    private static func rounded(_ value: Double) -> Double { (value * 10).rounded() / 10 }

    /// What `mapctl route` writes and the map service's `POST /route` answers: the route's
    /// features (labels in `units`), the line along the roads when there is one (`roadLine`), and the stops'
    /// collection's foreign members (attribution) kept.
    public static func collection(
        of route: PlannedRoute, roadLine: [Position]? = nil, units: UnitSystem = .metric,
        inheriting sourceMembers: [ForeignMember] = []
    ) throws(GeometryError) -> FeatureCollection {
        var features = features(of: route, units: units)
        if let roadLine, roadLine.count >= 2 { features[0].geometry = .lineString(try LineString(roadLine)) }
        return FeatureCollection(features: features, foreignMembers: sourceMembers)
    }
}
