import Foundation
import TestSupport
import Testing

/// `mapctl directions` on the Helsinki sample roads in `Data/`.
@Suite struct DirectionsCommandTests {
    private func json(_ text: String) throws -> [String: Any] {
        try JSONSerialization.jsonObject(with: Data(text.utf8)) as! [String: Any]
    }

    @Test func printsThePathAsAFeatureWithTotals() throws {
        let result = try MapctlProcess.run([
            "directions", "--roads", "Data/roads.geojson", "--from", "24.9384,60.1699", "--to", "24.9521,60.1675",
        ])
        #expect(result.status == 0, "\(result.standardError)")
        let feature = try json(result.standardOutput)
        let properties = try #require(feature["properties"] as? [String: Any])
        let geometry = try #require(feature["geometry"] as? [String: Any])
        #expect(geometry["type"] as? String == "LineString")
        let coordinates = try #require(geometry["coordinates"] as? [[Double]])
        #expect(coordinates.count > 10)
        let distance = try #require(properties["distance_m"] as? Double)
        let duration = try #require(properties["duration_s"] as? Double)
        // About 0.9 km apart as the crow flies; the streets are longer, and city speeds ≤ 50 km/h.
        #expect(distance > 850 && distance < 2_000)
        #expect(duration >= distance / (50 / 3.6) - 0.1)
        #expect(properties["by"] as? String == "time")
        // The line starts and ends at the snapped positions, near the ones asked for.
        #expect(abs(coordinates[0][0] - 24.9384) < 0.001 && abs(coordinates[0][1] - 60.1699) < 0.001)

        let shortest = try MapctlProcess.run([
            "directions", "--roads", "Data/roads.geojson", "--from", "24.9384,60.1699", "--to", "24.9521,60.1675",
            "--by", "distance",
        ])
        let shortestDistance = try #require(
            (try json(shortest.standardOutput)["properties"] as? [String: Any])?["distance_m"] as? Double)
        #expect(shortestDistance <= distance)
    }

    @Test func roadsFromStandardInput() throws {
        let roads = try Data(contentsOf: MapctlProcess.packageRoot.appendingPathComponent("Data/roads.geojson"))
        let arguments = ["directions", "--from", "24.9400,60.1750", "--to", "24.9460,60.1660"]
        let piped = try MapctlProcess.run(arguments + ["--roads", "-"], input: roads)
        #expect(piped.status == 0, "\(piped.standardError)")
        let fromFile = try MapctlProcess.run(arguments + ["--roads", "Data/roads.geojson"])
        #expect(piped.standardOutput == fromFile.standardOutput)
    }

    @Test func aPreparedNetworkGivesTheSameAnswer() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("helsinki-\(UUID()).roads").path
        defer { try? FileManager.default.removeItem(atPath: file) }
        let arguments = ["--from", "24.9400,60.1750", "--to", "24.9460,60.1660"]
        let first = try MapctlProcess.run(
            ["directions", "--roads", "Data/roads.geojson", "--save-prepared", file] + arguments)
        #expect(first.status == 0, "\(first.standardError)")
        let second = try MapctlProcess.run(["directions", "--roads", file] + arguments)
        #expect(second.status == 0, "\(second.standardError)")
        #expect(second.standardOutput == first.standardOutput)
        // A damaged prepared file is a clear error, not a crash.
        var bytes = try Data(contentsOf: URL(fileURLWithPath: file))
        bytes[bytes.count / 2] ^= 0xFF
        try bytes.write(to: URL(fileURLWithPath: file))
        let damaged = try MapctlProcess.run(["directions", "--roads", file] + arguments)
        #expect(damaged.status == 65)
        #expect(damaged.standardError.contains("checksum mismatch"))
    }

    @Test func aPositionFarFromTheRoadsIsNamed() throws {
        let result = try MapctlProcess.run([
            "directions", "--roads", "Data/roads.geojson", "--from", "24.9384,60.1699", "--to", "24.99,60.1675",
        ])
        #expect(result.status == 65)
        #expect(result.standardError.contains("--to [24.99,60.1675] is 2048 m from the nearest usable road"))
        #expect(result.standardOutput.isEmpty)
    }

    @Test func noPathIsAClearErrorNotAnInfiniteCost() throws {
        // A vertex of Pohjoisesplanadi (way/24336395/0), one way out of the extract's eastern edge:
        // snapped to that road, there is no way back into the city.
        let trapped = "24.9526419,60.1677926"
        let anyRoad = try MapctlProcess.run([
            "directions", "--roads", "Data/roads.geojson", "--snap-to-any-road", "--from", trapped,
            "--to", "24.9450,60.1700",
        ])
        #expect(anyRoad.status == 65)
        #expect(anyRoad.standardError.contains("no road path from --from [24.9526419,60.1677926] to --to [24.945,60.17]"))
        #expect(anyRoad.standardError.contains("way/24336395/0 (leading to or from a piece of 1 node cut off"))
        #expect(anyRoad.standardOutput.isEmpty)
        // By default the position snaps to the nearest road of the main network instead.
        let main = try MapctlProcess.run([
            "directions", "--roads", "Data/roads.geojson", "--from", trapped, "--to", "24.9450,60.1700",
        ])
        #expect(main.status == 0, "\(main.standardError)")
        #expect(!main.standardOutput.contains("nf"))
    }

    @Test func badOptionsAreUsageErrors() throws {
        for arguments in [
            ["--from", "24.9384", "--to", "24.95,60.17"],
            ["--from", "24.9384,91", "--to", "24.95,60.17"],
            ["--from", "24.93,60.16", "--to", "24.95,60.17", "--by", "fuel"],
            ["--from", "24.93,60.16", "--to", "24.95,60.17", "--max-snap-distance", "-3"],
        ] {
            let result = try MapctlProcess.run(["directions", "--roads", "Data/roads.geojson"] + arguments)
            #expect(result.status == 64, "\(arguments): \(result.standardError)")
        }
        let missing = try MapctlProcess.run([
            "directions", "--roads", "no-such-roads.geojson", "--from", "24.93,60.16", "--to", "24.95,60.17",
        ])
        #expect(missing.status == 66)
        let notRoads = try MapctlProcess.run([
            "directions", "--roads", "Data/stops.geojson", "--from", "24.93,60.16", "--to", "24.95,60.17",
        ])
        #expect(notRoads.status == 65)
        #expect(notRoads.standardError.contains("is not a road: it is a Point"))
    }
    private static let route = ["directions", "--roads", "Data/roads.geojson", "--from", "24.9384,60.1699", "--to", "24.9521,60.1675"]

    @Test func stepsArePropertiesOfTheLineAndPointsWithSteps() throws {
        let line = try MapctlProcess.run(Self.route)
        #expect(line.status == 0, "\(line.standardError)")
        let properties = try #require(try json(line.standardOutput)["properties"] as? [String: Any])
        let steps = try #require(properties["steps"] as? [[String: Any]])
        #expect(steps.first?["type"] as? String == "depart" && steps.last?["type"] as? String == "arrive")
        let points = try MapctlProcess.run(Self.route + ["--steps"])
        #expect(points.status == 0, "\(points.standardError)")
        let collection = try json(points.standardOutput)
        #expect(collection["type"] as? String == "FeatureCollection")
        #expect(collection["attribution"] as? String != nil)
        let features = try #require(collection["features"] as? [[String: Any]])
        #expect(features.count == steps.count)
        for (number, (feature, step)) in zip(features, steps).enumerated() {
            let geometry = try #require(feature["geometry"] as? [String: Any])
            #expect(geometry["type"] as? String == "Point")
            #expect(geometry["coordinates"] as? [Double] == step["location"] as? [Double])
            let pointProperties = try #require(feature["properties"] as? [String: Any])
            #expect(pointProperties["step"] as? Int == number + 1)
            #expect(pointProperties["instruction"] as? String == step["instruction"] as? String)
            #expect(pointProperties["distance_m"] as? Double == step["distance_m"] as? Double)
        }
    }

    @Test func textDirectionsInMetricAndImperialUnits() throws {
        let metric = try MapctlProcess.run(Self.route + ["--format", "text"])
        #expect(metric.status == 0, "\(metric.standardError)")
        let lines = metric.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("1. Head ") == true)
        #expect(lines.contains { $0.hasSuffix(" m") || $0.hasSuffix(" km") })
        #expect(lines.contains { $0.contains("Arrive at the destination on ") })
        #expect(lines.contains("© OpenStreetMap contributors, ODbL 1.0"))
        let imperial = try MapctlProcess.run(Self.route + ["--format", "text", "--units", "imperial"])
        #expect(imperial.status == 0, "\(imperial.standardError)")
        #expect(imperial.standardOutput.contains(" ft\n") && !imperial.standardOutput.contains(" m\n"))
        for bad in [["--steps", "--format", "text"], ["--units", "imperial"], ["--format", "pdf"], ["--format", "text", "--units", "furlongs"]] {
            let result = try MapctlProcess.run(Self.route + bad)
            #expect(result.status == 64, "\(bad): \(result.standardError)")
        }
    }

    /// The sample route from the railway station to the Market Square, checked by eye on a map
    /// of Data/roads.geojson: south-west a few metres on Kaivokatu, left down Mannerheimintie to
    /// Erottaja, a short unnamed link, east along Eteläesplanadi, then left into Eteläranta.
    @Test func textOfTheSampleRoute() throws {
        let result = try MapctlProcess.run(Self.route + ["--format", "text"])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput == """
            1. Head southwest on Kaivokatu — 8 m
            2. Turn left onto Mannerheimintie — 434 m
            3. Continue onto an unnamed road — 36 m
            4. Continue onto Eteläesplanadi — 512 m
            5. Continue slightly left onto Eteläranta — 12 m
            6. Arrive at the destination on Eteläranta
            Total: 1.0 km, 2 min
            © OpenStreetMap contributors, ODbL 1.0

            """)
    }

    @Test func aForbiddenTurnIsNotMade() throws {
        // The sample route's left turn from Kaivokatu into Mannerheimintie, forbidden.
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("restrictions-\(UUID()).geojson")
        defer { try? FileManager.default.removeItem(at: file) }
        try Data(#"""
            {"type":"FeatureCollection","features":[{"type":"Feature","properties":{"restriction":"no_left_turn",
             "from":"way/29689101","via":313959319,"to":"way/45150440"},"geometry":{"type":"Point","coordinates":[24.9382946,60.1698569]}}]}
            """#.utf8).write(to: file)
        let free = try MapctlProcess.run(Self.route + ["--format", "text"])
        #expect(free.standardOutput.contains("2. Turn left onto Mannerheimintie"))
        let restricted = try MapctlProcess.run(Self.route + ["--format", "text", "--restrictions", file.path])
        #expect(restricted.status == 0, "\(restricted.standardError)")
        #expect(!restricted.standardOutput.contains("Turn left onto Mannerheimintie"), "\(restricted.standardOutput)")
        // The matrix between the same two places goes round too: the restricted directions' time.
        let places = FileManager.default.temporaryDirectory.appendingPathComponent("places-\(UUID()).geojson")
        defer { try? FileManager.default.removeItem(at: places) }
        try Data(#"{"type":"FeatureCollection","features":[{"type":"Feature","id":"a","properties":{},"geometry":{"type":"Point","coordinates":[24.9384,60.1699]}},{"type":"Feature","id":"b","properties":{},"geometry":{"type":"Point","coordinates":[24.9521,60.1675]}}]}"#.utf8).write(to: places)
        let matrix = ["matrix", "--roads", "Data/roads.geojson", "--metric", "duration", places.path]
        let restrictedLine = try MapctlProcess.run(Self.route + ["--restrictions", file.path])
        let seconds = try #require(restrictedLine.standardOutput.firstMatch(of: /"duration_s":([0-9.]+)/)?.1)
        let restrictedMatrix = try MapctlProcess.run(matrix + ["--restrictions", file.path])
        #expect(restrictedMatrix.status == 0, "\(restrictedMatrix.standardError)")
        #expect(restrictedMatrix.standardOutput.contains(#""durations":[[0,\#(seconds)],"#), "\(restrictedMatrix.standardOutput) vs \(seconds)")
        #expect(try MapctlProcess.run(matrix).standardOutput != restrictedMatrix.standardOutput)
        // A route from the same start to the same place goes round as well.
        let route = ["route", "--roads", "Data/roads.geojson", "--objective", "duration", "--start", "24.9384,60.1699", "--restrictions", file.path]
        let routed = try MapctlProcess.run(route + ["-"], input: Data(#"{"type":"FeatureCollection","features":[{"type":"Feature","id":"b","properties":{},"geometry":{"type":"Point","coordinates":[24.9521,60.1675]}}]}"#.utf8))
        #expect(routed.status == 0, "\(routed.standardError)")
        #expect(routed.standardOutput.contains(#""duration_s":\#(seconds)"#), "\(routed.standardOutput.prefix(400)) vs \(seconds)")
        let alone = try MapctlProcess.run(["route", "--restrictions", file.path, "Data/stops.geojson"])
        #expect(alone.status == 64 && alone.standardError.contains("--restrictions goes with --roads"), "\(alone.standardError)")
        try Data(#"{"type":"Feature","properties":{"restriction":"no_left_turn","from":"way/1","via":2,"to":"way/3"},"geometry":null}"#.utf8)
            .write(to: file)
        let unknown = try MapctlProcess.run(Self.route + ["--restrictions", file.path])
        #expect(unknown.status == 65)
        #expect(unknown.standardError.contains("node 2 is not a node of the road network"))
    }

    @Test func aNetworkPreparedByAnEarlierVersionIsRefusedWithHowToPrepareItAgain() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("helsinki-\(UUID()).roads").path
        defer { try? FileManager.default.removeItem(atPath: file) }
        let prepared = try MapctlProcess.run(Self.route + ["--save-prepared", file])
        #expect(prepared.status == 0, "\(prepared.standardError)")
        var bytes = try Data(contentsOf: URL(fileURLWithPath: file))
        bytes[8] = 2  // the format version, after the 8-byte magic
        try bytes.write(to: URL(fileURLWithPath: file))
        let old = try MapctlProcess.run(["directions", "--roads", file, "--from", "24.9384,60.1699", "--to", "24.9521,60.1675"])
        #expect(old.status == 65)
        #expect(old.standardError.contains("file format version 2, written by an earlier mapctl"))
        #expect(old.standardError.contains("prepare the network again from its road layer (mapctl directions --roads ROADS.geojson --save-prepared FILE"))
    }
}
