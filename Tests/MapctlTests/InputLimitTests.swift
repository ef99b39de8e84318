import Foundation
import TestSupport
import Testing

/// Input that is endless or too large is refused at once with a message, never read until
/// memory runs out (`/dev/zero`, a huge file, `--max-input`).
@Suite("Input limits")
struct InputLimitTests {
    /// Refused at its first byte (the message says so), not after reading: a wall-clock bar of
    /// 2 s failed in a CI rehearsal on a loaded machine (3.1 s, mostly starting the process),
    /// so the clock only guards against a hang.
    @Test("/dev/zero is refused at its first byte by every command that reads GeoJSON", arguments: [
        ["convert", "/dev/zero"], ["cluster", "--zoom", "3", "/dev/zero"], ["query", "--search", "x", "/dev/zero"],
    ])
    func endlessZeroes(arguments: [String]) throws {
        let start = Date()
        let result = try MapctlProcess.run(arguments)
        #expect(Date().timeIntervalSince(start) < 30)
        #expect(result.status == 66 || result.status == 65)
        #expect(result.standardError.contains("/dev/zero: byte 1 is NUL"), "\(result.standardError)")
    }

    @Test("text that cannot be JSON on standard input is refused at its first byte")
    func notJSONOnStandardInput() throws {
        let result = try MapctlProcess.run(["convert", "-"], input: Data("hello, world".utf8))
        #expect(result.status != 0)
        #expect(result.standardError.contains("GeoJSON starts with '{'"), "\(result.standardError)")
    }

    @Test("--max-input refuses a larger file and names the limit; a large enough limit reads it")
    func maxInput() throws {
        let refused = try MapctlProcess.run(["convert", "--max-input", "64KiB", "Data/objects.geojson"])
        #expect(refused.status != 0)
        #expect(refused.standardOutput.isEmpty)
        #expect(refused.standardError.contains("larger than the input limit of 65536 bytes"), "\(refused.standardError)")
        let read = try MapctlProcess.run(["convert", "--max-input", "100MB", "Data/objects.geojson"])
        #expect(read.status == 0, "\(read.standardError)")
        let bad = try MapctlProcess.run(["convert", "--max-input", "lots", "Data/objects.geojson"])
        #expect(bad.status == 64)
    }

    /// Every command whose error message says "raise it with --max-input" takes that option.
    static let readingCommands: [[String]] = [
        ["convert"], ["measure"], ["cluster", "--zoom", "12"], ["query", "--search", "a"], ["extents", "--device", "ipad"],
        ["route", "--iterations", "10", "--time-limit", "60s"],
    ]

    /// Three named stops and one feature that is not GeoJSON (a ring of three positions).
    static let layerWithOneBadFeature = """
        {"type": "FeatureCollection", "features": [
        {"type": "Feature", "id": "a", "properties": {"name": "Kauppatori"}, "geometry": {"type": "Point", "coordinates": [24.9521, 60.1675]}},
        {"type": "Feature", "id": "bad", "properties": {}, "geometry": {"type": "Polygon", "coordinates": [[[24.94, 60.169], [24.941, 60.169], [24.941, 60.17]]]}},
        {"type": "Feature", "id": "b", "properties": {"name": "Rautatientori"}, "geometry": {"type": "Point", "coordinates": [24.9440, 60.1710]}},
        {"type": "Feature", "id": "c", "properties": {"name": "Kamppi"}, "geometry": {"type": "Point", "coordinates": [24.9316, 60.1690]}}
        ]}
        """

    @Test("--max-input and --lenient work the same in every command that reads a GeoJSON layer", arguments: readingCommands)
    func readingOptions(command: [String]) throws {
        let refused = try MapctlProcess.run(command + ["--max-input", "64KiB", "Data/objects.geojson"])
        #expect(refused.status != 0 && refused.standardOutput.isEmpty)
        #expect(refused.standardError.contains("larger than the input limit of 65536 bytes"), "\(refused.standardError)")
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("one-bad-\(UUID().uuidString).geojson")
        try Self.layerWithOneBadFeature.write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let strict = try MapctlProcess.run(command + [file.path])
        #expect(strict.status == 65 && strict.standardOutput.isEmpty, "\(strict.standardError)")
        #expect(strict.standardError.contains("features[1].geometry.coordinates[0]: needs at least 4 positions"), "\(strict.standardError)")
        let lenient = try MapctlProcess.run(command + ["--lenient", file.path])
        #expect(lenient.status == 0, "\(lenient.standardError)")
        #expect(lenient.standardError.contains("skipped feature 1 (id bad)"), "\(lenient.standardError)")
        #expect(!lenient.standardOutput.isEmpty)
    }

    @Test("validate and import take --max-input too (they have no --lenient: every feature is judged)", arguments: [
        ["validate"], ["import", "--postgres", "postgres://nobody@127.0.0.1:1/none", "--table", "t"],
    ])
    func inputLimitWithoutLenient(command: [String]) throws {
        let refused = try MapctlProcess.run(command + ["--max-input", "64KiB", "Data/objects.geojson"])
        #expect(refused.status != 0 && refused.standardOutput.isEmpty)
        #expect(refused.standardError.contains("larger than the input limit of 65536 bytes"), "\(refused.standardError)")
    }

    /// The road layer (355 KB), a prepared network and a vehicles file are inputs too: a
    /// limit that the 31 KB stop file passes refuses them, by name.
    @Test("--max-input also limits road networks, prepared networks and vehicle files", arguments: [
        ["matrix", "--roads", "Data/roads.geojson", "Data/stops.geojson"],
        ["directions", "--roads", "Data/roads.geojson", "--from", "24.94,60.17", "--to", "24.95,60.17"],
        ["route", "--roads", "Data/roads.geojson", "--iterations", "10", "Data/stops.geojson"],
        ["directions", "--roads", "PREPARED", "--from", "24.94,60.17", "--to", "24.95,60.17"],
    ])
    func roadsAndSideFiles(command: [String]) throws {
        let prepared = FileManager.default.temporaryDirectory.appendingPathComponent("roads-\(UUID().uuidString).map").path
        defer { try? FileManager.default.removeItem(atPath: prepared) }
        let arguments = command.map { $0 == "PREPARED" ? prepared : $0 }
        if command.contains("PREPARED") {
            let saved = try MapctlProcess.run(["directions", "--roads", "Data/roads.geojson", "--save-prepared", prepared,
                                               "--from", "24.94,60.17", "--to", "24.95,60.17"])
            #expect(saved.status == 0, "\(saved.standardError)")
        }
        let read = try MapctlProcess.run(arguments)
        #expect(read.status == 0, "\(read.standardError)")
        let refused = try MapctlProcess.run(arguments + ["--max-input", "64KiB"])
        #expect(refused.status != 0 && refused.standardOutput.isEmpty)
        let file = command.contains("PREPARED") ? prepared : "Data/roads.geojson"
        #expect(refused.standardError.contains("\(file): is larger than the input limit of 65536 bytes"), "\(refused.standardError)")
    }

    @Test("route --vehicles: a vehicles file over --max-input is refused by name")
    func vehiclesFile() throws {
        let padded = FileManager.default.temporaryDirectory.appendingPathComponent("vehicles-\(UUID().uuidString).json").path
        defer { try? FileManager.default.removeItem(atPath: padded) }
        let vehicles = try String(contentsOf: MapctlProcess.packageRoot.appendingPathComponent("Data/vehicles.json"), encoding: .utf8)
        try (vehicles + String(repeating: " ", count: 70_000)).write(toFile: padded, atomically: true, encoding: .utf8)
        let refused = try MapctlProcess.run(["route", "--vehicles", padded, "--max-input", "64KiB", "Data/stops.geojson"])
        #expect(refused.status != 0 && refused.standardOutput.isEmpty)
        #expect(refused.standardError.contains("\(padded): is larger than the input limit of 65536 bytes"), "\(refused.standardError)")
    }
}
