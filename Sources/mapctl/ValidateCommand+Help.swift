/// The help text of `mapctl validate`.
extension ValidateCommand {
    static let discussion = """
        Writes the input's features as a FeatureCollection with two properties added:
        "valid" (no error; warnings such as a clockwise ring do not count) and "findings", \
        each {"kind", "severity", "message", "user_message", "location": [lon, lat], \
        "part", "ring", "vertex"} (indices from 0; absent when not applicable). \
        With --repair the geometry is replaced by the repaired one where a repair exists, \
        and "repaired", "repairs" (every change made) and "remaining_findings" are added.

        Rules (--rules) come in a GeoJSON FeatureCollection with a "rules" member \
        (minimum_area_m2, maximum_area_m2, minimum_length_m, maximum_length_m, \
        maximum_vertex_count, minimum_vertex_distance_m) and features with \
        properties.rule "allowed_area" or "must_not_overlap" (existing objects, named by id).

        A feature whose geometry the GeoJSON reader refuses (an unclosed ring, a one-position \
        line) is reported invalid with the reader's reason, geometry null. \
        Exit status: 0 all valid (after repair with --repair), 1 some invalid, 65 input or \
        rules not readable as GeoJSON, 66 file not found, 74 output not writable.

        Example:
          mapctl validate --repair --rules Data/edit-rules.geojson Data/drawn.geojson
          echo '{"type":"Polygon","coordinates":[[[0,0],[1,1],[1,0],[0,1],[0,0]]]}' | mapctl validate -
        """
}
