import Foundation
import TestSupport
import Testing

/// The input collection's foreign members (the sample data's ODbL `attribution`) stay on every
/// collection derived from it, as RFC 7946 §6.1 allows and the licence requires; an answer's own
/// members (paging) come after them.
@Suite("Foreign members kept")
struct ForeignMemberTests {
    static let attribution = "© OpenStreetMap contributors, ODbL 1.0"

    @Test("every answer derived from a collection keeps its attribution", arguments: [
        ["cluster", "--zoom", "12", "Data/objects.geojson"],
        ["cluster", "--zoom", "12", "--pretty", "Data/objects.geojson"],
        ["cluster", "--zoom", "15", "--bbox", "24.93,60.16,24.96,60.18", "Data/objects.geojson"],
        ["cluster", "--tile", "12/2331/1185", "Data/objects.geojson"],
        ["cluster", "--members", "4143", "--limit", "5", "Data/objects.geojson"],
        ["cluster", "--children", "4143", "Data/objects.geojson"],
        ["query", "--near", "24.94,60.17", "--radius", "100", "Data/objects.geojson"],
        ["query", "--search", "kauppa", "--page-size", "2", "Data/objects.geojson"],
        ["validate", "Data/objects.geojson"],
        ["measure", "Data/objects.geojson"],
        ["convert", "Data/objects.geojson"],
        ["route", "--iterations", "50", "Data/stops.geojson"],
        ["route", "--vehicles", "Data/vehicles.json", "--iterations", "20", "--time-limit", "60s", "Data/stops.geojson"],
    ])
    func kept(arguments: [String]) throws {
        let input = try JSONSerialization.jsonObject(with: Data(contentsOf: MapctlProcess.packageRoot.appendingPathComponent(arguments.last!))) as! [String: Any]
        #expect(input["attribution"] as? String == Self.attribution, "the sample file carries the attribution")
        let result = try MapctlProcess.run(arguments)
        #expect([0, 1].contains(result.status), "\(result.standardError)")
        let output = try #require(try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        #expect(output["attribution"] as? String == Self.attribution, "\(arguments.joined(separator: " "))")
        #expect(output["type"] as? String == "FeatureCollection")
    }

    @Test("directions keep the road layer's attribution, also through a prepared network")
    func directions() throws {
        let prepared = FileManager.default.temporaryDirectory.appendingPathComponent("roads-\(UUID().uuidString).roads").path
        defer { try? FileManager.default.removeItem(atPath: prepared) }
        for roads in ["Data/roads.geojson", prepared] {
            var arguments = ["directions", "--roads", roads, "--from", "24.9384,60.1699", "--to", "24.9521,60.1675"]
            if roads != prepared { arguments += ["--save-prepared", prepared] }
            let result = try MapctlProcess.run(arguments)
            #expect(result.status == 0, "\(result.standardError)")
            let feature = try #require(try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
            #expect(feature["attribution"] as? String == Self.attribution, "\(roads)")
        }
    }

    @Test("an answer's own members win over the input's of the same name")
    func ownMembersWin() throws {
        let input = #"{"type":"FeatureCollection","attribution":"me","total":"not a count","features":[{"type":"Feature","properties":{"name":"kauppa"},"geometry":{"type":"Point","coordinates":[24.9,60.1]}}]}"#
        let result = try MapctlProcess.run(["query", "--search", "kauppa", "-"], input: Data(input.utf8))
        #expect(result.standardOutput.hasPrefix(#"{"type":"FeatureCollection","attribution":"me","total":1,"page":1,"pages":1,"#), "\(result.standardOutput)")
    }
}
