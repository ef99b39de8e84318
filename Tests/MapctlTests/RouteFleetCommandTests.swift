import Foundation
import TestSupport
import Testing

/// `mapctl route --vehicles FILE` run as a dispatcher would: routes per vehicle,
/// every stop once, reasons for stops left out, exit statuses.
@Suite("mapctl route --vehicles")
struct RouteFleetCommandTests {
    typealias Route = RouteCommandTests

    @Test func sampleFleetServesEveryStopOnceWithinCapacity() throws {
        let arguments = ["route", "--vehicles", "Data/vehicles.json", "--iterations", "100", "--time-limit", "60000", "Data/stops.geojson"]
        let result = try MapctlProcess.run(arguments)
        #expect(result.status == 0, "\(result.standardError)")
        let features = try Route.features(result.standardOutput)
        let routes = features.map(Route.properties).filter { $0["role"] as? String == "route" }
        let stops = features.map(Route.properties).filter { $0["role"] as? String == "stop" }
        #expect(routes.count == 4)
        #expect(Set(routes.compactMap { $0["color"] as? String }).count == routes.count, "a distinct colour per route")
        let capacities = ["van-1": 160, "van-2": 160, "van-3": 160, "bike-4": 120]
        for route in routes {
            let name = try #require(route["route"] as? String)
            let load = try #require(route["load"] as? Int)
            #expect(load <= capacities[name] ?? 0, "\(name) carries \(load)")
            let own = stops.filter { $0["route"] as? String == name }
            #expect(own.count == route["stop_count"] as? Int)
            #expect(own.reduce(0) { $0 + ($1["items"] as? Int ?? 0) } == load)
            #expect(own.compactMap { $0["sequence"] as? Int } == Array(1...own.count))
            for stop in own {
                let arrival = try #require(stop["arrival_s"] as? Double), departure = try #require(stop["departure_s"] as? Double)
                #expect(arrival <= departure)
            }
        }
        #expect(stops.count == 200)
        #expect(Set(stops.compactMap { $0["id"] as? String }).count == 200, "every stop exactly once")
        let again = try MapctlProcess.run(arguments)
        #expect(again.standardOutput == result.standardOutput, "same input and seed, same answer")
    }

    @Test func stopsThatFitNowhereAreListedWithTheReason() throws {
        let stops = try Route.temporaryFile("""
            {"type":"FeatureCollection","features":[
            {"type":"Feature","properties":{"id":"a","items":2},"geometry":{"type":"Point","coordinates":[24.95,60.17]}},
            {"type":"Feature","properties":{"id":"b","skills":["crane"]},"geometry":{"type":"Point","coordinates":[24.96,60.17]}},
            {"type":"Feature","properties":{"id":"c","time_windows":[[36000,36600]],"service_s":300},"geometry":{"type":"Point","coordinates":[24.94,60.18]}}]}
            """, suffix: ".geojson")
        let vehicles = try Route.temporaryFile("""
            [{"id":"w1","start":[24.9384,60.1699],"capacity":5,"shift":[28800,57600]}]
            """, suffix: ".json")
        defer { for path in [stops, vehicles] { try? FileManager.default.removeItem(atPath: path) } }
        let result = try MapctlProcess.run(["route", "--vehicles", vehicles, stops])
        #expect(result.status == 0, "\(result.standardError)")
        let properties = try Route.features(result.standardOutput).map(Route.properties)
        let unassigned = properties.filter { $0["role"] as? String == "unassigned" }
        #expect(unassigned.map { $0["id"] as? String } == ["b"])
        #expect(unassigned.first?["reason"] as? String == "skills")
        #expect(result.standardError.contains("stop b is not served"))
        let timed = try #require(properties.first { $0["id"] as? String == "c" && $0["role"] as? String == "stop" })
        #expect(timed["service_start_s"] as? Double == 36000)
        #expect(timed["departure_s"] as? Double == 36300)
    }

    @Test func roadCostsServeEveryStop() throws {
        let result = try MapctlProcess.run([
            "route", "--vehicles", "Data/vehicles.json", "--roads", "Data/roads.geojson", "--iterations", "20",
            "--time-limit", "60000", "Data/stops.geojson",
        ])
        #expect(result.status == 0, "\(result.standardError)")
        let properties = try Route.features(result.standardOutput).map(Route.properties)
        let stops = properties.filter { $0["role"] as? String == "stop" || $0["role"] as? String == "unassigned" }
        #expect(Set(stops.compactMap { $0["id"] as? String }).count == 200, "every stop served once or reported")
        let straight = try MapctlProcess.run([
            "route", "--vehicles", "Data/vehicles.json", "--iterations", "20", "--time-limit", "60000", "Data/stops.geojson",
        ])
        #expect(straight.standardOutput != result.standardOutput, "road costs change the answer")
    }

    @Test func weightsRouteLimitsAndCostsShowOnTheRoutes() throws {
        // The sample stops with a weight each (1 to 30 kg, from their order), vans limited
        // in items and weight, in duration and distance, and priced; the truck's driver has a break.
        let sample = try Route.json(String(contentsOfFile: "Data/stops.geojson", encoding: .utf8))
        var features = try #require(sample["features"] as? [[String: Any]])
        var weights: [String: Double] = [:]
        for index in features.indices {
            var properties = Route.properties(features[index])
            let weight = Double(index * 7 % 30 + 1)
            properties["weight"] = weight
            weights[properties["id"] as? String ?? ""] = weight
            features[index]["properties"] = properties
        }
        let stops = try Route.temporaryFile(
            String(decoding: try JSONSerialization.data(withJSONObject: ["type": "FeatureCollection", "features": features]), as: UTF8.self),
            suffix: ".geojson")
        let vehicles = try Route.temporaryFile("""
            {"vehicles": [
              {"id": "van-1", "start": [24.9384, 60.1699], "capacity": {"items": 160, "weight": 900}, "max_duration": 14400, "max_distance": 40000, "costs": {"fixed": 20, "per_km": 0.5, "per_hour": 30}},
              {"id": "van-2", "start": [24.9384, 60.1699], "capacity": {"items": 160, "weight": 900}, "max_duration": 14400, "max_distance": 40000, "costs": {"fixed": 20, "per_km": 0.5, "per_hour": 30}},
              {"id": "van-3", "start": [24.9384, 60.1699], "capacity": {"items": 160, "weight": 900}, "max_duration": 14400, "max_distance": 40000, "costs": {"fixed": 20, "per_km": 0.5, "per_hour": 30}},
              {"id": "truck", "start": [24.9384, 60.1699], "capacity": {"items": 400, "weight": 2500}, "max_duration": 28800, "costs": {"fixed": 60, "per_km": 1.2, "per_hour": 45},
               "shift": [28800, 64800], "breaks": [{"window": [29400, 30000], "duration": 900}]}
            ]}
            """, suffix: ".json")
        defer { for path in [stops, vehicles] { try? FileManager.default.removeItem(atPath: path) } }
        let result = try MapctlProcess.run(["route", "--vehicles", vehicles, "--iterations", "100", "--time-limit", "60000", stops])
        #expect(result.status == 0, "\(result.standardError)")
        let collection = try Route.json(result.standardOutput)
        let properties = try #require(collection["features"] as? [[String: Any]]).map(Route.properties)
        let routes = properties.filter { $0["role"] as? String == "route" }
        let served = properties.filter { $0["role"] as? String == "stop" }
        #expect(routes.contains { $0["route"] as? String == "truck" }, "the vans alone lack room")
        #expect(served.count + properties.filter { $0["role"] as? String == "unassigned" }.count == 200)
        var totalCost = 0.0
        for route in routes {
            let name = try #require(route["route"] as? String)
            let truck = name == "truck"
            let weight = try #require(route["load_weight"] as? Double)
            let own = served.filter { $0["route"] as? String == name }
            let expected = own.reduce(0.0) { $0 + (weights[$1["id"] as? String ?? ""] ?? 0) }
            #expect(abs(weight - expected) < 1e-6, "\(name): load_weight \(weight), its stops weigh \(expected)")
            #expect(weight <= (truck ? 2500 : 900))
            #expect(try #require(route["load"] as? Int) <= (truck ? 400 : 160))
            let duration = try #require(route["duration_s"] as? Double), distance = try #require(route["distance_m"] as? Double)
            #expect(duration <= (truck ? 28800 : 14400))
            if !truck { #expect(distance <= 40000) }
            let cost = try #require(route["cost"] as? Double)
            let rates = truck ? (60.0, 1.2, 45.0) : (20.0, 0.5, 30.0)
            #expect(abs(cost - (rates.0 + rates.1 * distance / 1000 + rates.2 * duration / 3600)) < 0.05, "\(name) cost \(cost)")
            totalCost += cost
            if truck {
                let breaks = try #require(route["breaks"] as? [[String: Any]])
                #expect(breaks.count == 1)
                let start = try #require(breaks.first?["start_s"] as? Double), end = try #require(breaks.first?["end_s"] as? Double)
                #expect((29400...30000).contains(start) && end == start + 900)
                let after = try #require(breaks.first?["after"] as? String)
                #expect(after == "start" || own.contains { $0["id"] as? String == after }, "after \(after)")
            } else {
                #expect(route["breaks"] == nil)
            }
        }
        let plan = try #require(collection["plan"] as? [String: Any])
        #expect(abs(try #require(plan["cost"] as? Double) - totalCost) < 0.05)
        #expect(plan["route_count"] as? Int == routes.count)
    }

    @Test func badVehiclesFilesGetClearErrors() throws {
        let missing = try MapctlProcess.run(["route", "--vehicles", "/nonexistent/vehicles.json", "Data/stops.geojson"])
        #expect(missing.status == 66)
        let broken = try Route.temporaryFile("[{\"id\":\"v\",\"start\":[200,60]}]", suffix: ".json")
        defer { try? FileManager.default.removeItem(atPath: broken) }
        let bad = try MapctlProcess.run(["route", "--vehicles", broken, "Data/stops.geojson"])
        #expect(bad.status == 65)
        #expect(bad.standardError.contains(":1:21: [0].start[0]: longitude 200.0 is outside -180…180"), "\(bad.standardError)")
        let usage = try MapctlProcess.run(["route", "--vehicles", broken, "--start", "24.9,60.1", "Data/stops.geojson"])
        #expect(usage.status == 64)
    }
}
