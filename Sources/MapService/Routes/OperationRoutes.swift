import Foundation
import Hummingbird
import MapGeoJSON

/// What operators and tools ask: is it up, is it ready, its metrics, and its contract.
struct OperationRoutes: Sendable {
    typealias Context = BasicRequestContext
    let state: ServiceState

    /// 200 while the process answers.
    func health(_ request: Request, _ context: Context) async throws -> Response {
        Answer.json(["status": "up"], for: request)
    }

    /// 200 once every dataset and road network is ready; 503 naming what is pending or failed.
    func readiness(_ request: Request, _ context: Context) async throws -> Response {
        var pending: [JSONValue] = [], failed: [JSONValue] = []
        func note<Value>(_ sources: LoadedSources<Value>) {
            for (name, sourceState) in sources.all {
                switch sourceState {
                case .loading: pending.append(.string(name))
                case let .failed(reason): failed.append(.object(["name": .string(name), "reason": .string(reason)]))
                case .ready: break
                }
            }
        }
        note(state.store.datasets)
        note(state.store.roadNetworks)
        if pending.isEmpty && failed.isEmpty { return Answer.json(["status": "ready"], for: request) }
        let detail = pending.isEmpty ? "some datasets could not be loaded" : "datasets are still being read and indexed"
        throw Problem(status: .serviceUnavailable, detail: detail, members: [("pending", .array(pending)), ("failed", .array(failed))],
                      headers: pending.isEmpty ? [:] : [.retryAfter: "1"])
    }

    /// Prometheus text.
    func metrics(_ request: Request, _ context: Context) async throws -> Response {
        Response(status: .ok, headers: [.contentType: "text/plain; version=0.0.4"],
                 body: ResponseBody(byteBuffer: ByteBuffer(bytes: state.metrics.text)))
    }

    /// The OpenAPI 3.1 document of this service.
    func contract(_ request: Request, _ context: Context) async throws -> Response {
        Answer.bytes(OpenAPIDocument.bytes, type: "application/yaml", for: request)
    }
}

/// The service's contract, from the module's resources.
enum OpenAPIDocument {
    static let bytes: [UInt8] = {
        guard let url = Bundle.module.url(forResource: "openapi", withExtension: "yaml", subdirectory: "Resources"),
              let data = try? Data(contentsOf: url) else { return Array("openapi: 3.1.0\n".utf8) }
        return [UInt8](data)
    }()
}
