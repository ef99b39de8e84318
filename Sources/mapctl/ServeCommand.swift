import ArgumentParser
import Foundation
import MapService

/// `mapctl serve`: the map service over HTTP, every answer the same bytes as the command's.
struct ServeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Answer a map screen over HTTP: clusters, members, objects, near, search, extents, edits, validation, routes.",
        discussion: discussion
    )

    @Option(help: "Address to listen on (loopback by default; 0.0.0.0 for every interface).")
    var host = "127.0.0.1"

    @Option(help: "Port to listen on (0: any free port, printed on standard error).")
    var port = 8080

    @Option(name: .customLong("roads"), help: ArgumentHelp("A road network for POST /directions and /fleet: NAME=FILE (GeoJSON road layer or prepared network; repeatable).", valueName: "name=file"))
    var roads: [String] = []

    @Option(help: "Style file (JSON) with colours, titles and symbols per type.")
    var style: String?

    @Option(name: .customLong("max-body"), help: "Largest request body (e.g. 16MiB).")
    var maxBody = ByteCount(bytes: 16 << 20)

    @Option(name: .customLong("request-timeout"), help: "A request still running after this is cancelled and answered 503 (e.g. 10s).")
    var requestTimeout = TimeLimit(milliseconds: 10_000)

    @Option(name: .customLong("max-route-time"), help: "The longest a route or fleet request may search, whatever it asks for (e.g. 5s).")
    var maxRouteTime = TimeLimit(milliseconds: 5_000)

    @Option(name: .customLong("cors"), help: ArgumentHelp("An origin allowed to call from a browser (repeatable; * for any).", valueName: "origin"))
    var corsOrigins: [String] = []

    @Argument(help: ArgumentHelp("Datasets to serve: NAME=FILE.geojson, FILE.geojson or NAME=postgres://USER@HOST:PORT/DB?table=T.", valueName: "dataset"))
    var datasets: [String] = []

    func validate() throws {
        guard !datasets.isEmpty else { throw ValidationError("give at least one dataset, e.g. mapctl serve Data/objects.geojson") }
        guard (0...65_535).contains(port) else { throw ValidationError("--port must be 0 to 65535, got \(port)") }
        for dataset in datasets { _ = try source(dataset) }
        for network in roads where try source(network).table != nil {
            throw ValidationError("--roads \(network): a road network is read from a file (a GeoJSON road layer or a prepared network), not from a PostGIS table; export the table with mapctl export first")
        }
    }

    private func source(_ argument: String) throws -> DatasetSource {
        do { return try DatasetSource(argument: argument) } catch { throw ValidationError("\(error)") }
    }

    func run() throws {
        let sources = try datasets.map(source)
        let roadSources = try roads.map(source)
        for source in sources + roadSources where source.table == nil && !FileManager.default.isReadableFile(atPath: source.path) {
            throw CommandFailure("\(source.path): no such readable file (dataset \(source.name))", status: .noInput)
        }
        let configuration = ServiceConfiguration(
            host: host, port: port, datasets: sources, roads: roadSources, stylePath: style, maxBodyBytes: maxBody.bytes,
            requestTimeout: requestTimeout.duration, maxRouteTime: maxRouteTime.duration, corsOrigins: corsOrigins)
        let service: MapService
        do { service = try MapService(configuration: configuration) } catch { throw CommandFailure("\(error)") }
        let host = self.host
        do {
            try awaitResult { try await service.run { port in CommandOutput.say("listening on http://\(host):\(port)") } }
        } catch {
            throw CommandFailure("\(error)", status: .osError)
        }
    }
}
