import Foundation
import Hummingbird
import MapClustering
import MapGeometry
import MapGeoJSON
import MapViewport
import MapQuery
import MapPostgres

/// The reading side of a dataset answered by its PostGIS table (too large for memory, see
/// ``TableServing``): markers by grid clustering summed in the database (`GridClusters`), a
/// cluster's members and children, tiles, one object, near and nearest (candidates from
/// PostGIS, ranked by the engine's own geodesic distance, so the answer reads as a file's).
/// What the engine answers only from memory (search, `groupBy`) is refused with the reason.
struct DatabaseRoutes: Sendable {
    let state: ServiceState

    /// Cells a view may cover: a 8,192 × 8,192-pixel view of 32-pixel cells.
    static let maxCells = 256 * 256

    func clusters(_ dataset: Dataset, _ database: DatabaseDataset, _ request: Request) async throws -> Response {
        let query = QueryValues(request)
        let zoom = try query.required("zoom", query.number("zoom", in: 0...30, "zoom must be between 0 and 30"), example: "zoom=12")
        let grid = try self.grid(dataset, query)
        let types = try self.types(dataset, query)
        let level = grid.level(zoom: zoom)
        var selected: GridCell?
        if let id = query.string("selected") {
            guard let cell = try await asking(database, { try await database.cells.cell(of: id, level: level) }) else {
                throw Problem.badRequest("selected=\(id): dataset \(dataset.name) has no object with this id")
            }
            selected = cell
        }
        let ranges = GridCell.ranges(level: level, meeting: try query.box())
        let cells = ranges.reduce(0) { $0 + $1.x.count * $1.y.count }
        guard cells <= Self.maxCells else {
            throw Problem.badRequest("bbox at zoom \(zoom == zoom.rounded() ? String(Int(zoom)) : String(zoom)) covers \(cells) cells of dataset \(dataset.name), which is answered by its database table; ask for a view of at most 8,192 × 8,192 pixels (a smaller box or a lower zoom)")
        }
        var counts: [GridCellCount] = [], singles: [GridCell: Feature] = [:]
        for range in ranges {
            let part = try await asking(database) { try await database.cells.contents(level: level, x: range.x, y: range.y, types: types) }
            counts += part.counts
            singles.merge(part.singles) { first, _ in first }
        }
        return Answer.geoJSON(grid.view(counts, single: singles, selected: selected, foreignMembers: database.foreignMembers), for: request)
    }

    /// One page of a cluster's objects with `total`, `offset`, `page` and `pages`.
    func members(_ dataset: Dataset, _ database: DatabaseDataset, _ request: Request, id: Int) async throws -> Response {
        let query = QueryValues(request)
        let cell = try self.cell(dataset, id)
        _ = try grid(dataset, query)  // refuses groupBy, checks tileSize and radius as the other cluster questions do
        let types = try self.types(dataset, query)
        let (page, limit) = try query.paging()
        let product = (page - 1).multipliedReportingOverflow(by: limit)
        let offset = product.overflow ? Int(Int32.max) : min(product.partialValue, Int(Int32.max))
        let total = try await asking(database) {
            try await database.cells.counts(level: cell.level, x: cell.x...cell.x, y: cell.y...cell.y, types: types).reduce(0) { $0 + $1.count }
        }
        let members = try await asking(database) { try await database.cells.members(of: cell, limit: limit, offset: offset, types: types) }
        let pages = total / limit + (total % limit == 0 ? 0 : 1)
        let paging: [(String, Int)] = [("total", total), ("offset", offset), ("page", page), ("pages", pages)]
        return Answer.geoJSON(FeatureCollection(
            features: members.carryingObjectIDs, foreignMembers: paging.map { ForeignMember(name: $0.0, value: .number(Double($0.1))) }
        ).inheriting(database.foreignMembers), for: request)
    }

    /// The markers one zoom below the cluster.
    func children(_ dataset: Dataset, _ database: DatabaseDataset, _ request: Request, id: Int) async throws -> Response {
        let query = QueryValues(request)
        let cell = try self.cell(dataset, id)
        guard cell.level < GridCell.maxLevel else { throw Problem.badRequest("cluster \(id) is at the finest grid level; it has no children") }
        let grid = try self.grid(dataset, query)
        let types = try self.types(dataset, query)
        let x = (cell.x << 1)...(cell.x << 1 + 1), y = (cell.y << 1)...(cell.y << 1 + 1)
        let (counts, singles) = try await asking(database) { try await database.cells.contents(level: cell.level + 1, x: x, y: y, types: types) }
        return Answer.geoJSON(grid.view(counts, single: singles, legend: false, foreignMembers: database.foreignMembers), for: request)
    }

    /// `{"cluster_id", "expansion_zoom"}`: the next zoom, null for objects at one position.
    func expansionZoom(_ dataset: Dataset, _ database: DatabaseDataset, _ request: Request, id: Int) async throws -> Response {
        let cell = try self.cell(dataset, id)
        let grid = try self.grid(dataset, QueryValues(request))
        let colocated = try await asking(database) { try await database.cells.isColocated(cell) }
        return Answer.json(["cluster_id": .number(Double(id)), "expansion_zoom": colocated ? .null : .number(Double(grid.zoom(level: cell.level) + 1))],
                           for: request)
    }

    /// The markers of tile `z`/`x`/`y`: the cells of the tile at its zoom.
    func tileFeatures(_ dataset: Dataset, _ database: DatabaseDataset, _ request: Request, tile: Tile) async throws -> FeatureCollection {
        let query = QueryValues(request)
        let grid = try self.grid(dataset, query)
        let types = try self.types(dataset, query)
        let level = grid.level(zoom: Double(tile.z)), shift = level - tile.z
        let x = (tile.x << shift)...((tile.x + 1) << shift - 1), y = (tile.y << shift)...((tile.y + 1) << shift - 1)
        let (counts, singles) = try await asking(database) { try await database.cells.contents(level: level, x: x, y: y, types: types) }
        return grid.view(counts, single: singles, legend: false, foreignMembers: database.foreignMembers)
    }

    /// One object as a Feature, `ETag` its version.
    func object(_ dataset: Dataset, _ database: DatabaseDataset, _ request: Request, id: String) async throws -> Response {
        guard let (feature, _) = try await asking(database, { try await database.cells.object(id) }) else {
            throw Problem.notFound("dataset \(dataset.name) has no object with id \(id)")
        }
        return Answer.geoJSON(feature.carryingObjectID, for: request, headers: [.eTag: ObjectTag.of(feature)])
    }

    /// Objects within `radius` of a position, nearest first: PostGIS's `ST_DWithin` on geography
    /// finds the candidates (a few more than asked, for distances equal to a millimetre), the
    /// engine measures and ranks them.
    func near(_ dataset: Dataset, _ database: DatabaseDataset, position: Position, metres: Double, limit: Int,
              filter: FeatureFilter, types: [String]?) async throws -> FeatureCollection {
        let candidates = try await asking(database) { try await database.cells.near(position, metres: metres * (1 + 1e-9) + 1e-3, limit: limit + 8, types: types) }
        return try answering {
            try FeatureIndex(candidates).nearAnswer(position, radius: metres, limit: limit, filter: filter, inheriting: database.foreignMembers)
        }
    }

    /// The `k` objects nearest to a position: every one lies within the farthest of the `k`
    /// nearest by the GiST index's order, so those within that distance are the candidates.
    func nearest(_ dataset: Dataset, _ database: DatabaseDataset, _ k: Int, to position: Position,
                 filter: FeatureFilter, types: [String]?) async throws -> FeatureCollection {
        let radius = try await asking(database) { try await database.cells.nearestRadius(k, to: position, types: types) }
        let candidates = try await asking(database) {
            try await database.cells.near(position, metres: (radius ?? 0) * (1 + 1e-9) + 1e-3, limit: k + 8, types: types)
        }
        return try answering {
            try FeatureIndex(candidates).nearestAnswer(k, to: position, filter: filter, inheriting: database.foreignMembers)
        }
    }

    /// 422 for what only a dataset held in memory answers.
    static func notAnswered(_ what: String, _ dataset: Dataset) -> Problem {
        .unprocessable("\(what) is answered only for datasets held in memory; dataset \(dataset.name) is answered by its database table (\(dataset.count) objects); to hold a table that fits in memory, serve it with ?serve=memory")
    }

    // MARK: Parts

    /// The grid for the request's `tileSize` and `radius` (cells of the power of two nearest the radius).
    private func grid(_ dataset: Dataset, _ query: QueryValues) throws -> GridClusters {
        let tileSize = try query.integer("tileSize", in: 256...512, "tileSize is 256 (Leaflet) or 512 (MapLibre)") ?? MapTileSize.standard
        guard MapTileSize.supported.contains(tileSize) else { throw Problem.badRequest("tileSize=\(tileSize): tileSize is 256 (Leaflet) or 512 (MapLibre)") }
        let radius = try query.number("radius", in: 1...512, "radius is 1 to 512 pixels") ?? 40
        if query.string("groupBy") != nil { throw Self.notAnswered("groupBy", dataset) }
        let offset = Int(log2(Double(tileSize))) - Int(log2(radius).rounded())
        return GridClusters(style: state.store.style, allTypes: dataset.types, levelOffset: min(9, max(0, offset)))
    }

    /// `types=a,b` as the database filters them.
    private func types(_ dataset: Dataset, _ query: QueryValues) throws(Problem) -> [String]? {
        try dataset.requestedTypes(query)?.sorted()
    }

    private func cell(_ dataset: Dataset, _ id: Int) throws(Problem) -> GridCell {
        guard let cell = GridCell(id: id) else { throw .notFound("dataset \(dataset.name) has no cluster \(id)") }
        return cell
    }

    /// A query's answer; a database that cannot answer now is 503 with what went wrong.
    func asking<Value>(_ database: DatabaseDataset, _ work: () async throws -> Value) async throws(Problem) -> Value {
        do {
            return try await work()
        } catch let problem as Problem {
            throw problem
        } catch {
            throw Problem(status: .serviceUnavailable, detail: "the database cannot answer now: \(error)", headers: [.retryAfter: "1"])
        }
    }
}
