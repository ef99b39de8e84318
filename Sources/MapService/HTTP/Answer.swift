import CompressNIO
import Hummingbird
import MapGeometry
import MapGeoJSON

/// Successful answers: the exact bytes the command line prints, with their media type, an
/// `ETag` (a tag of the bytes), 304 for a GET whose `If-None-Match` holds that tag, and gzip
/// when the client accepts it and the body is over 1 KiB (its own ETag, `-gz` appended) at
/// zlib's fastest level (``gzip``).
enum Answer {
    static let geoJSON = "application/geo+json"
    static let json = "application/json"

    static func bytes(
        _ bytes: [UInt8], type: String, status: HTTPResponse.Status = .ok, for request: Request,
        headers extra: HTTPFields = [:]
    ) -> Response {
        // Fields appended, and each looked up once: HTTPFields' subscripts search every field
        // by name, which was 3 % of a cluster answer's instructions.
        var headers = extra
        var eTag = extra.isEmpty ? nil : extra[.eTag]
        if extra.isEmpty { headers.append(.init(name: .contentType, value: type)) } else { headers[.contentType] = type }
        let compress = bytes.count > gzipThreshold && accepts(gzip: request)
        if status == .ok, eTag == nil {
            let tag = AnswerTag.of(bytes)
            let value = compress ? "\"\(tag)-gz\"" : "\"\(tag)\""
            eTag = value
            headers.append(.init(name: .eTag, value: value))
        }
        if request.method == .get || request.method == .head, status == .ok,
           let tag = eTag, let wanted = request.headers[.ifNoneMatch],
           wanted == "*" || wanted.commaSeparatedFields.contains(where: { $0 == tag })
        {
            return Response(status: .notModified, headers: headers)
        }
        var body = ByteBuffer(bytes: bytes)
        if compress, let compressed = try? body.compress(with: gzip) {
            headers.append(.init(name: .contentEncoding, value: "gzip"))
            headers.append(.init(name: .vary, value: "Accept-Encoding"))
            body = compressed
        }
        return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: body))
    }

    static let gzipThreshold = 1024

    /// gzip at level 1: every browser and app asks for gzip, and at zlib's default level 6 a
    /// cluster answer asked so took 299.5 µs of CPU against 124.0 µs without; at level 1,
    /// 157.7 µs, for bodies 15 % larger (Benchmarks/service/run.sh, 1024×768 views).
    static let gzip = CompressionAlgorithm.gzip(configuration: ZlibConfiguration(compressionLevel: .fastestCompression))

    /// True when `Accept-Encoding` lists gzip without `q=0`.
    static func accepts(gzip request: Request) -> Bool {
        guard let header = request.headers[.acceptEncoding] else { return false }
        return header.commaSeparatedFields.contains { coding in
            let parts = coding.split(separator: ";").map { $0.trimmingSpaces.lowercased() }
            return (parts.first == "gzip" || parts.first == "*") && !parts.dropFirst().contains { $0 == "q=0" || $0 == "q=0.0" }
        }
    }

    static func geoJSON(_ collection: FeatureCollection, for request: Request) -> Response {
        bytes(GeoJSONWriter().encode(collection), type: geoJSON, for: request)
    }

    static func geoJSON(_ feature: Feature, for request: Request, headers: HTTPFields = [:], status: HTTPResponse.Status = .ok) -> Response {
        bytes(GeoJSONWriter().encode(feature), type: geoJSON, status: status, for: request, headers: headers)
    }

    /// A JSON value as the command prints it (one line, then a newline).
    static func json(_ value: JSONValue, for request: Request, status: HTTPResponse.Status = .ok) -> Response {
        var bytes = GeoJSONWriter().encode(value)
        bytes.append(0x0A)
        return Answer.bytes(bytes, type: json, status: status, for: request)
    }
}
