/// The help text of `mapctl serve`.
extension ServeCommand {
    static let discussion = """
        Each DATASET is NAME=FILE.geojson, a file (the name is its stem), or \
        NAME=postgres://USER@HOST:PORT/DB?table=T (a table made by mapctl import). Indexes are \
        built at start; GET /readyz answers 200 once they are ready. Every answer is the bytes \
        the matching mapctl command prints (GET /datasets/NAME/clusters?zoom=Z&bbox=W,S,E,N is \
        mapctl cluster --zoom Z --bbox W,S,E,N --with-legend FILE). Accepted edits are written \
        back to the dataset's file atomically, or into its table in one statement checked \
        against the version column; a table's changes by any client reach every instance \
        through the table's notifications. GET / is the map page. The contract is \
        GET /openapi.yaml. SIGINT or SIGTERM stops accepting, finishes the requests in flight \
        and writes pending edits; what still runs --request-timeout + 10 s later is \
        cancelled, and a service still running 5 s after that exits 70, naming what it \
        waited on.

        Examples:
          mapctl serve Data/objects.geojson
          mapctl serve --roads helsinki=Data/roads.geojson Data/objects.geojson
          mapctl serve 'objects=postgres://postgres@127.0.0.1:5432/maps?table=objects'
          curl 'http://127.0.0.1:8080/datasets/objects/clusters?zoom=14&bbox=24.92,60.15,24.97,60.18'
        """
}
