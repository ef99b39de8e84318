import Foundation
import TestSupport
import Testing

/// `mapctl matrix` on the Helsinki sample roads and stops in `Data/`.
@Suite struct MatrixCommandTests {
    private func object(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    private func temporaryFile(_ text: String) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("matrix-\(UUID()).geojson").path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// Every cell equals what `mapctl directions` prints for the pair (the same snapping, the
    /// same rounding): the shortest path's length, the fastest path's duration.
    @Test func cellsEqualDirectionsBetweenTheSameStops() throws {
        let stops = try object(String(contentsOf: MapctlProcess.packageRoot.appendingPathComponent("Data/stops.geojson"), encoding: .utf8))
        let features = Array(try #require(stops["features"] as? [[String: Any]]).prefix(5))
        let subset = try JSONSerialization.data(withJSONObject: ["type": "FeatureCollection", "features": features])
        let points = try temporaryFile(String(decoding: subset, as: UTF8.self))
        defer { try? FileManager.default.removeItem(atPath: points) }
        let result = try MapctlProcess.run(["matrix", "--roads", "Data/roads.geojson", points])
        #expect(result.status == 0, "\(result.standardError)")
        let table = try object(result.standardOutput)
        let ids = features.map { ($0["properties"] as! [String: Any])["id"] as! String }
        #expect(table["sources"] as? [String] == ids && table["targets"] as? [String] == ids)
        let distances = try #require(table["distances"] as? [[Double]])
        let durations = try #require(table["durations"] as? [[Double]])
        let positions = features.map { ($0["geometry"] as! [String: Any])["coordinates"] as! [Double] }
        for row in 0..<5 {
            for column in 0..<5 where row != column {
                let pair = ["--from", "\(positions[row][0]),\(positions[row][1])", "--to", "\(positions[column][0]),\(positions[column][1])"]
                for (by, cell, property) in [("distance", distances[row][column], "distance_m"), ("time", durations[row][column], "duration_s")] {
                    let directions = try MapctlProcess.run(["directions", "--roads", "Data/roads.geojson", "--by", by] + pair)
                    #expect(directions.status == 0, "\(directions.standardError)")
                    let properties = try #require(try object(directions.standardOutput)["properties"] as? [String: Any])
                    #expect(properties[property] as? Double == cell, "\(ids[row]) → \(ids[column]) by \(by)")
                }
            }
            #expect(distances[row][row] == 0 && durations[row][row] == 0)
        }
        // The road layer's attribution stays on the answer (ODbL).
        #expect(table["attribution"] as? String != nil)
    }

    @Test func sourcesTimesTargetsWithOneMetric() throws {
        let sources = try temporaryFile("""
            {"type":"FeatureCollection","features":[{"type":"Feature","id":7,"properties":{},"geometry":{"type":"Point","coordinates":[24.9384,60.1699]}}]}
            """)
        let targets = try temporaryFile("""
            {"type":"FeatureCollection","features":[
            {"type":"Feature","id":"a","properties":{},"geometry":{"type":"Point","coordinates":[24.9521,60.1675]}},
            {"type":"Feature","properties":{},"geometry":{"type":"Point","coordinates":[24.9400,60.1750]}}]}
            """)
        defer { for file in [sources, targets] { try? FileManager.default.removeItem(atPath: file) } }
        let result = try MapctlProcess.run(
            ["matrix", "--roads", "Data/roads.geojson", "--metric", "distance", "--sources", sources, "--targets", targets])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.hasPrefix(#"{"sources":[7],"targets":["a",null],"distances":[["#))
        let table = try object(result.standardOutput)
        #expect(table["durations"] == nil)
        #expect((table["distances"] as? [[Double]])?.map(\.count) == [2])
    }

    @Test func badInputIsNamed() throws {
        let line = try temporaryFile("""
            {"type":"FeatureCollection","features":[
            {"type":"Feature","properties":{},"geometry":{"type":"Point","coordinates":[24.9384,60.1699]}},
            {"type":"Feature","properties":{},"geometry":{"type":"LineString","coordinates":[[24.93,60.16],[24.94,60.17]]}}]}
            """)
        let far = try temporaryFile("""
            {"type":"FeatureCollection","features":[{"type":"Feature","id":"sea","properties":{},"geometry":{"type":"Point","coordinates":[24.9,60.0]}}]}
            """)
        defer { for file in [line, far] { try? FileManager.default.removeItem(atPath: file) } }
        let notAPoint = try MapctlProcess.run(["matrix", "--roads", "Data/roads.geojson", line])
        #expect(notAPoint.status == 65)
        #expect(notAPoint.standardError.contains("\(line): features[1]: a matrix place must be a Point, found LineString"), "\(notAPoint.standardError)")
        let missing = try MapctlProcess.run(["matrix", "--roads", "Data/roads.geojson", "/nonexistent/points.geojson"])
        #expect(missing.status == 66)
        #expect(missing.standardError.contains("/nonexistent/points.geojson"), "\(missing.standardError)")
        let metric = try MapctlProcess.run(["matrix", "--roads", "Data/roads.geojson", "--metric", "speed", far])
        #expect(metric.status == 64)
        #expect(metric.standardError.contains("'speed'") && metric.standardError.contains("both"), "\(metric.standardError)")
        let offRoad = try MapctlProcess.run(["matrix", "--roads", "Data/roads.geojson", far])
        #expect(offRoad.status == 65)
        #expect(offRoad.standardError.contains("\(far): features[0] (id sea) [24.9,60] is "), "\(offRoad.standardError)")
        let onlySources = try MapctlProcess.run(["matrix", "--roads", "Data/roads.geojson", "--sources", far])
        #expect(onlySources.status == 64)
        #expect(onlySources.standardError.contains("--sources FILE and --targets FILE"), "\(onlySources.standardError)")
    }
}
