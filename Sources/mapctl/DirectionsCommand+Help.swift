/// The help text of `mapctl directions`.
extension DirectionsCommand {
    static let discussion = """
        Builds a routing graph from a road layer (GeoJSON LineStrings with the \
        OSM tags highway, oneway, maxspeed, access, junction, from_node and \
        to_node), or loads one saved with --save-prepared; snaps both positions \
        to the nearest road of the main network; prints the fastest (or \
        shortest) path as a GeoJSON Feature: a LineString along the road \
        vertices with the properties distance_m, duration_s and steps, the \
        turn-by-turn instructions (type, modifier, exit, name, ref, \
        instruction, distance_m, duration_s, location, bearing_before, \
        bearing_after). --steps prints the manoeuvres as a FeatureCollection \
        of Points instead; --format text prints numbered instructions, with \
        distances in --units metric or imperial.

        Examples:
          mapctl directions --roads Data/roads.geojson \\
            --from 24.9384,60.1699 --to 24.9521,60.1675
          mapctl directions --roads roads.geojson --by distance \\
            --from=-0.57,44.84 --to=-0.55,44.85
          cat Data/roads.geojson | mapctl directions --roads - \\
            --from 24.94,60.17 --to 24.95,60.165
          mapctl directions --roads Data/roads.geojson --format text \\
            --units imperial --from 24.9384,60.1699 --to 24.9521,60.1675

        West and south are typed as they are (--from -0.57,44.84). A position farther \
        than --max-snap-distance from every road, or two positions no road \
        path joins, stop with exit status 65 and a message naming the position.
        """
}
