import Foundation
import TestSupport
import Testing

/// `mapctl cluster` run as a user would, on Data/objects.geojson (3,841 Helsinki objects).
@Suite("mapctl cluster")
struct ClusterCommandTests {
    static func json(_ text: String) throws -> [String: Any] {
        try JSONSerialization.jsonObject(with: Data(text.utf8)) as! [String: Any]
    }

    static func features(_ text: String) throws -> [[String: Any]] {
        try json(text)["features"] as! [[String: Any]]
    }

    @Test("--zoom 12 prints clusters with supercluster's properties, types and colours, and every shape")
    func zoomTwelve() throws {
        let result = try MapctlProcess.run(["cluster", "--zoom", "12", "Data/objects.geojson"])
        #expect(result.status == 0, "\(result.standardError)")
        let features = try Self.features(result.standardOutput)
        let clusters = features.compactMap { $0["properties"] as? [String: Any] }.filter { $0["cluster"] as? Bool == true }
        #expect(!clusters.isEmpty)
        var objects = 0
        for properties in clusters {
            let count = properties["point_count"] as! Int
            objects += count
            #expect(properties["cluster_id"] is Int && properties["point_count_abbreviated"] != nil)
            let types = properties["types"] as! [String: Int]
            #expect(types.values.reduce(0, +) == count)
            #expect(properties["colocated"] as? Bool == false)
            #expect(properties["expansion_zoom"] is Int)
            let color = properties["marker-color"] as! String
            #expect(types.count == 1 ? color != "#848F94" : color == "#848F94")
        }
        let singles = features.count - clusters.count
        #expect(objects + singles == 3841, "every object is in a cluster, a single marker or a passed-through shape")
    }

    @Test("--members pages, --children and --expansion-zoom answer for a cluster id; --legend lists types")
    func clusterQueries() throws {
        let markers = try Self.features(try MapctlProcess.run(["cluster", "--zoom", "13", "Data/objects.geojson"]).standardOutput)
        let biggest = markers.compactMap { $0["properties"] as? [String: Any] }
            .filter { $0["cluster"] as? Bool == true }.max { ($0["point_count"] as! Int) < ($1["point_count"] as! Int) }!
        let id = String(biggest["cluster_id"] as! Int)

        let page = try MapctlProcess.run(["cluster", "--members", id, "--limit", "5", "--offset", "2", "Data/objects.geojson"])
        #expect(page.status == 0)
        #expect(try Self.features(page.standardOutput).count == 5)

        let children = try MapctlProcess.run(["cluster", "--children", id, "Data/objects.geojson"])
        let childCounts = try Self.features(children.standardOutput).map {
            (($0["properties"] as! [String: Any])["point_count"] as? Int) ?? 1
        }
        #expect(childCounts.reduce(0, +) == biggest["point_count"] as! Int)

        let expansion = try Self.json(try MapctlProcess.run(["cluster", "--expansion-zoom", id, "Data/objects.geojson"]).standardOutput)
        #expect(expansion["expansion_zoom"] as? Int == biggest["expansion_zoom"] as? Int)

        let legend = try MapctlProcess.run(["cluster", "--zoom", "13", "--legend", "Data/objects.geojson"])
        let entries = try JSONSerialization.jsonObject(with: Data(legend.standardOutput.utf8)) as! [[String: Any]]
        let types = entries.filter { $0["mixed"] == nil }
        #expect(types.count == 25)
        #expect(types.map { $0["count"] as! Int }.reduce(0, +) == 3841)
    }

    @Test("bad arguments exit 64, a missing file 66, bad GeoJSON 65, with a message")
    func errors() throws {
        let noZoom = try MapctlProcess.run(["cluster", "Data/objects.geojson"])
        #expect(noZoom.status == 64 && noZoom.standardError.contains("--zoom"))
        let badBox = try MapctlProcess.run(["cluster", "--zoom", "3", "--bbox", "1,2,3", "Data/objects.geojson"])
        #expect(badBox.status == 64 && badBox.standardError.contains("--bbox"))
        let badRadius = try MapctlProcess.run(["cluster", "--zoom", "3", "--radius", "-1", "Data/objects.geojson"])
        #expect(badRadius.status == 64 && badRadius.standardError.contains("radius"))
        let unknown = try MapctlProcess.run(["cluster", "--expansion-zoom", "3", "Data/objects.geojson"])
        #expect(unknown.status == 64 && unknown.standardError.contains("no cluster with id 3"))
        let missing = try MapctlProcess.run(["cluster", "--zoom", "3", "no/such/file.geojson"])
        #expect(missing.status == 66)
        let broken = try MapctlProcess.run(["cluster", "--zoom", "3", "-"], input: Data(#"{"type":"FeatureCollection","features":[{"#.utf8))
        #expect(broken.status == 65 && !broken.standardError.isEmpty)
    }

    @Test("standard input, a bbox across the antimeridian and a style file")
    func stdinBoxAndStyle() throws {
        let input = #"""
            {"type":"FeatureCollection","features":[
            {"type":"Feature","id":"a","properties":{"type":"port"},"geometry":{"type":"Point","coordinates":[179.9,-17.0]}},
            {"type":"Feature","id":"b","properties":{"type":"port"},"geometry":{"type":"Point","coordinates":[-179.9,-17.0]}},
            {"type":"Feature","id":"c","properties":{"type":"port"},"geometry":{"type":"Point","coordinates":[10,50]}}]}
            """#
        let style = FileManager.default.temporaryDirectory.appendingPathComponent("cluster-style-\(getpid()).json")
        try Data(##"{"types": {"port": {"color": "#123456", "title": "Ports"}}}"##.utf8).write(to: style)
        defer { try? FileManager.default.removeItem(at: style) }
        let result = try MapctlProcess.run(
            ["cluster", "--zoom", "10", "--bbox", "179,-18,-179,-16", "--style", style.path, "-"], input: Data(input.utf8))
        #expect(result.status == 0, "\(result.standardError)")
        let features = try Self.features(result.standardOutput)
        #expect(Set(features.compactMap { $0["id"] as? String }) == ["a", "b"])
        #expect(features.allSatisfy { ($0["properties"] as! [String: Any])["marker-color"] as? String == "#123456" })
    }

    @Test("--layers and --where: clusters count only the chosen features; a bad condition exits 64")
    func layersAndConditions() throws {
        let result = try MapctlProcess.run(["cluster", "--zoom", "12", "--layers", "tree,bench", "Data/objects.geojson"])
        #expect(result.status == 0, "\(result.standardError)")
        var objects = 0
        for feature in try Self.features(result.standardOutput) {
            let properties = feature["properties"] as! [String: Any]
            if properties["cluster"] as? Bool == true {
                let types = properties["types"] as! [String: Int]
                #expect(Set(types.keys).isSubset(of: ["tree", "bench"]))
                objects += properties["point_count"] as! Int
            } else {
                #expect(["tree", "bench"].contains(properties["type"] as? String))
                objects += 1
            }
        }
        let all = try Self.features(try String(contentsOfFile: "Data/objects.geojson", encoding: .utf8))
        let chosen = all.filter { ["tree", "bench"].contains(($0["properties"] as? [String: Any])?["type"] as? String) }
        #expect(objects == chosen.count)

        let stops = try MapctlProcess.run(["cluster", "--zoom", "16", "--where", "type=tram_stop", "--legend", "Data/objects.geojson"])
        #expect(stops.status == 0, "\(stops.standardError)")
        let legend = try JSONSerialization.jsonObject(with: Data(stops.standardOutput.utf8)) as! [[String: Any]]
        #expect(legend.map { $0["type"] as? String } == ["tram_stop"])

        let bad = try MapctlProcess.run(["cluster", "--zoom", "12", "--where", "nokey", "Data/objects.geojson"])
        #expect(bad.status == 64)
        #expect(bad.standardError.contains("KEY=VALUE"))
    }
}
