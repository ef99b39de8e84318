import Foundation
import TestSupport
import Testing

/// Every type of a real layer gets its own colour, and the legend lists the neutral colour
/// ("Mixed types") exactly when a cluster of several types is in view, with the objects in them.
@Suite("Legend colours")
struct LegendColourTests {
    static func layers() -> [String] {
        var files = ["Data/objects.geojson"]
        if SharedData.isAvailable { files.append(SharedData.url("real/andorra/objects.geojson").path) }
        return files
    }

    @Test("distinct colours for every type, the neutral entry when mixed clusters show", arguments: [10, 13, 16, 18])
    func legend(zoom: Int) throws {
        for file in Self.layers() {
            let legend = try MapctlProcess.run(["cluster", "--zoom", "\(zoom)", "--legend", file])
            #expect(legend.status == 0, "\(legend.standardError)")
            let entries = try #require(try JSONSerialization.jsonObject(with: Data(legend.standardOutput.utf8)) as? [[String: Any]])
            let types = entries.filter { $0["mixed"] == nil }
            #expect(types.count >= 20, "\(file): the shared layers have 25-28 types")
            let colors = types.compactMap { $0["color"] as? String }
            #expect(Set(colors).count == types.count, "\(file) zoom \(zoom): two types share a colour")
            #expect(!colors.contains("#848F94"), "a type coloured like mixed clusters")

            let view = try MapctlProcess.run(["cluster", "--zoom", "\(zoom)", file])
            let features = try ClusterCommandTests.features(view.standardOutput)
            let mixedObjects = features.compactMap { $0["properties"] as? [String: Any] }
                .filter { $0["cluster"] as? Bool == true && $0["marker-color"] as? String == "#848F94" }
                .reduce(0) { $0 + ($1["point_count"] as? Int ?? 0) }
            let mixed = entries.filter { $0["mixed"] as? Bool == true }
            if mixedObjects > 0 {
                #expect(mixed.count == 1, "\(file) zoom \(zoom): neutral clusters in view but no legend entry")
                #expect(mixed.first?["color"] as? String == "#848F94")
                #expect(mixed.first?["title"] as? String == "Mixed types")
                #expect(mixed.first?["count"] as? Int == mixedObjects)
            } else {
                #expect(mixed.isEmpty, "\(file) zoom \(zoom): no neutral cluster in view")
            }
        }
    }
}
