import Hummingbird
import MapGeometry

/// The service's paths (the same as in `openapi.yaml`), each with its methods; any other
/// method on a known path is answered 405 with `Allow`.
struct ServiceRoutes {
    typealias Context = BasicRequestContext
    typealias Handler = @Sendable (Request, Context) async throws -> Response
    let state: ServiceState

    /// Every path and its handlers by method.
    var table: [RouteTemplate] {
        let datasets = DatasetRoutes(state: state)
        let edits = EditRoutes(state: state)
        let tools = ToolRoutes(state: state)
        let routing = RoutingRoutes(state: state)
        let operations = OperationRoutes(state: state)
        let page = PageRoutes(state: state)
        let paths: [(String, [(method: HTTPRequest.Method, handler: Handler)])] = [
            ("/", [(.get, page.index)]),
            ("/app/{file}", [(.get, page.pageFile)]),
            ("/vendor/leaflet/{file}", [(.get, page.leafletFile)]),
            ("/vendor/leaflet/images/{file}", [(.get, page.leafletImage)]),
            ("/basemap", [(.get, page.basemap)]),
            ("/healthz", [(.get, operations.health)]),
            ("/readyz", [(.get, operations.readiness)]),
            ("/metrics", [(.get, operations.metrics)]),
            ("/openapi.yaml", [(.get, operations.contract)]),
            ("/datasets", [(.get, datasets.list)]),
            ("/datasets/{name}/clusters", [(.get, datasets.clusters)]),
            ("/datasets/{name}/clusters/{id}/members", [(.get, datasets.members)]),
            ("/datasets/{name}/clusters/{id}/children", [(.get, datasets.children)]),
            ("/datasets/{name}/clusters/{id}/expansion-zoom", [(.get, datasets.expansionZoom)]),
            ("/datasets/{name}/tiles/{z}/{x}/{y}.geojson", [(.get, datasets.tile)]),
            ("/datasets/{name}/tiles/{z}/{x}/{y}.mvt", [(.get, datasets.vectorTile)]),
            ("/datasets/{name}/objects", [(.post, edits.create)]),
            ("/datasets/{name}/objects/{id}", [(.get, datasets.object), (.put, edits.replace), (.delete, edits.delete)]),
            ("/datasets/{name}/near", [(.get, datasets.near)]),
            ("/datasets/{name}/nearest", [(.get, datasets.nearest)]),
            ("/datasets/{name}/search", [(.get, datasets.search)]),
            ("/datasets/{name}/extents", [(.post, limited(datasets.extents))]),
            ("/validate", [(.post, limited(tools.validate))]),
            ("/repair", [(.post, limited(tools.repair))]),
            ("/measure", [(.post, limited(tools.measure))]),
            ("/route", [(.post, limited(routing.route))]),
            ("/fleet", [(.post, limited(routing.fleet))]),
            ("/directions", [(.post, limited(routing.directions))]),
            ("/matrix", [(.post, limited(routing.matrix))]),
        ]
        return paths.map { RouteTemplate(path: $0, handlers: $1) }
    }

    /// A computation bounded by `--request-timeout`: still running then, it is cancelled and
    /// answered 503 with `Retry-After`. Reads (bounded by the data) and saves (an applied save
    /// must say so) are not wrapped.
    private func limited(_ handler: @escaping Handler) -> Handler {
        let limit = state.configuration.requestTimeout, maxBody = state.configuration.maxBodyBytes
        return { request, context in
            // The body is read here, so that work abandoned at the time limit never reads the
            // connection's stream after the answer; a declared length over the limit is left
            // for the handler's 413.
            var request = request
            if request.headers[.contentLength].flatMap({ Int($0) }).map({ $0 <= maxBody }) ?? true {
                request.body = Hummingbird.RequestBody(buffer: try await request.body.collect(upTo: maxBody))
            }
            let buffered = request
            return try await withTimeLimit(limit) { try await handler(buffered, context) }
        }
    }
}

/// The service's routes as `METHOD /path` (tests compare them with `openapi.yaml`).
public enum ServiceRouteList {
    public static var all: Set<String> {
        let state = ServiceState(configuration: ServiceConfiguration(), store: DatasetStore(sources: [], style: .init()))
        return Set(ServiceRoutes(state: state).table.flatMap { route in route.handlers.map { "\($0.method.rawValue) \(route.path)" } })
    }
}
