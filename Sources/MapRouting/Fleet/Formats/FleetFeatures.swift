import MapGeometry
import MapGeoJSON

/// A fleet answer as GeoJSON features for a map: per route a LineString with its totals
/// and colour, its start Point and its stop Points; then the unassigned stops.
public enum FleetFeatures {
    /// The features of `solution`, with `positions` giving each place of `problem`'s matrices.
    ///
    /// - Route: LineString, `role` "route", `route` (vehicle id), `label` (the call-out:
    ///   "van1 · 12 stops · 40 items · 53.2 km · 2 h 05 min", distance in `units`), `distance_m`,
    ///   `duration_s`, `stop_count`, `item_count`, `load`, `start_s`, `end_s`, `color`
    ///   (a distinct palette colour per route).
    /// - Start: Point, `role` "start", `route`.
    /// - Stop: Point, `role` "stop", `id`, `route`, `sequence` (1-based), `items`, `load`
    ///   (on board after it), `label` (the sequence), `arrival_s`, `service_start_s`,
    ///   `departure_s`, `leg_distance_m`, `leg_duration_s`, `color`.
    /// - Unassigned: Point, `role` "unassigned", `id`, `items`, `reason` (a code) and `reason_text`.
    ///
    /// When vehicles limit other capacity dimensions (``FleetVehicle/capacities``), each route
    /// also has `load_<name>` per dimension (for example `load_weight`); when vehicles have
    /// ``FleetVehicle/costs``, each route has its money `cost`; when its vehicle has
    /// ``FleetVehicle/breaks``, `breaks`: `[{"after": stop id or "start", "start_s", "end_s"}]`.
    ///
    /// `roadLines`, one per route (``RoadMatrixProvider/roadLines(of:problem:positions:)``),
    /// draws the routes along the roads; without them the lines are straight between stops.
    public static func features(
        of solution: FleetSolution, problem: FleetProblem, positions: [Position], roadLines: [[Position]]? = nil,
        units: UnitSystem = .metric
    ) -> [Feature] {
        var features: [Feature] = []
        let paths = paths(of: solution, problem: problem, positions: positions)
        for (index, route) in solution.routes.enumerated() {
            let vehicle = problem.vehicles[route.vehicle]
            let color = JSONValue.string(MapPalette.color(at: index))
            let name = JSONValue.string(vehicle.id)
            let line = (try? LineString(roadLines?[index] ?? paths[index])).map(Geometry.lineString)
            let stops = route.visits.count
            features.append(Feature(
                geometry: line,
                properties: Properties([
                    ("role", "route"), ("route", name),
                    ("label", .string(RouteFeatures.callOut(
                        name: vehicle.id, stops: stops, items: route.load, distance: route.distance,
                        duration: route.duration, units: units))),
                    ("distance_m", .number(rounded(route.distance))), ("duration_s", .number(rounded(route.duration))),
                    ("stop_count", .number(Double(stops))), ("item_count", .number(Double(route.load))),
                    ("load", .number(Double(route.load))), ("start_s", .number(rounded(route.departure))),
                    ("end_s", .number(rounded(route.finish))), ("color", color),
                ] + extraRouteProperties(route, problem))))
            features.append(Feature(
                geometry: .point(positions[vehicle.start]),
                properties: ["role": "start", "route": name, "label": "Start", "color": color]))
            for (sequence, visit) in route.visits.enumerated() {
                let stop = problem.stops[visit.stop]
                features.append(Feature(
                    geometry: .point(positions[stop.place]),
                    properties: Properties([
                        ("role", "stop"), ("id", .string(stop.id)), ("route", name),
                        ("sequence", .number(Double(sequence + 1))), ("items", .number(Double(stop.items))),
                        ("load", .number(Double(visit.load))), ("label", .string(String(sequence + 1))),
                        ("arrival_s", .number(rounded(visit.arrival))), ("service_start_s", .number(rounded(visit.serviceStart))),
                        ("departure_s", .number(rounded(visit.departure))),
                        ("leg_distance_m", .number(rounded(visit.legDistance))),
                        ("leg_duration_s", .number(rounded(visit.legDuration))), ("color", color),
                    ])))
            }
        }
        for entry in solution.unassigned {
            let stop = problem.stops[entry.stop]
            features.append(Feature(
                geometry: .point(positions[stop.place]),
                properties: Properties([
                    ("role", "unassigned"), ("id", .string(stop.id)), ("items", .number(Double(stop.items))),
                    ("reason", .string(entry.reason.rawValue)), ("reason_text", .string(entry.reason.description)),
                ])))
        }
        return features
    }

    /// The features of `solution` (``features(of:problem:positions:roadLines:units:)``) in a collection
    /// that keeps `members` (the input's foreign members); when vehicles have costs it adds
    /// the member `plan` with the totals: `cost` (the sum of the routes'), `distance_m`,
    /// `duration_s` and `route_count`.
    public static func collection(
        of solution: FleetSolution, problem: FleetProblem, positions: [Position], roadLines: [[Position]]? = nil,
        units: UnitSystem = .metric, inheriting members: [ForeignMember]
    ) -> FeatureCollection {
        let features = features(of: solution, problem: problem, positions: positions, roadLines: roadLines, units: units)
        guard problem.vehicles.contains(where: { $0.costs != nil }) else {
            return FeatureCollection(features: features, foreignMembers: members)
        }
        let plan: JSONValue = .object(JSONObject([
            ("cost", .number(money(solution.cost))),
            ("distance_m", .number(rounded(solution.routes.reduce(0) { $0 + $1.distance }))),
            ("duration_s", .number(rounded(solution.routes.reduce(0) { $0 + $1.duration }))),
            ("route_count", .number(Double(solution.routes.count))),
        ]))
        return FeatureCollection(features: features, foreignMembers: [ForeignMember(name: "plan", value: plan)])
            .inheriting(members)
    }

    /// `load_<name>` per capacity dimension and the money `cost`, when the problem has them.
    private static func extraRouteProperties(_ route: FleetRoute, _ problem: FleetProblem) -> [(String, JSONValue)] {
        var properties = route.amounts.sorted { $0.key < $1.key }.map { ("load_" + $0.key, JSONValue.number(amount($0.value))) }
        if problem.vehicles.contains(where: { $0.costs != nil }) { properties.append(("cost", .number(money(route.cost)))) }
        if !problem.vehicles[route.vehicle].breaks.isEmpty {
            properties.append(("breaks", .array(route.breaks.map { pause in
                .object(JSONObject([
                    ("after", pause.afterVisit == 0 ? "start" : .string(problem.stops[route.visits[pause.afterVisit - 1].stop].id)),
                    ("start_s", .number(rounded(pause.start))), ("end_s", .number(rounded(pause.end))),
                ]))
            })))
        }
        return properties
    }

    /// Each route's positions: its vehicle's start, the stops in visiting order, and its end
    /// (back at the start, a fixed end, or none).
    public static func paths(of solution: FleetSolution, problem: FleetProblem, positions: [Position]) -> [[Position]] {
        solution.routes.map { route in
            let vehicle = problem.vehicles[route.vehicle]
            var path = [positions[vehicle.start]] + route.visits.map { positions[problem.stops[$0.stop].place] }
            switch vehicle.end {
            case .anywhere: break
            case .returnToStart: path.append(positions[vehicle.start])
            case .at(let end): path.append(positions[end])
            }
            return path
        }
    }

    /// One decimal: stable output text, finer than any map needs.
    private static func rounded(_ value: Double) -> Double { (value * 10).rounded() / 10 }

    /// Money to the hundredth.
    private static func money(_ value: Double) -> Double { (value * 100).rounded() / 100 }

    /// Loads to the millionth (sums of decimals such as 0.1 + 0.2 print as 0.3).
    private static func amount(_ value: Double) -> Double { (value * 1e6).rounded() / 1e6 }
}
