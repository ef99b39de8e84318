import Hummingbird

/// The service's answer to every request: the handler of its path and method in
/// ``ServiceRoutes/table`` (OPTIONS: 204 with `Allow`; a method the path does not take: 405
/// with `Allow`; an unknown path: 404), errors as `application/problem+json`, CORS for the
/// configured origins, and the request's metrics (under the route's path, a 405 too; an
/// unknown path as `unmatched`).
///
/// The table is matched here, segment by segment, instead of by Hummingbird's router: its trie
/// took 19.5 k of 243 k instructions per cluster answer (callgrind,
/// `Benchmarks/service/instructions.sh`), splitting and hashing the path on every request.
struct ServiceResponder: HTTPResponder {
    typealias Context = BasicRequestContext
    let state: ServiceState
    let routes: [RouteTemplate]

    func respond(to request: Request, context: Context) async throws -> Response {
        let started = ContinuousClock.now
        // Split on the bytes: String's split compares Characters (11.6 k instructions a path).
        let parts = request.uri.path.utf8.split(separator: UInt8(ascii: "/")).map { Substring($0) }
        var context = context
        var matched: RouteTemplate?
        for route in routes {
            guard let parameters = route.parameters(matching: parts) else { continue }
            context.coreContext.parameters = parameters
            matched = route
            break
        }
        var response: Response
        do {
            // A constant name: nothing is built per request on this path.
            response = try await state.activities.during("answering requests") { [context] in
                try await answer(request, context: context, route: matched)
            }
        } catch {
            response = Self.problem(for: error, request: request, context: context)
        }
        addCORS(to: &response, request: request)
        state.metrics.recordRequest(route: matched?.path ?? "unmatched", method: request.method.rawValue,
                                    status: response.status.code, duration: ContinuousClock.now - started)
        return response
    }

    private func answer(_ request: Request, context: Context, route: RouteTemplate?) async throws -> Response {
        guard let route else { throw HTTPError(.notFound) }
        if let handler = route.handler(for: request.method) { return try await handler(request, context) }
        if request.method == .options { return Response(status: .noContent, headers: [.allow: route.allow]) }
        throw Problem(status: .methodNotAllowed, detail: "\(request.method.rawValue) is not allowed on \(route.path); use \(route.allow)",
                      headers: [.allow: route.allow])
    }

    /// Any error as a problem answer. Errors the handlers did not turn into a ``Problem``
    /// are the framework's (404, 413) or a bug; a bug is logged and still answered as a
    /// problem, so the client gets a readable body.
    static func problem(for error: any Error, request: Request, context: Context) -> Response {
        let problem: Problem
        switch error {
        case let error as Problem:
            problem = error
        case let error as HTTPError:
            let detail: String
            switch error.status {
            case .notFound: detail = "no such path: \(request.method.rawValue) \(request.uri.path); see GET /openapi.yaml"
            case .contentTooLarge: detail = "the request body is larger than the service accepts (--max-body)"
            default: detail = error.body ?? error.status.reasonPhrase
            }
            problem = Problem(status: error.status, detail: detail, headers: error.headers)
        case is RequestTimedOut:
            problem = Problem(status: .serviceUnavailable, detail: "the request took longer than the service allows (--request-timeout) and was cancelled",
                              headers: [.retryAfter: "5"])
        default:
            context.logger.error("unexpected error answering \(request.method.rawValue) \(request.uri.path): \(error)")
            problem = Problem(status: .internalServerError, detail: "\(error)")
        }
        return (try? problem.response(from: request, context: context)) ?? Response(status: problem.status)
    }

    /// CORS: the configured origins may call from a browser; a preflight is answered here.
    private func addCORS(to response: inout Response, request: Request) {
        guard let origin = request.headers[.origin],
              state.configuration.corsOrigins.contains(origin) || state.configuration.corsOrigins.contains("*")
        else { return }
        response.headers[.accessControlAllowOrigin] = origin
        response.headers[.vary] = "Origin"
        response.headers[.accessControlExposeHeaders] = "ETag, Location"
        if request.method == .options {
            response.headers[.accessControlAllowMethods] = "GET, POST, PUT, DELETE, OPTIONS"
            response.headers[.accessControlAllowHeaders] = "Content-Type, If-Match, If-None-Match"
            response.headers[.accessControlMaxAge] = "600"
        }
    }
}
