/// The help text of `mapctl query`.
extension QueryCommand {
    static let discussion = """
        One question per call:
          --near LON,LAT --radius D    features within D (metres, or 2km,
                                       1.5mi, 500ft), nearest first
          --nearest K --at LON,LAT     the K nearest features
          --search TEXT [--at LON,LAT] names containing TEXT (case and accents
                                       ignored), exact matches first, then
                                       prefix, word start, substring; paged
        Distances are WGS84 geodesic metres to a feature's nearest point \
        (0 inside a polygon). Filters apply before the question:
          --layers a,b      only these values of the layer property (--layer-key);
                            features without that property are hidden too,
                            unless --keep-unlayered
          --where KEY=VALUE only features with this property value (repeatable)
          --within FILE     only features inside the polygons of FILE
        Output: a FeatureCollection of the hits as read, plus distance_m when a \
        position is given and match (exact, prefix, word start, substring) \
        for a search.

        Examples:
          mapctl query --near 24.9414,60.1713 --radius 300 \\
              --layers restaurant,shop Data/objects.geojson
          mapctl query --nearest 5 --at 24.9414,60.1713 \\
              --where type=tram_stop Data/objects.geojson
          mapctl query --search rautatie --at 24.9414,60.1713 Data/objects.geojson
        """
}
