import Foundation
import Hummingbird
import Logging
import MapGeometry

/// Around every request: errors as `application/problem+json`, CORS for the
/// configured origins, and the request's metrics.
struct ServiceMiddleware: RouterMiddleware {
    typealias Context = BasicRequestContext
    let state: ServiceState
    /// The service's paths, to tell a wrong method (405) from a wrong path (404).
    let routes: [RouteTemplate]

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let started = ContinuousClock.now
        var response: Response
        do {
            // A constant name: nothing is built per request on this path.
            response = try await state.activities.during("answering requests") {
                try await next(request, context)
            }
        } catch {
            response = Self.problem(for: wrongMethod(error, request) ?? error, request: request, context: context)
        }
        addCORS(to: &response, request: request)
        let route = context.endpointPath ?? "unmatched"
        state.metrics.recordRequest(route: route, method: request.method.rawValue, status: response.status.code,
                                    duration: ContinuousClock.now - started)
        return response
    }

    /// A 404 for a path the service has, asked with a method it does not take: 405 with `Allow`.
    private func wrongMethod(_ error: any Error, _ request: Request) -> Problem? {
        guard let error = error as? HTTPError, error.status == .notFound,
              let route = routes.first(where: { $0.matches(request.uri.path) }) else { return nil }
        return Problem(status: .methodNotAllowed, detail: "\(request.method.rawValue) is not allowed on \(route.path); use \(route.allow)",
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

/// A request that ran past the service's time limit.
struct RequestTimedOut: Error {}

/// Runs `work` on the ``ComputeExecutor`` and answers within `limit`: past it, the work is
/// cancelled and abandoned (engine code runs to the end of its own budget, its answer dropped)
/// and `RequestTimedOut` is thrown at once, not when the work ends. An answer that comes later
/// than `limit` is refused as well, so the rule does not depend on which thread ran first.
func withTimeLimit<Value: Sendable>(_ limit: Duration, _ work: @escaping @Sendable () async throws -> Value) async throws -> Value {
    let started = ContinuousClock.now
    let outcome = FirstOutcome<Value>()
    let task = Task(executorPreference: ComputeExecutor.shared) {
        do { outcome.settle(.success(try await work())) } catch { outcome.settle(.failure(error)) }
    }
    timerQueue.asyncAfter(deadline: .now() + limit.timeInterval) {
        if outcome.settle(.failure(RequestTimedOut())) { task.cancel() }
    }
    let value = try await withTaskCancellationHandler {
        try await outcome.value()
    } onCancel: {
        task.cancel()
        outcome.settle(.failure(CancellationError()))
    }
    guard ContinuousClock.now - started <= limit else { throw RequestTimedOut() }
    return value
}

/// The first of several outcomes (the work's answer, the time limit, the client leaving), for
/// one waiter; later ones are ignored.
private final class FirstOutcome<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var result: Result<Value, any Error>?
    private var waiter: CheckedContinuation<Value, any Error>?

    /// Records `result` if it is the first; `true` when it was.
    @discardableResult
    func settle(_ result: Result<Value, any Error>) -> Bool {
        lock.lock()
        guard self.result == nil else { lock.unlock(); return false }
        self.result = result
        let waiter = self.waiter
        self.waiter = nil
        lock.unlock()
        waiter?.resume(with: result)
        return true
    }

    func value() async throws -> Value {
        try await withCheckedThrowingContinuation { continuation in
            lock.lock()
            if let result {
                lock.unlock()
                continuation.resume(with: result)
            } else {
                waiter = continuation
                lock.unlock()
            }
        }
    }
}

/// The time limits' timers: a serial queue gets a thread of its own even when every worker computes.
private let timerQueue = DispatchQueue(label: "mapengine.request-timeout")

extension Duration {
    /// The duration in seconds, for Dispatch.
    var timeInterval: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) * 1e-18
    }
}
