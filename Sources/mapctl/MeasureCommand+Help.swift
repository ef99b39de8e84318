/// The help text of `mapctl measure`.
extension MeasureCommand {
    static let discussion = """
        length_m is the length of the lines, area_m2 the area of the polygons (holes removed), \
        perimeter_m the length of the polygons' rings; each is 0 where the geometry has none \
        (a point has all three 0). Values are rounded to millimetres (mm²). \
        --length-unit (km, mi, ft) and --area-unit (ha, ac, km2, ft2, mi2) add the same \
        figures in that unit, as length_<unit>, perimeter_<unit> and area_<unit>. \
        --units metric adds km and ha, --units imperial mi and ac; --length-unit and \
        --area-unit, when given, choose instead.

        Example:
          mapctl measure --area-unit ha Data/objects.geojson
          mapctl measure --length-unit mi - < roads.geojson
          mapctl measure --units imperial Data/drawn.geojson
        """
}
