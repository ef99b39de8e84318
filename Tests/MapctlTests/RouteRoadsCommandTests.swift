import Foundation
import TestSupport
import Testing

/// `mapctl route --roads`: the sample stops ordered by road costs, the line along the streets.
@Suite struct RouteRoadsCommandTests {
    private func routeFeature(_ output: String) throws -> (properties: [String: Any], coordinates: [[Double]]) {
        let collection = try JSONSerialization.jsonObject(with: Data(output.utf8)) as! [String: Any]
        let features = try #require(collection["features"] as? [[String: Any]])
        let route = try #require(features.first { ($0["properties"] as? [String: Any])?["role"] as? String == "route" })
        let geometry = try #require(route["geometry"] as? [String: Any])
        return (route["properties"] as! [String: Any], geometry["coordinates"] as! [[Double]])
    }

    @Test func routeFollowsTheStreets() throws {
        let common = ["route", "--start", "24.9384,60.1699", "--round-trip", "--iterations", "300", "--objective", "duration"]
        let roads = try MapctlProcess.run(common + ["--roads", "Data/roads.geojson", "Data/stops.geojson"])
        #expect(roads.status == 0, "\(roads.standardError)")
        let straight = try MapctlProcess.run(common + ["Data/stops.geojson"])
        #expect(straight.status == 0, "\(straight.standardError)")
        let onRoads = try routeFeature(roads.standardOutput), direct = try routeFeature(straight.standardOutput)
        // Straight segments: one vertex per stop (plus start and return); along the roads, many more.
        #expect(direct.coordinates.count <= 202)
        #expect(onRoads.coordinates.count > 2 * direct.coordinates.count)
        #expect(onRoads.coordinates.first == onRoads.coordinates.last)
        let distance = try #require(onRoads.properties["distance_m"] as? Double)
        let duration = try #require(onRoads.properties["duration_s"] as? Double)
        #expect(onRoads.properties["stop_count"] as? Double == 200)
        // Helsinki city speeds are at most 50 km/h, and the roads are longer than straight lines.
        #expect(duration >= distance / (50 / 3.6) - 1)
        #expect(distance > 10_000)
    }

    @Test func roadsAndMatrixExcludeEachOther() throws {
        let result = try MapctlProcess.run([
            "route", "--roads", "Data/roads.geojson", "--matrix", "matrix.json", "Data/stops.geojson",
        ])
        #expect(result.status == 64)
        let missing = try MapctlProcess.run(["route", "--roads", "no-such-roads.geojson", "Data/stops.geojson"])
        #expect(missing.status == 66)
    }
}
