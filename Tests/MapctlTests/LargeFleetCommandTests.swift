import Foundation
import TestSupport
import Testing

/// `mapctl route --vehicles` on thousands of stops: above 5,500 places memory grows with the
/// stops, not their square. Before, 6,000 stops took 620 MB (two n² matrices) and 10,000 stops
/// 1.66 GB.
@Suite("Fleets of thousands of stops, the whole command")
struct LargeFleetCommandTests {
    @Test("6,000 stops and 65 vans: every stop served, at most 300 MB, within the limit")
    func sixThousandStops() throws {
        var random = SeededGenerator(seed: 5)
        // Seeded stops over Berlin and vans of 110 items from Alexanderplatz, as Benchmarks/vrp/large_fleet.sh.
        let features = (0..<6_000).map { index in
            #"{"type":"Feature","id":"s\#(index)","properties":{},"geometry":{"type":"Point","coordinates":[\#(13 + 0.8 * random.unit()),\#(52.3 + 0.45 * random.unit())]}}"#
        }
        let vans = (0..<65).map { #"{"id":"van-\#($0)","start":[13.4132,52.5219],"capacity":110}"# }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("large-fleet-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let stops = folder.appendingPathComponent("stops.geojson"), vehicles = folder.appendingPathComponent("vans.json")
        try Data(#"{"type":"FeatureCollection","features":[\#(features.joined(separator: ","))]}"#.utf8).write(to: stops)
        try Data(#"{"vehicles":[\#(vans.joined(separator: ","))]}"#.utf8).write(to: vehicles)

        let run = try LargeRouteTests.runWithinLimit(["route", "--vehicles", vehicles.path, stops.path])
        #expect(run.status == 0)
        let root = try #require(try JSONSerialization.jsonObject(with: run.output) as? [String: Any])
        let served = try #require(root["features"] as? [[String: Any]]).filter {
            ($0["properties"] as? [String: Any])?["sequence"] != nil
        }
        #expect(served.count == 6_000)
        #expect(run.peakMegabytes <= 300, "peak \(run.peakMegabytes) MB")
    }
}
