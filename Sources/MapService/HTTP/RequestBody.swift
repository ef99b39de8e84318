import Hummingbird
import MapGeoJSON
import MapGeometry

/// A request's body: JSON or GeoJSON (415 otherwise), at most `--max-body` bytes (413),
/// parsed by the engine's own reader so a mistake is named by line, column and path (400).
enum RequestBody {
    static let name = "request body"

    static func bytes(_ request: Request, state: ServiceState) async throws -> [UInt8] {
        let type = request.headers[.contentType]?.split(separator: ";").first?.trimmingSpaces.lowercased()
        guard let type, type == Answer.json || type == Answer.geoJSON else {
            throw Problem(status: .unsupportedMediaType,
                          detail: "send the body as Content-Type: application/json or application/geo+json\(type.map { ", not \($0)" } ?? "")")
        }
        let limit = state.configuration.maxBodyBytes
        if let length = request.headers[.contentLength].flatMap({ Int($0) }), length > limit {
            throw Problem(status: .contentTooLarge, detail: "the body has \(length) bytes; this service takes at most \(limit) (--max-body)")
        }
        let buffer = try await request.body.collect(upTo: limit)
        return Array(buffer.readableBytesView)
    }

    /// The body as strict JSON.
    static func json(_ request: Request, state: ServiceState) async throws -> JSONFile {
        let bytes = try await bytes(request, state: state)
        do { return try JSONFile(parsing: bytes, name: name) } catch { throw Problem.badRequest(error.description) }
    }

    /// The body as a GeoJSON document, read with `options`.
    static func geoJSON(_ request: Request, state: ServiceState, options: GeoJSONReader.Options = GeoJSONReader.Options()) async throws -> GeoJSONDocument {
        let bytes = try await bytes(request, state: state)
        do { return try GeoJSONReader(options: options).read(bytes: bytes, fileName: name) } catch { throw Problem.badRequest(error.description) }
    }
}
