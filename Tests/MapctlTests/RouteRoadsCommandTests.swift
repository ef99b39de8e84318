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

    /// Several vehicles on the roads: each route's line runs along the streets (its first leg is
    /// the line `mapctl directions` gives from the vehicle's start to its first stop), and its
    /// length (measured here on a sphere) is the route's road distance.
    @Test func fleetRoutesFollowTheStreets() throws {
        let result = try MapctlProcess.run([
            "route", "--vehicles", "Data/vehicles.json", "--roads", "Data/roads.geojson", "--iterations", "200",
            "--time-limit", "60s", "Data/stops.geojson",
        ])
        #expect(result.status == 0, "\(result.standardError)")
        let collection = try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as! [String: Any]
        let features = try #require(collection["features"] as? [[String: Any]])
        func properties(_ feature: [String: Any]) -> [String: Any] { feature["properties"] as? [String: Any] ?? [:] }
        func coordinates(_ feature: [String: Any]) -> [[Double]] { (feature["geometry"] as? [String: Any])?["coordinates"] as? [[Double]] ?? [] }
        func point(_ feature: [String: Any]) -> String {
            let position = (feature["geometry"] as! [String: Any])["coordinates"] as! [Double]
            return "\(position[0]),\(position[1])"
        }
        func metres(_ a: [Double], _ b: [Double]) -> Double {
            let radians = Double.pi / 180, latitude = (a[1] + b[1]) / 2 * radians
            let east = (b[0] - a[0]) * radians * cos(latitude), north = (b[1] - a[1]) * radians
            return 6_371_008.8 * (east * east + north * north).squareRoot()
        }
        let routes = features.filter { properties($0)["role"] as? String == "route" }
        #expect(routes.count >= 2)
        for route in routes {
            let line = coordinates(route), name = properties(route)["route"] as? String
            let ofRoute = features.filter { properties($0)["route"] as? String == name }
            let stops = ofRoute.filter { properties($0)["role"] as? String == "stop" }
            #expect(line.count > 3 * (stops.count + 2), "\(name ?? ""): \(line.count) vertices for \(stops.count) stops")
            let start = try #require(ofRoute.first { properties($0)["role"] as? String == "start" })
            let first = try #require(stops.first { properties($0)["sequence"] as? Double == 1 })
            let directions = try MapctlProcess.run([
                "directions", "--roads", "Data/roads.geojson", "--by", "distance", "--from", point(start), "--to", point(first),
            ])
            let leg = coordinates(try JSONSerialization.jsonObject(with: Data(directions.standardOutput.utf8)) as! [String: Any])
            #expect(leg.count > 1 && Array(line.prefix(leg.count)) == leg, "\(name ?? ""): the first leg is not the directions' line")
            let length = zip(line, line.dropFirst()).reduce(0) { $0 + metres($1.0, $1.1) }
            let distance = try #require(properties(route)["distance_m"] as? Double)
            #expect(abs(length - distance) <= 0.02 * distance, "\(name ?? ""): line \(length) m, route \(distance) m")
        }
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
