/// The help text of `mapctl cluster`.
extension ClusterCommand {
    static let discussion = """
        Prints a FeatureCollection of the markers visible at --zoom (inside --bbox if given). \
        A cluster has supercluster's properties (cluster, cluster_id, point_count, \
        point_count_abbreviated) plus types (objects per type), colocated, expansion_zoom and \
        marker-color: the type's colour when all its objects share one type, otherwise the \
        neutral colour. Single objects keep their id and properties and get marker-color; \
        lines and polygons pass through with stroke/fill in their type's colour. \
        Colours come from --style (JSON: {"neutral": "#848F94", "types": {"shop": \
        {"color": "#5899DA", "title": "Shops", "symbol": "cart"}}}) or the SAP Fiori palette.

        Examples:
          mapctl cluster --zoom 12 Data/objects.geojson
          mapctl cluster --zoom 15 --bbox 24.93,60.16,24.96,60.18 --group-by type Data/objects.geojson
          mapctl cluster --members 4143 --limit 20 --offset 20 Data/objects.geojson
          mapctl cluster --expansion-zoom 4143 Data/objects.geojson
          mapctl cluster --zoom 12 --legend Data/objects.geojson
          mapctl cluster --zoom 13 --layers restaurant,shop Data/objects.geojson
          mapctl cluster --zoom 15 --where type=tram_stop Data/objects.geojson

        --layers and --where decide what takes part at all: clusters count only those features. \
        Cluster ids are stable: the same file and options give the same ids. Neighbours are \
        found with a grid (same clusters and ids as supercluster; children in list order); \
        --exact uses supercluster's own KD-trees (bit-identical centres and children order, slower).
        """
}
