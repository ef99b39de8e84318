import Foundation
import Hummingbird
import HummingbirdTesting
import MapService
import NIOCore
import TestSupport
import Testing

/// A running service over `datasets` for a test, reached over loopback by a real HTTP client.
enum ServiceHarness {
    /// Starts the service, waits until `/readyz` says every dataset is indexed, then runs `test`.
    static func withService(
        _ datasets: [String], configure: (inout ServiceConfiguration) -> Void = { _ in },
        _ test: @escaping @Sendable (any TestClientProtocol) async throws -> Void
    ) async throws {
        var configuration = ServiceConfiguration(port: 0, datasets: try datasets.map { try DatasetSource(argument: $0) })
        // A debug build under the whole suite's load can take seconds for one answer; tests of
        // the timeout itself set their own. (CI rehearsals saw 503s at the 10 s default.)
        configuration.requestTimeout = .seconds(60)
        configure(&configuration)
        let service = try MapService(configuration: configuration)
        try await service.application().test(.live) { client in
            try await waitUntilReady(client)
            try await test(client)
        }
    }

    static func waitUntilReady(_ client: any TestClientProtocol) async throws {
        let deadline = ContinuousClock.now + .seconds(120)
        while ContinuousClock.now < deadline {
            let status = try await client.execute(uri: "/readyz", method: .get) { $0.status }
            if status == .ok { return }
            try await Task.sleep(for: .milliseconds(50))
        }
        Issue.record("the service was not ready within 120 s")
    }

    /// A path relative to the package root, as the command line sees it.
    static func path(_ relative: String) -> String { MapctlProcess.packageRoot.appendingPathComponent(relative).path }
}

extension TestClientProtocol {
    /// GET `uri`: status, headers and body text.
    func get(_ uri: String, headers: HTTPFields = [:]) async throws -> (status: HTTPResponse.Status, headers: HTTPFields, body: String) {
        try await execute(uri: uri, method: .get, headers: headers) { ($0.status, $0.headers, String(buffer: $0.body)) }
    }

    /// `method` `uri` with a body (JSON by default).
    func send(
        _ method: HTTPRequest.Method, _ uri: String, body: String, type: String = "application/json", headers: HTTPFields = [:]
    ) async throws -> (status: HTTPResponse.Status, headers: HTTPFields, body: String) {
        var headers = headers
        headers[.contentType] = type
        return try await execute(uri: uri, method: method, headers: headers, body: ByteBuffer(string: body)) {
            ($0.status, $0.headers, String(buffer: $0.body))
        }
    }
}

extension TestClientProtocol {
    /// ``send(_:_:body:type:headers:)`` over a connection of its own that waits up to 2 minutes
    /// for the answer: the harness's client gives up after 20 s, too soon for a debug build's
    /// fleet plan or road matrix while the whole suite shares the cores.
    func sendPatiently(_ method: HTTPRequest.Method, _ uri: String, body: String, type: String = "application/json") async throws -> (status: HTTPResponse.Status, body: String) {
        let port = try #require(self.port, "the service under test has no port")
        let response = try await ServeProcess.exchange(port: port, method, uri, headers: [.contentType: type], body: body, timeout: .seconds(120))
        return (response.status, response.body.map { String(buffer: $0) } ?? "")
    }
}

/// The command's standard output, expecting `status` (from an async test: the command runs on a
/// thread of its own, not on one the in-process service needs).
func commandOutput(_ arguments: [String], status: Int32 = 0, input: Data? = nil) async throws -> String {
    let result = try await MapctlProcess.run(arguments, input: input)
    #expect(result.status == status, "mapctl \(arguments.joined(separator: " ")): \(result.standardError)")
    return result.standardOutput
}

/// RFC 7946's top-level `id` as the issue's conventions ask for it: a cluster's is its
/// `cluster_id`, an object's is its `id` property.
enum TopLevelIDs {
    /// The features of a GeoJSON answer (a FeatureCollection or one Feature) whose top-level
    /// `id` is missing or differs from the one expected, described for a test's message.
    static func wrong(in body: String) throws -> [String] {
        try features(in: body).compactMap { feature in
            let properties = feature["properties"] as? [String: Any] ?? [:]
            let expected: String? = if let cluster = properties["cluster_id"] as? Int { String(cluster) } else { properties["id"] as? String }
            let id: String? = if let number = feature["id"] as? Int { String(number) } else { feature["id"] as? String }
            return expected != nil && id == expected ? nil : "id \(String(describing: feature["id"])) for properties \(properties)"
        }
    }

    /// The features of a GeoJSON answer: a FeatureCollection's, or the one Feature.
    static func features(in body: String) throws -> [[String: Any]] {
        let json = try #require(try JSONSerialization.jsonObject(with: Data(body.utf8)) as? [String: Any], "\(body.prefix(300))")
        return json["type"] as? String == "Feature" ? [json] : try #require(json["features"] as? [[String: Any]])
    }
}
