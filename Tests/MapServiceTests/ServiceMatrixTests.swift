import Foundation
import MapService
import TestSupport
import Testing

/// `POST /matrix` between Point features equals `mapctl matrix`; the positions form keeps its answer.
@Suite("POST /matrix with features equals mapctl matrix")
struct ServiceMatrixTests {
    @Test func featuresAnswerTheCommandsBytes() async throws {
        let stops = try String(contentsOfFile: ServiceHarness.path("Data/stops.geojson"), encoding: .utf8)
            .trimmingCharacters(in: .whitespacesAndNewlines)
        let sources = #"{"type":"FeatureCollection","features":[{"type":"Feature","id":7,"properties":{},"geometry":{"type":"Point","coordinates":[24.9384,60.1699]}}]}"#
        let sourcesFile = FileManager.default.temporaryDirectory.appendingPathComponent("sources-\(UUID()).geojson")
        try sources.write(to: sourcesFile, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: sourcesFile) }
        try await ServiceHarness.withService(["Data/objects.geojson"], configure: { $0.roads = [try! DatasetSource(argument: "helsinki=Data/roads.geojson")] }) { client in
            let all = try await client.sendPatiently(.post, "/matrix", body: #"{"roads": "helsinki", "places": \#(stops)}"#)
            #expect(all.status == .ok, "\(all.body.prefix(300))")
            await #expect(all.body == (try commandOutput(["matrix", "--roads", "Data/roads.geojson", "Data/stops.geojson"])))
            let some = try await client.sendPatiently(
                .post, "/matrix", body: #"{"roads": "helsinki", "metric": "duration", "sources": \#(sources), "targets": \#(stops)}"#)
            #expect(some.status == .ok, "\(some.body.prefix(300))")
            await #expect(some.body == (try commandOutput(
                ["matrix", "--roads", "Data/roads.geojson", "--metric", "duration", "--sources", sourcesFile.path, "--targets", "Data/stops.geojson"])))
            // With a turn forbidden, as mapctl matrix --restrictions.
            let restrictions = #"{"type":"FeatureCollection","features":[{"type":"Feature","properties":{"restriction":"no_left_turn","from":"way/29689101","via":313959319,"to":"way/45150440"},"geometry":null}]}"#
            let restrictionsFile = FileManager.default.temporaryDirectory.appendingPathComponent("restrictions-\(UUID()).geojson")
            try restrictions.write(to: restrictionsFile, atomically: true, encoding: .utf8)
            defer { try? FileManager.default.removeItem(at: restrictionsFile) }
            let restricted = try await client.sendPatiently(.post, "/matrix", body: #"{"roads": "helsinki", "places": \#(stops), "restrictions": \#(restrictions)}"#)
            #expect(restricted.status == .ok, "\(restricted.body.prefix(300))")
            await #expect(restricted.body == (try commandOutput(["matrix", "--roads", "Data/roads.geojson", "--restrictions", restrictionsFile.path, "Data/stops.geojson"])))
            let line = #"{"type":"FeatureCollection","features":[{"type":"Feature","properties":{},"geometry":{"type":"LineString","coordinates":[[24.93,60.16],[24.94,60.17]]}}]}"#
            let notAPoint = try await client.sendPatiently(.post, "/matrix", body: #"{"roads": "helsinki", "places": \#(line)}"#)
            #expect(notAPoint.status == .badRequest)
            #expect(notAPoint.body.contains("places: features[0]: a matrix place must be a Point, found LineString"), "\(notAPoint.body)")
            let metric = try await client.sendPatiently(.post, "/matrix", body: #"{"roads": "helsinki", "metric": "speed", "places": \#(sources)}"#)
            #expect(metric.status == .badRequest && metric.body.contains("distance"), "\(metric.body)")
            // The positions form answers as before (the file mapctl route --matrix reads).
            let positions = try await client.sendPatiently(.post, "/matrix", body: #"{"roads": "helsinki", "positions": [[24.9384, 60.1699], [24.9525, 60.1675]]}"#)
            #expect(positions.status == .ok && positions.body.hasPrefix(#"{"distances":[[0,"#), "\(positions.body)")
        }
    }
}
