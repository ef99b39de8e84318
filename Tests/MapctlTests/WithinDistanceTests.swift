import Foundation
import MapGeometry
import MapGeoJSON
import TestSupport
import Testing

/// `query --within FILE --within-distance M`: objects within M metres of a street, equal to a
/// brute-force geodesic scan of the sample objects.
@Suite("Query within a distance of a line")
struct WithinDistanceTests {
    @Test("points within 40 m of Erottajankatu")
    func street() throws {
        let street = [(24.9433, 60.1656), (24.9441, 60.1665), (24.9446, 60.1676)]
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("street-\(UUID().uuidString).geojson")
        defer { try? FileManager.default.removeItem(at: file) }
        let coordinates = street.map { "[\($0.0),\($0.1)]" }.joined(separator: ",")
        try Data(#"{"type":"FeatureCollection","features":[{"type":"Feature","properties":{},"geometry":{"type":"LineString","coordinates":[\#(coordinates)]}}]}"#.utf8).write(to: file)

        let result = try MapctlProcess.run([
            "query", "--near", "24.944,60.167", "--radius", "5000", "--within", file.path, "--within-distance", "40", "Data/objects.geojson",
        ])
        #expect(result.status == 0, "\(result.standardError)")
        let found = Set(try ClusterCommandTests.features(result.standardOutput).compactMap { feature -> String? in
            guard (feature["geometry"] as? [String: Any])?["type"] as? String == "Point" else { return nil }
            return (feature["properties"] as? [String: Any])?["id"] as? String
        })

        var samples: [Position] = []
        for (a, b) in zip(street, street.dropFirst()) {
            for step in 0...1_000 {
                let t = Double(step) / 1_000
                samples.append(try Position(a.0 + (b.0 - a.0) * t, a.1 + (b.1 - a.1) * t))
            }
        }
        let objects = try ClusterCommandTests.features(String(contentsOf: MapctlProcess.packageRoot.appendingPathComponent("Data/objects.geojson"), encoding: .utf8))
        var expected = 0
        for object in objects {
            guard let geometry = object["geometry"] as? [String: Any], geometry["type"] as? String == "Point",
                  let point = geometry["coordinates"] as? [Double], let id = (object["properties"] as? [String: Any])?["id"] as? String
            else { continue }
            let position = try Position(point[0], point[1])
            let distance = samples.map { Geodesic.distance(from: position, to: $0) }.min()!
            if distance < 39.5 { #expect(found.contains(id), "\(id) is \(distance) m away"); expected += 1 }
            if distance > 40.5 { #expect(!found.contains(id), "\(id) is \(distance) m away") }
        }
        #expect(expected > 5)
    }
}
