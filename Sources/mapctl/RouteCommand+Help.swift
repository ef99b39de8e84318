/// The help text of `mapctl route`: one stop list, then several vehicles.
extension RouteCommand {
    static let discussion = """
        Reads Point features (business objects). Objects at the same location (or within \
        --snap metres) become one stop whose items are the number of objects, or the sum of \
        their "items" properties. Writes a FeatureCollection: the route LineString with \
        distance_m, duration_s, stop_count, item_count, label and color; a "start" Point; \
        one Point per stop with sequence, items, label, object_ids, leg_distance_m, \
        leg_duration_s and arrival_s; and an "end" Point for --end. The route's label is \
        its call-out, "12 stops · 40 items · 5.3 km · 21 min", in --units metric (default) \
        or imperial.

        --first and --last name object ids whose stops are visited before, or after, all \
        others. Without --start the route starts at the first stop. Costs are geodesic distances \
        times --detour-factor, driven at --speed, unless --matrix gives them. \
        --matrix FILE is JSON {"distances": [[…]], "durations": [[…]]} (durations optional, \
        estimated from --speed when absent; null marks an unreachable pair), rows and \
        columns in this order: the start (when --start is given), the stops in input \
        order after merging, the end (when --end is given).

        Up to 15 stops the order is proven optimal; above, a local search runs. By default \
        it takes a number of steps chosen from the size, the same order on every run for a \
        given --seed, within 2s. With --time-limit T it searches for the whole of T, so a \
        longer limit finds a shorter route (the order may then differ between runs). With \
        --iterations N it takes N steps, which --time-limit only caps: when it cuts them a \
        message says so. The time counts the whole command, from reading the input to \
        writing the answer.

        --roads FILE (a GeoJSON road layer, or a network saved by mapctl directions \
        --save-prepared) takes distances and durations from the streets instead, paths \
        minimising the --objective, and draws the route line along them.

        With --vehicles FILE the stops are shared among several vehicles or workers; see \
        "Several vehicles" below.

        Example:
          mapctl route --start 24.9384,60.1699 --round-trip Data/stops.geojson > route.geojson
          mapctl route --roads Data/roads.geojson --objective duration Data/stops.geojson

        \(RouteCommand.fleetHelp)
        """

    static let fleetHelp = """
        Several vehicles (--vehicles FILE): the file is JSON, an array of vehicles or \
        {"vehicles": [...]}, each {"id": "van-1", "start": [lon, lat], "end": [lon, lat] | \
        "start" (default: return) | "anywhere", "capacity": items | {"items": 40, "weight": 800, ...}, \
        "shift": [start_s, end_s], "skills": ["..."], "max_duration": s, "max_distance": m, \
        "costs": {"fixed": x, "per_km": y, "per_hour": z}, "breaks": [{"window": [start_s, end_s], \
        "duration": s}]}. Each stop feature may have "items", \
        "service_s", "time_windows" ([[start_s, end_s], ...], same clock as the shifts), "skills", \
        "priority" (0-100) and its amount of each capacity dimension ("weight": 12.5; default 0). \
        With costs the plan minimises money: routes show "cost", the collection's "plan" the totals. \
        A break starts inside its window at the start or at the stop just served; routes show "breaks". \
        Every feature is its own stop (no merging). --roads gives road costs and draws the lines along the roads. Output: per route a LineString (route, \
        label, distance_m, duration_s, stop_count, item_count, load, color), a start Point and stop \
        Points (route, sequence, items, label, arrival_s, service_start_s, departure_s); \
        stops that fit nowhere come last with role "unassigned" and the reason.

          mapctl route --vehicles Data/vehicles.json Data/stops.geojson > routes.geojson
        """
}
