import Hummingbird
import MapGeometry
import MapRouting

/// The map page (`GET /`), its scripts and Leaflet's files, and the base map it draws.
struct PageRoutes: Sendable {
    typealias Context = BasicRequestContext
    let state: ServiceState

    /// The page; `?dataset=NAME&zoom=Z&center=LON,LAT` is read by the page itself.
    func index(_ request: Request, _ context: Context) async throws -> Response {
        try file("index.html", in: WebFiles.page, for: request, missing: "the page is not in this build")
    }

    /// A script or style sheet of the page.
    func pageFile(_ request: Request, _ context: Context) async throws -> Response {
        try file(try context.parameters.require("file"), in: WebFiles.page, for: request, missing: "the page has no file of this name")
    }

    /// Leaflet's script and style sheet.
    func leafletFile(_ request: Request, _ context: Context) async throws -> Response {
        try file(try context.parameters.require("file"), in: WebFiles.leaflet, for: request, missing: Self.leafletMissing)
    }

    /// Leaflet's images.
    func leafletImage(_ request: Request, _ context: Context) async throws -> Response {
        try file("images/" + (try context.parameters.require("file")), in: WebFiles.leaflet, for: request, missing: Self.leafletMissing)
    }

    private static let leafletMissing = "no such Leaflet file in \(WebFiles.leafletFolder) (install Debian's libjs-leaflet: apt-get install libjs-leaflet)"

    private func file(_ name: String, in files: [String: [UInt8]], for request: Request, missing: String) throws -> Response {
        guard let bytes = files[name] else { throw Problem.notFound("\(name): \(missing)") }
        return Answer.bytes(bytes, type: WebFiles.mediaType(of: name), for: request, headers: [.cacheControl: "no-cache"])
    }

    /// `GET /basemap?zoom=Z&bbox=W,S,E,N`: countries and roads of the view as GeoJSON.
    func basemap(_ request: Request, _ context: Context) async throws -> Response {
        let query = QueryValues(request)
        let zoom = try query.required("zoom", query.integer("zoom", in: 0...30, "zoom must be a whole number from 0 to 30"), example: "zoom=12")
        var networks: [(name: String, network: RoadNetwork)] = []
        for (name, source) in state.store.roadNetworks.all { if case let .ready(network) = source { networks.append((name, network)) } }
        return Answer.bytes(state.basemap.bytes(zoom: zoom, in: try query.box(), networks: networks), type: Answer.geoJSON, for: request)
    }
}
