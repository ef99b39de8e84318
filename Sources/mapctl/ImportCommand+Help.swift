/// The help text of `mapctl import`.
extension ImportCommand {
    static let discussion = """
        Every feature is validated as edit mode validates a drawing (structure, OGC topology). \
        When any is invalid, each is reported with its findings and nothing is written; \
        --repair writes the repaired geometries instead (those that cannot be repaired still \
        stop the import). The table is created with a GiST index, a version column and a \
        trigger that notifies services over it (mapctl serve NAME=postgres://...) of every \
        change; the features are written in one transaction, so an import that fails writes \
        nothing. A table that already holds rows is refused unless --append.

        Examples:
          mapctl import --postgres postgres://postgres@127.0.0.1:5432/maps --table objects Data/objects.geojson
          mapctl import --postgres 'postgres://me@db:5432/maps?table=places' --repair places.geojson

        Exit status: 0 imported, 1 invalid features (nothing written), 65 input not GeoJSON, \
        66 no such file, 69 the database cannot be reached or refused the rows.
        """
}
