import Foundation
import TestSupport
import Testing

/// `mapctl route` on thousands of GeoNames places around the world: memory grows with the stops, not their
/// square, and the whole command ends within its --time-limit. Before, 5,000 stops took
/// 606–620 MB and 9.5–27 s whatever the limit (the n² matrices came first).
@Suite("Routes of thousands of stops")
struct LargeRouteTests {
    /// A seeded sample of `count` of the 34,024 GeoNames places of 15,000 people or more.
    static func placesFile(_ count: Int) throws -> (path: String, ids: Set<String>) {
        let root = try JSONSerialization.jsonObject(with: SharedData.data("real/places_15000.geojson")) as! [String: Any]
        var random = SeededGenerator(seed: UInt64(count))
        let chosen = (root["features"] as! [[String: Any]]).shuffled(using: &random).prefix(count)
        let features: [[String: Any]] = chosen.map {
            ["type": "Feature", "id": ($0["properties"] as! [String: Any])["id"]!, "properties": [:] as [String: Any],
             "geometry": $0["geometry"]!]
        }
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("places-\(count)-\(UUID().uuidString).geojson").path
        try JSONSerialization.data(withJSONObject: ["type": "FeatureCollection", "features": features]).write(to: URL(fileURLWithPath: path))
        return (path, Set(features.map { $0["id"] as! String }))
    }

    /// Runs `arguments` and `searching` (options only the timed run takes) with `--time-limit 3s`
    /// and expects it to end within the limit, reading, costs and writing included, with 10 % and
    /// process start on top. A debug build on a loaded CI machine can need longer than the limit
    /// for the setup alone; then the search must stop right after it, so the run may do no more
    /// work than the setup: the same command with `setup` (options that end the search at once,
    /// by default a 1 ms limit). Work is CPU time, not wall time, which the suite's other tests
    /// stretch by up to a third from one run to the next (a CI run saw 7.04 s against 5.44 s;
    /// here, beside two busy loops, 6.10 s against 5.66 s while the CPU time was 3.90 s and 3.76 s).
    static func runWithinLimit(
        _ arguments: [String], searching: [String] = [], setup setupOptions: [String] = ["--time-limit", "1ms"]
    ) throws -> MeasuredRun {
        let run = try MeasuredRun.mapctl(arguments + searching + ["--time-limit", "3s"])
        guard run.seconds > 3 * 1.1 + 0.3 else { return run }
        // Twice, the larger kept: under load the setup's ascent also ends at the deadline, earlier.
        let setups = try (0..<2).map { _ in try MeasuredRun.mapctl(arguments + setupOptions) }
        let setup = setups.max { $0.cpuSeconds < $1.cpuSeconds }!
        #expect(run.cpuSeconds <= setup.cpuSeconds * 1.2 + 0.5,
                "took \(run.seconds) s and \(run.cpuSeconds) s of CPU; the setup alone \(setup.seconds) s and \(setup.cpuSeconds) s of CPU")
        return run
    }

    /// The object ids of the route's stop Points.
    static func visitedIds(_ output: Data) throws -> [String] {
        let root = try #require(try JSONSerialization.jsonObject(with: output) as? [String: Any])
        return try #require(root["features"] as? [[String: Any]]).flatMap { feature -> [String] in
            let properties = feature["properties"] as? [String: Any] ?? [:]
            guard properties["sequence"] != nil else { return [] }
            return properties["object_ids"] as? [String] ?? []
        }
    }

    @Test("5,000 and 10,000 stops: every stop once, at most 300 MB, within the limit",
          .enabled(if: SharedData.isAvailable, SharedData.missingMessage), arguments: [5_000, 10_000])
    func thousandsOfStops(count: Int) throws {
        let (path, ids) = try Self.placesFile(count)
        defer { try? FileManager.default.removeItem(atPath: path) }
        // The setup is one kick under the same limit: the route's candidate lists depend on it
        // (20 nearest places for the α-nearness ascent that a 3 s limit pays for, 10 without),
        // and in a debug build the lists of 10,000 places alone take longer than 3 s.
        let run = try Self.runWithinLimit(
            ["route", "--round-trip", path], searching: ["--iterations", "100000000"], setup: ["--iterations", "1", "--time-limit", "3s"])
        #expect(run.status == 0)
        let visited = try Self.visitedIds(run.output)
        #expect(visited.count == ids.count && Set(visited) == ids)
        #expect(run.peakMegabytes <= 300, "peak \(run.peakMegabytes) MB")
    }
}
