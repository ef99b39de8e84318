/// The help text of `mapctl convert`.
extension ConvertCommand {
    static let discussion = """
        Reads a FeatureCollection, Feature, geometry or GeoJSONSeq (RFC 8142, one feature per \
        record) and writes RFC 7946 GeoJSON: coordinates rounded to --precision decimals, \
        no crs member. Invalid input stops with exit status 65 and a message such as
          objects.geojson:1:48213: features[12].geometry.coordinates[0]: ring is not closed …
        Warnings (ring winding, excessive precision, …) go to standard error. \
        A file is converted feature by feature in two passes (check, then write), so a file \
        larger than memory works and nothing is written unless all of it is valid; standard \
        input is read whole.

        Example:
          mapctl convert --precision 6 --rewind --bbox Data/objects.geojson --output objects.normalised.geojson
          cat places.geojsonl | mapctl convert --lenient - > places.geojson
        """
}
