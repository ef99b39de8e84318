import Foundation
import TestSupport
import Testing

/// Every command's output on the sample data, byte for byte, against what was recorded in
/// `Tests/Fixtures/golden.txt` (length and FNV-1a 64 digest per command, so that 3 MB of answers
/// do not sit in the repository): a refactoring that moves logic between mapctl and the libraries
/// must not change an answer by accident. After an intended change, record again with
/// `MAPENGINE_RECORD_GOLDEN=1 swift test --filter GoldenOutputTests` and say why in the commit.
@Suite("Golden outputs")
struct GoldenOutputTests {
    /// Fixture name and arguments; searches run a fixed iteration count under a generous cap,
    /// so the answers do not depend on the machine's speed.
    static let commands: [(String, [String])] = [
        ("cluster-z12", ["cluster", "--zoom", "12", "Data/objects.geojson"]),
        ("cluster-z15-bbox", ["cluster", "--zoom", "15", "--bbox", "24.93,60.16,24.96,60.18", "Data/objects.geojson"]),
        ("cluster-z14-group-by", ["cluster", "--zoom", "14", "--group-by", "type", "--bbox", "24.93,60.16,24.96,60.18", "Data/objects.geojson"]),
        ("cluster-z14-maplibre", ["cluster", "--zoom", "14", "--tile-size", "512", "--bbox", "24.93,60.16,24.96,60.18", "Data/objects.geojson"]),
        ("cluster-tile", ["cluster", "--tile", "12/2331/1185", "Data/objects.geojson"]),
        ("cluster-members", ["cluster", "--members", "4143", "--limit", "20", "--offset", "20", "Data/objects.geojson"]),
        ("cluster-children", ["cluster", "--children", "4143", "Data/objects.geojson"]),
        ("cluster-expansion-zoom", ["cluster", "--expansion-zoom", "4143", "Data/objects.geojson"]),
        ("cluster-legend", ["cluster", "--zoom", "12", "--legend", "Data/objects.geojson"]),
        ("cluster-layers", ["cluster", "--zoom", "13", "--layers", "restaurant,shop", "Data/objects.geojson"]),
        ("extents-ipad", ["extents", "--device", "ipad", "Data/objects.geojson"]),
        ("extents-insets-geojson", ["extents", "--width", "1024", "--height", "768", "--insets", "0,0,0,320", "--padding", "24", "--geojson", "Data/objects.geojson"]),
        ("extents-bounds", ["extents", "--width", "1024", "--height", "768", "--bounds", "170,-20,-170,-10"]),
        ("validate-repair-rules", ["validate", "--repair", "--rules", "Data/edit-rules.geojson", "Data/drawn.geojson"]),
        ("measure-ha", ["measure", "--area-unit", "ha", "--lenient", "Data/drawn.geojson"]),
        ("query-near", ["query", "--near", "24.9414,60.1713", "--radius", "300", "--layers", "restaurant,shop", "Data/objects.geojson"]),
        ("query-nearest", ["query", "--nearest", "5", "--at", "24.9414,60.1713", "--where", "type=tram_stop", "Data/objects.geojson"]),
        ("query-search", ["query", "--search", "rautatie", "--at", "24.9414,60.1713", "--page-size", "10", "Data/objects.geojson"]),
        ("route-round-trip", ["route", "--start", "24.9384,60.1699", "--round-trip", "--iterations", "300", "--time-limit", "60s", "Data/stops.geojson"]),
        ("route-roads", ["route", "--roads", "Data/roads.geojson", "--objective", "duration", "--start", "24.9384,60.1699", "--round-trip", "--iterations", "300", "--time-limit", "60s", "Data/stops.geojson"]),
        ("route-fleet", ["route", "--vehicles", "Data/vehicles.json", "--iterations", "200", "--time-limit", "60s", "Data/stops.geojson"]),
        ("directions", ["directions", "--roads", "Data/roads.geojson", "--from", "24.9384,60.1699", "--to", "24.9521,60.1675"]),
        ("convert-precision", ["convert", "--precision", "6", "--rewind", "--bbox", "Data/stops.geojson"]),
    ]

    static let file = MapctlProcess.packageRoot.appendingPathComponent("Tests/Fixtures/golden.txt")

    /// `bytes digest` of an output.
    static func fingerprint(_ text: String) -> String {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in text.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01B3 }
        return "\(text.utf8.count) \(String(hash, radix: 16))"
    }

    static func recorded() throws -> [String: String] {
        let text = (try? String(contentsOf: file, encoding: .utf8)) ?? ""
        var result: [String: String] = [:]
        for line in text.split(separator: "\n") {
            let parts = line.split(separator: " ", maxSplits: 1)
            if parts.count == 2 { result[String(parts[0])] = String(parts[1]) }
        }
        return result
    }

    @Test("each command's output equals its recorded bytes")
    func golden() throws {
        var lines: [String] = []
        let recorded = try Self.recorded()
        for (name, arguments) in Self.commands {
            let result = try MapctlProcess.run(arguments)
            #expect([0, 1].contains(result.status), "\(name): \(result.standardError)")
            let fingerprint = Self.fingerprint(result.standardOutput)
            lines.append("\(name) \(fingerprint)")
            if ProcessInfo.processInfo.environment["MAPENGINE_RECORD_GOLDEN"] != "1" {
                #expect(recorded[name] == fingerprint, "mapctl \(arguments.joined(separator: " ")): \(fingerprint), recorded \(recorded[name] ?? "nothing")")
            }
        }
        if ProcessInfo.processInfo.environment["MAPENGINE_RECORD_GOLDEN"] == "1" {
            try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: Self.file)
        }
    }
}
