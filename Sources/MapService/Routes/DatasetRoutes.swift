import Foundation
import Hummingbird
import MapClustering
import MapEditing
import MapGeometry
import MapGeoJSON
import MapViewport
import MapQuery
import MapRouting

/// The reading side of a map screen: datasets, markers and clusters, a cluster's members,
/// tiles, one object, near me, nearest, search and zoom extents. Each answer is the library
/// call `mapctl` makes for the same question, so the bytes are the command's.
struct DatasetRoutes: Sendable {
    typealias Context = BasicRequestContext
    let state: ServiceState

    private func dataset(_ context: Context) throws -> Dataset {
        try state.store.dataset(try context.parameters.require("name"))
    }

    /// `{"datasets": [{"name", "count", "bbox", "types", "version", "served"}], "roads": [{"name", "segments"}]}`:
    /// the datasets and road networks served (those ready).
    func list(_ request: Request, _ context: Context) async throws -> Response {
        var entries: [JSONValue] = []
        for (_, datasetState) in state.store.datasets.all {
            guard case let .ready(dataset) = datasetState else { continue }
            let bbox: JSONValue = dataset.bounds.map { .array([$0.west, $0.south, $0.east, $0.north].map { .number($0) }) } ?? .null
            entries.append(.object(JSONObject([
                ("name", .string(dataset.name)),
                ("count", .number(Double(dataset.count))),
                ("bbox", bbox),
                ("types", .array(dataset.types.map { .string($0) })),
                ("version", .string(dataset.version)),
                ("served", .string(dataset.database == nil ? "memory" : "database")),
            ])))
        }
        var roads: [JSONValue] = []
        for (name, source) in state.store.roadNetworks.all {
            guard case let .ready(network) = source else { continue }
            roads.append(.object(["name": .string(name), "segments": .number(Double(network.graph.segmentCount))]))
        }
        return Answer.json(.object(JSONObject([("datasets", .array(entries)), ("roads", .array(roads))])), for: request)
    }

    /// The markers of a view with its legend, `selected=ID` flagging the marker that shows that
    /// object: `mapctl cluster --zoom Z --bbox B --with-legend [--selected ID]`.
    func clusters(_ request: Request, _ context: Context) async throws -> Response {
        let dataset = try dataset(context)
        if let database = dataset.database { return try await onDatabase.clusters(dataset, database, request) }
        let query = QueryValues(request)
        let zoom = try query.required("zoom", query.number("zoom", in: 0...30, "zoom must be between 0 and 30"), example: "zoom=12")
        let index = try clusterIndex(dataset, query)
        var selected: Int?
        if let id = query.string("selected") {
            guard let row = dataset.rows[id] else { throw Problem.badRequest("selected=\(id): dataset \(dataset.name) has no object with this id") }
            selected = row
        }
        return Answer.bytes(index.viewBytes(zoom: zoom, in: try query.box(), selected: selected, keepingEncodings: true), type: Answer.geoJSON, for: request)
    }

    /// One page of a cluster's objects with `total`, `page` and `pages`.
    func members(_ request: Request, _ context: Context) async throws -> Response {
        let dataset = try dataset(context)
        if let database = dataset.database { return try await onDatabase.members(dataset, database, request, id: try clusterID(context)) }
        let (index, id) = try cluster(request, context)
        let (page, limit) = try QueryValues(request).paging()
        let offset = (page - 1).multipliedReportingOverflow(by: limit)
        return Answer.geoJSON(try answering { () throws(ClusterError) in
            try index.memberPage(of: id, limit: limit, offset: offset.overflow ? Int.max : offset.partialValue)
        }, for: request)
    }

    /// The markers one zoom below the cluster.
    func children(_ request: Request, _ context: Context) async throws -> Response {
        let dataset = try dataset(context)
        if let database = dataset.database { return try await onDatabase.children(dataset, database, request, id: try clusterID(context)) }
        let (index, id) = try cluster(request, context)
        return Answer.geoJSON(try answering { try index.children(of: id) }, for: request)
    }

    /// `{"cluster_id", "expansion_zoom"}`: where the cluster splits (null: colocated objects).
    func expansionZoom(_ request: Request, _ context: Context) async throws -> Response {
        let dataset = try dataset(context)
        if let database = dataset.database { return try await onDatabase.expansionZoom(dataset, database, request, id: try clusterID(context)) }
        let (index, id) = try cluster(request, context)
        return Answer.json(try answering { try index.expansionZoomJSON(of: id) }, for: request)
    }

    /// The clusters and markers of one tile (supercluster's getTile): `mapctl cluster --tile z/x/y`.
    func tile(_ request: Request, _ context: Context) async throws -> Response {
        let dataset = try dataset(context)
        let collection = try await tileFeatures(dataset, request, context)
        var response = Answer.geoJSON(collection, for: request)
        response.headers[.cacheControl] = "public, max-age=60"
        return response
    }

    /// The same features as a Mapbox Vector Tile 2.1 (extent 4096, one layer named after the
    /// dataset) for MapLibre.
    func vectorTile(_ request: Request, _ context: Context) async throws -> Response {
        let dataset = try dataset(context)
        let tile = try answering { try Tile(x: tileNumber("x", context), y: tileNumber("y", context), z: tileNumber("z", context)) }
        let collection = try await tileFeatures(dataset, request, context)
        var response = Answer.bytes(VectorTile.encode(collection.features, layer: dataset.name, tile: tile),
                                    type: "application/vnd.mapbox-vector-tile", for: request)
        response.headers[.cacheControl] = "public, max-age=60"
        return response
    }

    /// One object as a Feature (a detail panel), `ETag` its version.
    func object(_ request: Request, _ context: Context) async throws -> Response {
        let dataset = try dataset(context)
        let id = try RequestValues.objectID(context)
        if let database = dataset.database { return try await onDatabase.object(dataset, database, request, id: id) }
        guard let (_, feature) = dataset.object(id) else { throw Problem.notFound("dataset \(dataset.name) has no object with id \(id)") }
        return Answer.geoJSON(feature.carryingObjectID, for: request, headers: [.eTag: ObjectTag.of(feature)])
    }

    /// Objects within `radius` (in `units`) of `lon`,`lat`, nearest first, at most `limit`.
    func near(_ request: Request, _ context: Context) async throws -> Response {
        let dataset = try dataset(context)
        let query = QueryValues(request)
        let position = try query.position(example: "lon=24.94&lat=60.17&radius=300")
        let unit = try query.lengthUnit()
        let radius = try query.required("radius", query.number("radius", in: 0...unit.fromMetres(20_037_509), "radius must be 0 or more, at most half the Earth's circumference"), example: "radius=300")
        let limit = try query.integer("limit", in: 1...1000, "give 1 to 1000 objects") ?? 20
        let filter = try typeFilter(dataset, query)
        if let database = dataset.database {
            return Answer.geoJSON(try await onDatabase.near(dataset, database, position: position, metres: unit.toMetres(radius), limit: limit,
                                                            filter: filter, types: try types(dataset, query)?.sorted()), for: request)
        }
        return Answer.geoJSON(try answering {
            try dataset.query.nearAnswer(position, radius: unit.toMetres(radius), limit: limit, filter: filter,
                                         inheriting: dataset.collection.foreignMembers)
        }, for: request)
    }

    /// The `k` objects nearest to `lon`,`lat`.
    func nearest(_ request: Request, _ context: Context) async throws -> Response {
        let dataset = try dataset(context)
        let query = QueryValues(request)
        let position = try query.position(example: "lon=24.94&lat=60.17&k=5")
        let k = try query.integer("k", in: 1...1000, "give 1 to 1000 objects") ?? 5
        let filter = try typeFilter(dataset, query)
        if let database = dataset.database {
            return Answer.geoJSON(try await onDatabase.nearest(dataset, database, k, to: position, filter: filter, types: try types(dataset, query)?.sorted()),
                                  for: request)
        }
        return Answer.geoJSON(try answering {
            try dataset.query.nearestAnswer(k, to: position, filter: filter, inheriting: dataset.collection.foreignMembers)
        }, for: request)
    }

    /// Objects whose name holds `q` (case and accents ignored), best matches first, paged.
    func search(_ request: Request, _ context: Context) async throws -> Response {
        let dataset = try dataset(context)
        if dataset.database != nil { throw DatabaseRoutes.notAnswered("search", dataset) }
        let query = QueryValues(request)
        let text = try query.required("q", query.string("q"), example: "q=rautatie")
        guard !TextFolding.fold(String(Substring(text).trimmingSpaces)).isEmpty else { throw Problem.badRequest("q: give some letters or digits to search for") }
        let (page, limit) = try query.paging()
        let position = query.string("lon") == nil && query.string("lat") == nil ? nil : try query.position(example: "q=rautatie&lon=24.94&lat=60.17")
        let filter = try typeFilter(dataset, query)
        return Answer.geoJSON(try answering {
            try dataset.query.searchAnswer(text, near: position, page: page, pageSize: limit, filter: filter,
                                           inheriting: dataset.collection.foreignMembers).collection
        }, for: request)
    }

    /// The camera that shows the dataset's objects (or some of them, or a box) in the part of
    /// the viewport the panels leave free: `mapctl extents`.
    func extents(_ request: Request, _ context: Context) async throws -> Response {
        let dataset = try dataset(context)
        let body = try await RequestBody.json(request, state: state)
        let asked = try ExtentsRequest(body)
        let fit: CameraFit
        do {
            if let box = asked.bounds {
                fit = try CameraFit(bounds: box, viewport: asked.viewport, options: asked.options)
            } else {
                var geometries: [Geometry] = []
                if let ids = asked.ids {
                    for (at, id) in ids.enumerated() {
                        guard let feature = try await object(id, of: dataset) else {
                            throw body.problem(at: [.member("ids"), .index(at)], "dataset \(dataset.name) has no object with id \(id)")
                        }
                        if let geometry = feature.geometry { geometries.append(geometry) }
                    }
                } else {
                    geometries = dataset.collection.features.compactMap(\.geometry)
                }
                if asked.ids == nil, dataset.database != nil, let bounds = dataset.bounds {
                    // The box of the table's cells: its objects are not read.
                    fit = try CameraFit(bounds: bounds, viewport: asked.viewport, options: asked.options)
                } else {
                    fit = try CameraFit(geometries: geometries, viewport: asked.viewport, options: asked.options)
                }
            }
        } catch let error as CameraFitError {
            throw Problem.unprocessable("\(error)")
        } catch let error as GeoJSONError {
            throw Problem.badRequest(error.description)
        }
        if asked.geojson { return Answer.bytes(GeoJSONWriter().encode(fit.feature) + [0x0A], type: Answer.geoJSON, for: request) }
        return Answer.json(fit.json, for: request)
    }

    // MARK: Parameters

    /// The cluster index for the request's `types`, `groupBy`, `tileSize` and `radius`.
    private func clusterIndex(_ dataset: Dataset, _ query: QueryValues) throws -> FeatureClusterIndex {
        var variant = ClusterVariant()
        variant.tileSize = try query.integer("tileSize", in: 256...512, "tileSize is 256 (Leaflet) or 512 (MapLibre)") ?? variant.tileSize
        guard MapTileSize.supported.contains(variant.tileSize) else { throw Problem.badRequest("tileSize=\(variant.tileSize): tileSize is 256 (Leaflet) or 512 (MapLibre)") }
        variant.radius = try query.number("radius", in: 1...512, "radius is 1 to 512 pixels") ?? variant.radius
        if let key = query.string("groupBy") {
            guard dataset.propertyKeys.contains(key) else {
                throw Problem.badRequest("groupBy=\(key): no object has a property \(key); the objects have \(dataset.propertyKeys.sorted().joined(separator: ", "))")
            }
            variant.groupBy = key
        }
        variant.types = try types(dataset, query).map { $0.sorted() }
        return try answering { try dataset.clusters.index(for: variant) }
    }

    private func types(_ dataset: Dataset, _ query: QueryValues) throws(Problem) -> Set<String>? {
        try dataset.requestedTypes(query)
    }

    private func typeFilter(_ dataset: Dataset, _ query: QueryValues) throws(Problem) -> FeatureFilter {
        try types(dataset, query).map { .layers($0, key: "type", keepingUnlayered: false) } ?? .everything
    }

    private func cluster(_ request: Request, _ context: Context) throws -> (FeatureClusterIndex, Int) {
        (try clusterIndex(try dataset(context), QueryValues(request)), try clusterID(context))
    }

    private func clusterID(_ context: Context) throws -> Int {
        let text = try context.parameters.require("id")
        guard let id = Int(text), id >= 0 else { throw Problem.badRequest("cluster id \(text): a cluster id is a whole number from /clusters") }
        return id
    }

    /// The features of the request's tile, from the cluster index or the database.
    private func tileFeatures(_ dataset: Dataset, _ request: Request, _ context: Context) async throws -> FeatureCollection {
        let z = try tileNumber("z", context), x = try tileNumber("x", context), y = try tileNumber("y", context)
        if let database = dataset.database {
            return try await onDatabase.tileFeatures(dataset, database, request, tile: try answering { try Tile(x: x, y: y, z: z) })
        }
        let index = try clusterIndex(dataset, QueryValues(request))
        return try answering { try index.tileFeatures(z: z, x: x, y: y) }
    }

    /// Object `id` of the snapshot or the database table.
    private func object(_ id: String, of dataset: Dataset) async throws -> Feature? {
        guard let database = dataset.database else { return dataset.object(id)?.feature }
        return try await onDatabase.asking(database) { try await database.cells.object(id)?.feature }
    }

    private var onDatabase: DatabaseRoutes { DatabaseRoutes(state: state) }

    private func tileNumber(_ name: String, _ context: Context) throws -> Int {
        let text = try context.parameters.require(name)
        guard let value = Int(text) else { throw Problem.badRequest("tile \(name)=\(text): must be a whole number") }
        return value
    }
}

/// A library error turned into the answer's status: an unknown cluster is 404, anything else
/// the caller asked for out of range is 400.
func answering<Value>(_ work: () throws -> Value) throws -> Value {
    do { return try work() } catch { throw answerProblem(error) }
}

/// The same, for work that stops when its task is cancelled (routes, fleets).
func answering<Value>(_ work: () async throws -> Value) async throws -> Value {
    do { return try await work() } catch { throw answerProblem(error) }
}

/// The problem a library error answers; a cancellation passes through (the time limit or the
/// client leaving has already decided the answer).
private func answerProblem(_ error: any Error) -> any Error {
    switch error {
    case let error as ClusterError:
        if case .unknownCluster = error { return Problem.notFound("\(error)") }
        return Problem.badRequest("\(error)")
    case is Problem, is CancellationError: return error
    case is QueryError, is GeometryError: return Problem.badRequest("\(error)")
    default: return Problem.unprocessable("\(error)")
    }
}

extension Dataset {
    /// `types=a,b`: only objects of these types; each must be a type of the dataset.
    func requestedTypes(_ query: QueryValues) throws(Problem) -> Set<String>? {
        guard let text = query.string("types") else { return nil }
        let names = Set(text.split(separator: ",").map(String.init))
        if let unknown = names.subtracting(types).sorted().first {
            throw .badRequest("types=\(text): \(unknown) is not a type of dataset \(name); it has \(types.joined(separator: ", "))")
        }
        return names
    }
}
