import Hummingbird

/// A path of ``ServiceRoutes/table`` as segments, with its handlers: a literal segment,
/// `{name}` matching any one segment, or `{y}.geojson` any segment with that suffix (the
/// parameter's value is the segment without it, perhaps empty: the handler says what is wrong).
struct RouteTemplate: Sendable {
    /// The path as the table and `openapi.yaml` write it (also the route's name in the metrics).
    let path: String
    let handlers: [(method: HTTPRequest.Method, handler: ServiceRoutes.Handler)]
    /// The `Allow` header: the path's methods and OPTIONS.
    let allow: String
    private let segments: [Segment]

    private enum Segment {
        case literal([UInt8])
        case parameter(name: Substring, suffix: [UInt8])
    }

    init(path: String, handlers: [(method: HTTPRequest.Method, handler: ServiceRoutes.Handler)]) {
        self.path = path
        self.handlers = handlers
        allow = (handlers.map(\.method.rawValue) + ["OPTIONS"]).joined(separator: ", ")
        segments = path.split(separator: "/").map { segment in
            guard segment.hasPrefix("{"), let close = segment.firstIndex(of: "}") else { return .literal(Array(segment.utf8)) }
            return .parameter(name: segment[segment.index(after: segment.startIndex)..<close],
                              suffix: Array(segment[segment.index(after: close)...].utf8))
        }
    }

    /// The path's parameters when the request path's `parts` (split at `/`) match, else nil.
    func parameters(matching parts: [Substring]) -> Parameters? {
        guard parts.count == segments.count else { return nil }
        var parameters = Parameters()
        for (segment, part) in zip(segments, parts) {
            switch segment {
            case .literal(let bytes):
                guard part.utf8.elementsEqual(bytes) else { return nil }
            case .parameter(let name, let suffix):
                guard part.utf8.count >= suffix.count, part.utf8.suffix(suffix.count).elementsEqual(suffix) else { return nil }
                parameters.append(key: name, value: Substring(part.utf8.dropLast(suffix.count)))
            }
        }
        return parameters
    }

    /// The handler of `method`, if the path takes it.
    func handler(for method: HTTPRequest.Method) -> ServiceRoutes.Handler? {
        handlers.first { $0.method == method }?.handler
    }
}
