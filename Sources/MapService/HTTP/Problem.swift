import Hummingbird
import MapGeoJSON

/// An answer that is not a success, as RFC 9457 `application/problem+json`: `type`, `title`,
/// `status`, `detail` (the same located message the command line prints), and extra members
/// (`findings` for a refused save, `pending` for a service that is not ready).
struct Problem: HTTPResponseError, Sendable {
    let status: HTTPResponse.Status
    let detail: String
    var members: [(String, JSONValue)] = []
    var headers: HTTPFields = [:]

    static func badRequest(_ detail: String) -> Problem { Problem(status: .badRequest, detail: detail) }
    static func notFound(_ detail: String) -> Problem { Problem(status: .notFound, detail: detail) }
    static func unprocessable(_ detail: String, members: [(String, JSONValue)] = []) -> Problem {
        Problem(status: .unprocessableContent, detail: detail, members: members)
    }

    /// The RFC 9457 body.
    var json: JSONValue {
        var object: [(String, JSONValue)] = [
            ("type", .string("about:blank")),
            ("title", .string(status.reasonPhrase)),
            ("status", .number(Double(status.code))),
            ("detail", .string(detail)),
        ]
        object += members
        return .object(JSONObject(object))
    }

    func response(from request: Request, context: some RequestContext) throws -> Response {
        var headers = self.headers
        headers[.contentType] = "application/problem+json"
        var body = GeoJSONWriter().encode(json)
        body.append(0x0A)
        return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: body)))
    }
}
