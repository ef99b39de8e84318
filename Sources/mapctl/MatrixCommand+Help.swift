/// The help text of `mapctl matrix`.
extension MatrixCommand {
    static let discussion = """
        Snaps every place to the roads as directions does and prints \
        {"sources": [ids], "targets": [ids], "distances": [[metres]], \
        "durations": [[seconds]]}: a row per source, a column per target, in input \
        order; distances are the lengths of the shortest paths, durations the \
        times of the fastest paths, in tenths; null where no road path joins the \
        pair. Ids are the features' ids (else their id property, else null). One \
        points file gives the matrix among its places; --sources and --targets give \
        sources × targets. With --restrictions no path makes a forbidden turn (a \
        search per source, not the contraction hierarchy: slower).

        Examples:
          mapctl matrix --roads Data/roads.geojson Data/stops.geojson
          mapctl matrix --roads roads.map --metric distance \\
            --sources depots.geojson --targets stops.geojson
        """
}
