/// The help text of `mapctl extents`.
extension ExtentsCommand {
    static let discussion = """
        Prints {"center":[lon,lat],"zoom":z,"bounds":[w,s,e,n]}: the map centre, the zoom for \
        --tile-size, and what the whole viewport then shows (west > east when the view crosses \
        the antimeridian). The data is centred in the free area: the viewport less --insets, \
        --padding and the --marker size. Data around ±180 (Fiji, the Aleutians) is fitted as the \
        narrow box it is; a single point gets --single-object-zoom; latitudes beyond ±85.0511° \
        are drawn on the map's edge. With --geojson the visible area is written as a Feature \
        (a Polygon, or a MultiPolygon split at ±180) with the centre and zoom as properties.

        Presets: --device ipad = 1024 x 768 points with a 320-point panel on the left, padding 24; \
        --device iphone = 390 x 844 with a 44-point search bar and a 404-point bottom sheet, \
        padding 16. Explicit --width, --height, --insets and --padding override the preset.

        --bounds W,S,E,N fits a box instead of a file's features (W > E crosses the antimeridian; \
        a box wider than 180° is fitted as given), as geo-viewport does.

        Examples:
          mapctl extents --device ipad Data/objects.geojson
          mapctl extents --width 1024 --height 768 --bounds 170,-20,-170,-10
          mapctl extents --width 1024 --height 768 --insets 0,0,0,320 --padding 24 --tile-size 512 --snap 0 Data/objects.geojson
          cat stops.geojson | mapctl extents --device iphone --marker 32x40 --geojson -
        """
}
