import Foundation
import TestSupport
import Testing

/// `mapctl route` run as a user would: output, determinism and exit statuses.
@Suite("mapctl route")
struct RouteCommandTests {
    static func json(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    static func features(_ text: String) throws -> [[String: Any]] {
        try #require(try json(text)["features"] as? [[String: Any]])
    }

    static func properties(_ feature: [String: Any]) -> [String: Any] { feature["properties"] as? [String: Any] ?? [:] }

    /// A temporary file with `text`, removed by the caller.
    static func temporaryFile(_ text: String, suffix: String) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("route-\(UUID().uuidString)\(suffix)").path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    static let threeStops = """
        {"type":"FeatureCollection","features":[
        {"type":"Feature","id":"far","properties":{"items":2},"geometry":{"type":"Point","coordinates":[24.96,60.17]}},
        {"type":"Feature","id":"near","properties":{},"geometry":{"type":"Point","coordinates":[24.94,60.17]}},
        {"type":"Feature","id":"mid","properties":{},"geometry":{"type":"Point","coordinates":[24.95,60.17]}},
        {"type":"Feature","id":"near-again","properties":{"items":4},"geometry":{"type":"Point","coordinates":[24.94,60.17]}}]}
        """

    @Test func sampleStopsGiveADeterministicRoundTrip() throws {
        let arguments = ["route", "--start", "24.9384,60.1699", "--round-trip", "--iterations", "200", "Data/stops.geojson"]
        let result = try MapctlProcess.run(arguments)
        #expect(result.status == 0, "\(result.standardError)")
        let features = try Self.features(result.standardOutput)
        let route = Self.properties(features[0])
        #expect(route["role"] as? String == "route")
        #expect(route["stop_count"] as? Int == 200)
        #expect((route["distance_m"] as? Double ?? 0) > 1000)
        #expect(route["color"] as? String == "#5899DA")
        let stops = features.filter { Self.properties($0)["role"] as? String == "stop" }
        #expect(stops.map { Self.properties($0)["sequence"] as? Int } == Array(1...200))
        let again = try MapctlProcess.run(arguments)
        #expect(again.standardOutput == result.standardOutput)
    }

    @Test("the route's label says its distance in --units, metric by default; the numbers stay metres")
    func labelSaysTheDistanceInTheChosenUnits() throws {
        let arguments = ["route", "--start", "24.9384,60.1699", "--round-trip", "--iterations", "200", "Data/stops.geojson"]
        let metric = try MapctlProcess.run(arguments)
        let imperial = try MapctlProcess.run(arguments + ["--units", "imperial"])
        #expect(metric.status == 0 && imperial.status == 0, "\(metric.standardError)\(imperial.standardError)")
        let metricRoute = Self.properties(try Self.features(metric.standardOutput)[0])
        let imperialRoute = Self.properties(try Self.features(imperial.standardOutput)[0])
        let metres = try #require(metricRoute["distance_m"] as? Double)
        #expect(imperialRoute["distance_m"] as? Double == metres)
        let metricLabel = try #require(metricRoute["label"] as? String)
        let imperialLabel = try #require(imperialRoute["label"] as? String)
        // Data/stops.geojson: 200 stops, 584 items, some 14 km round Helsinki.
        #expect(metricLabel.hasPrefix("200 stops · 584 items · \(String(format: "%.1f", metres / 1000)) km · "), "\(metricLabel)")
        #expect(imperialLabel.hasPrefix("200 stops · 584 items · \(String(format: "%.1f", metres / 1609.344)) mi · "), "\(imperialLabel)")
        // Only the label differs.
        #expect(imperial.standardOutput.replacingOccurrences(of: imperialLabel, with: metricLabel) == metric.standardOutput)
        let wrong = try MapctlProcess.run(arguments + ["--units", "nautical"])
        #expect(wrong.status == 64 && wrong.standardError.contains("--units"), "\(wrong.standardError)")
    }

    @Test func sameLocationObjectsMergeAndTheOrderIsOptimal() throws {
        let result = try MapctlProcess.run(["route", "--start", "24.93,60.17", "-"], input: Data(Self.threeStops.utf8))
        #expect(result.status == 0, "\(result.standardError)")
        let features = try Self.features(result.standardOutput)
        let route = Self.properties(features[0])
        #expect(route["stop_count"] as? Int == 3)
        #expect(route["item_count"] as? Int == 8)
        #expect(route["proven_optimal"] as? Bool == true)
        let stops = features.filter { Self.properties($0)["role"] as? String == "stop" }
        #expect(stops.map { Self.properties($0)["object_ids"] as? [String] } == [["near", "near-again"], ["mid"], ["far"]])
        #expect(stops.map { Self.properties($0)["items"] as? Int } == [5, 1, 2])
    }

    @Test func matrixFileSetsTheCostsAndNullIsUnreachable() throws {
        // Places: start, far, near, mid. The matrix makes start → far → mid → near cost 3
        // and forbids near → mid.
        let matrix = try Self.temporaryFile("""
            {"distances": [[0, 1, 50, 50], [1, 0, 50, 1], [50, 50, 0, null], [50, 1, 1, 0]]}
            """, suffix: ".json")
        defer { try? FileManager.default.removeItem(atPath: matrix) }
        let input = try Self.temporaryFile(Self.threeStops, suffix: ".geojson")
        defer { try? FileManager.default.removeItem(atPath: input) }
        let result = try MapctlProcess.run(["route", "--start", "24.93,60.17", "--matrix", matrix, input])
        #expect(result.status == 0, "\(result.standardError)")
        let features = try Self.features(result.standardOutput)
        let stops = features.filter { Self.properties($0)["role"] as? String == "stop" }
        #expect(stops.map { (Self.properties($0)["object_ids"] as? [String])?.first } == ["far", "mid", "near"])
        #expect(Self.properties(features[0])["distance_m"] as? Double == 3)

        let isolated = try Self.temporaryFile("""
            {"distances": [[0, 1, null, 50], [1, 0, null, 1], [50, 50, 0, 1], [50, 1, null, 0]]}
            """, suffix: ".json")
        defer { try? FileManager.default.removeItem(atPath: isolated) }
        let unreachable = try MapctlProcess.run(["route", "--start", "24.93,60.17", "--matrix", isolated, input])
        #expect(unreachable.status == 65)
        #expect(unreachable.standardError.contains("stop 2 (near, near-again) cannot be reached"), "\(unreachable.standardError)")

        let wrongSize = try Self.temporaryFile(#"{"distances": [[0, 1], [1, 0]]}"#, suffix: ".json")
        defer { try? FileManager.default.removeItem(atPath: wrongSize) }
        let bad = try MapctlProcess.run(["route", "--matrix", wrongSize, input])
        #expect(bad.status == 65)
        #expect(bad.standardError.contains("3 rows"))
    }

    @Test func badInputGetsTheDocumentedExitStatus() throws {
        let empty = try MapctlProcess.run(["route", "-"], input: Data(#"{"type":"FeatureCollection","features":[]}"#.utf8))
        #expect(empty.status == 65 && empty.standardError.contains("no stops"))
        let missing = try MapctlProcess.run(["route", "no-such-file.geojson"])
        #expect(missing.status == 66)
        let notANumber = try MapctlProcess.run(["route", "--start", "24.9,nan", "Data/stops.geojson"])
        #expect(notANumber.status == 64 && notANumber.standardError.contains("latitude"))
        let both = try MapctlProcess.run(["route", "--end", "24.9,60.1", "--round-trip", "Data/stops.geojson"])
        #expect(both.status == 64)
        let line = try MapctlProcess.run(["route", "-"], input: Data("""
            {"type":"Feature","properties":{},"geometry":{"type":"LineString","coordinates":[[1,2],[3,4]]}}
            """.utf8))
        #expect(line.status == 65 && line.standardError.contains("must be a Point"))
    }

    @Test func firstAndLastObjectsBoundTheOrder() throws {
        let result = try MapctlProcess.run(
            ["route", "--start", "24.93,60.17", "--first", "far", "--last", "near-again", "-"], input: Data(Self.threeStops.utf8))
        #expect(result.status == 0, "\(result.standardError)")
        let stops = try Self.features(result.standardOutput).filter { Self.properties($0)["role"] as? String == "stop" }
        #expect(stops.map { (Self.properties($0)["object_ids"] as? [String])?.first } == ["far", "mid", "near"])
        let unknown = try MapctlProcess.run(["route", "--first", "nobody", "-"], input: Data(Self.threeStops.utf8))
        #expect(unknown.status == 65 && unknown.standardError.contains("nobody"))
    }

    @Test func oneStopIsARouteToIt() throws {
        let input = #"{"type":"Feature","id":7,"properties":{},"geometry":{"type":"Point","coordinates":[24.94,60.17]}}"#
        let result = try MapctlProcess.run(["route", "--start", "24.93,60.17", "-"], input: Data(input.utf8))
        #expect(result.status == 0, "\(result.standardError)")
        let features = try Self.features(result.standardOutput)
        #expect(Self.properties(features[0])["stop_count"] as? Int == 1)
        #expect((Self.properties(features[0])["distance_m"] as? Double ?? 0) > 500)
        let alone = try MapctlProcess.run(["route", "-"], input: Data(input.utf8))
        #expect(alone.status == 0)
        #expect(Self.properties(try Self.features(alone.standardOutput)[0])["distance_m"] as? Double == 0)
    }
}
