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
    public static func features(of route: PlannedRoute, colorIndex: Int = 0, name: String? = nil) -> [Feature] {
        let color = JSONValue.string(MapPalette.color(at: colorIndex))
        let path = route.path
        var lineProperties: [(String, JSONValue)] = [
            ("role", "route"),
            ("label", .string(label(for: route, name: name))),
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

    /// The call-out text: "12 stops · 40 items · 5.3 km · 21 min".
    public static func label(for route: PlannedRoute, name: String? = nil) -> String {
        let stops = route.visits.count == 1 ? "1 stop" : "\(route.visits.count) stops"
        let items = route.itemCount == 1 ? "1 item" : "\(route.itemCount) items"
        let distance = route.distance >= 1000
            ? "\(rounded(route.distance / 1000)) km" : "\(Int(route.distance.rounded())) m"
        let minutes = Int((route.duration / 60).rounded())
        let duration = minutes >= 60 ? "\(minutes / 60) h \(minutes % 60) min" : "\(minutes) min"
        return ([name].compactMap { $0 } + [stops, items, distance, duration]).joined(separator: " · ")
    }

    /// One decimal: stable output text, finer than any map needs.
    private static func rounded(_ value: Double) -> Double { (value * 10).rounded() / 10 }

    /// What `mapctl route` writes and the map service's `POST /route` answers: the route's
    /// features, the line along the roads when there is one (`roadLine`), and the stops'
    /// collection's foreign members (attribution) kept.
    public static func collection(
        of route: PlannedRoute, roadLine: [Position]? = nil, inheriting sourceMembers: [ForeignMember] = []
    ) throws(GeometryError) -> FeatureCollection {
        var features = features(of: route)
        if let roadLine, roadLine.count >= 2 { features[0].geometry = .lineString(try LineString(roadLine)) }
        return FeatureCollection(features: features, foreignMembers: sourceMembers)
    }
}
