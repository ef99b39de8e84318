import Foundation
import TestSupport
import Testing

/// `mapctl query` run as a user would, on the Helsinki sample in Data/.
@Suite("mapctl query")
struct QueryCommandTests {
    let sample = "Data/objects.geojson"

    func features(_ output: String) throws -> [[String: Any]] {
        let root = try JSONSerialization.jsonObject(with: Data(output.utf8)) as! [String: Any]
        #expect(root["type"] as? String == "FeatureCollection")
        return root["features"] as! [[String: Any]]
    }

    func properties(_ feature: [String: Any]) -> [String: Any] { feature["properties"] as! [String: Any] }

    /// Great-circle distance on a 6,371 km sphere, within 0.5 % of the geodesic one.
    func roughDistance(_ a: (Double, Double), _ b: (Double, Double)) -> Double {
        let toRadians = Double.pi / 180
        let dLat = (b.1 - a.1) * toRadians, dLon = (b.0 - a.0) * toRadians
        let h = sin(dLat / 2) * sin(dLat / 2) + cos(a.1 * toRadians) * cos(b.1 * toRadians) * sin(dLon / 2) * sin(dLon / 2)
        return 2 * 6_371_000 * asin(h.squareRoot())
    }

    @Test("--radius takes a unit: 0.4km and 400m are 400 metres; 0.25mi is 402.336, 1300ft 396.24")
    func radiusWithAUnit() throws {
        func near(_ radius: String) throws -> String {
            let result = try MapctlProcess.run(["query", "--near", "24.9414,60.1713", "--radius", radius, sample])
            #expect(result.status == 0, "\(radius): \(result.standardError)")
            return result.standardOutput
        }
        // Each unit gives the bytes of its distance in metres.
        for (withUnit, inMetres) in [("400m", "400"), ("0.4km", "400"), ("0.25mi", "402.336"), ("1300ft", "396.24")] {
            #expect(try near(withUnit) == near(inMetres), "\(withUnit)")
        }
        // The sample has hits between 400 m and a quarter mile (402.336 m): a mile read as
        // 1,600 m would give the bytes of 400.
        let mile = try features(try near("0.25mi")).compactMap { properties($0)["distance_m"] as? Double }
        #expect(mile.contains { $0 > 400 } && mile.allSatisfy { $0 <= 402.336 })
        for wrong in ["2 parsecs", "km", "nan"] {
            let result = try MapctlProcess.run(["query", "--near", "24.9414,60.1713", "--radius", wrong, sample])
            #expect(result.status == 64 && result.standardError.contains("--radius"), "\(wrong): \(result.standardError)")
        }
    }

    @Test func nearMeWithLayers() throws {
        let result = try MapctlProcess.run(["query", "--near", "24.9414,60.1713", "--radius", "150", "--layers", "restaurant,shop", sample])
        #expect(result.status == 0, "\(result.standardError)")
        let hits = try features(result.standardOutput)
        #expect(hits.count > 5)
        var previous = 0.0
        for hit in hits {
            let props = properties(hit)
            #expect(["restaurant", "shop"].contains(props["type"] as? String))
            let distance = props["distance_m"] as! Double
            #expect(distance >= previous && distance <= 150)
            previous = distance
            let coordinates = (hit["geometry"] as! [String: Any])["coordinates"] as! [Double]
            let rough = roughDistance((24.9414, 60.1713), (coordinates[0], coordinates[1]))
            #expect(abs(rough - distance) <= 0.005 * distance + 0.01)
        }
    }

    @Test func nearestWithWhereAndCircle() throws {
        let result = try MapctlProcess.run(["query", "--nearest", "3", "--at", "24.9414,60.1713", "--where", "type=tram_stop", sample])
        #expect(result.status == 0, "\(result.standardError)")
        let hits = try features(result.standardOutput)
        #expect(hits.count == 3)
        #expect(hits.allSatisfy { properties($0)["type"] as? String == "tram_stop" })
        #expect(properties(hits[0])["name"] as? String == "Rautatieasema (M)")

        let near = try MapctlProcess.run(["query", "--near", "24.9414,60.1713", "--radius", "50", "--circle", sample])
        #expect(near.status == 0)
        let last = try features(near.standardOutput).last!
        #expect(properties(last)["query"] as? String == "circle")
        #expect((last["geometry"] as! [String: Any])["type"] as? String == "Polygon")
    }

    @Test func searchFromStandardInputIsRankedAndPaged() throws {
        let input = try Data(contentsOf: MapctlProcess.packageRoot.appendingPathComponent(sample))
        let first = try MapctlProcess.run(["query", "--search", "RAUTATIE", "--page-size", "4", "-"], input: input)
        #expect(first.status == 0, "\(first.standardError)")
        let hits = try features(first.standardOutput)
        #expect(hits.count == 4)
        for hit in hits {
            let name = (properties(hit)["name"] as! String).lowercased()
            #expect(name.contains("rautatie"))
            #expect(properties(hit)["distance_m"] == nil)
        }
        #expect(first.standardError.contains("matches"))
        let second = try MapctlProcess.run(["query", "--search", "rautatie", "--page", "2", "--page-size", "4", sample])
        let names = Set(try features(second.standardOutput).map { properties($0)["id"] as! String })
        #expect(names.isDisjoint(with: Set(hits.map { properties($0)["id"] as! String })))
    }

    @Test func layersHideFeaturesWithoutTheLayerPropertyUnlessKept() throws {
        // The sample with the `type` of every tenth feature removed.
        let input = try Data(contentsOf: MapctlProcess.packageRoot.appendingPathComponent(sample))
        var root = try JSONSerialization.jsonObject(with: input) as! [String: Any]
        var collection = root["features"] as! [[String: Any]]
        for index in stride(from: 0, to: collection.count, by: 10) {
            var props = properties(collection[index])
            props["type"] = nil
            collection[index]["properties"] = props
        }
        root["features"] = collection
        let edited = try JSONSerialization.data(withJSONObject: root)
        let question = ["query", "--near", "24.9414,60.1713", "--radius", "400", "--layers", "restaurant"]

        let hidden = try features(try MapctlProcess.run(question + ["-"], input: edited).standardOutput)
        #expect(!hidden.isEmpty)
        #expect(hidden.allSatisfy { properties($0)["type"] as? String == "restaurant" })

        let kept = try MapctlProcess.run(question + ["--keep-unlayered", "-"], input: edited)
        #expect(kept.status == 0, "\(kept.standardError)")
        let keptHits = try features(kept.standardOutput)
        let untyped = keptHits.filter { properties($0)["type"] == nil }
        #expect(!untyped.isEmpty)
        #expect(keptHits.count == hidden.count + untyped.count)
        #expect(keptHits.allSatisfy { properties($0)["type"] == nil || properties($0)["type"] as? String == "restaurant" })

        let alone = try MapctlProcess.run(["query", "--near", "24.9414,60.1713", "--radius", "400", "--keep-unlayered", sample])
        #expect(alone.status == 64)
        #expect(alone.standardError.contains("--keep-unlayered goes with --layers"))
    }

    @Test func withinAPolygonFile() throws {
        let area = FileManager.default.temporaryDirectory.appendingPathComponent("query-area-\(UUID()).geojson")
        defer { try? FileManager.default.removeItem(at: area) }
        let polygon = #"{"type":"Polygon","coordinates":[[[24.940,60.170],[24.944,60.170],[24.944,60.172],[24.940,60.172],[24.940,60.170]]]}"#
        try Data(polygon.utf8).write(to: area)
        let result = try MapctlProcess.run(["query", "--near", "24.942,60.171", "--radius", "2000", "--within", area.path, sample])
        #expect(result.status == 0, "\(result.standardError)")
        let hits = try features(result.standardOutput)
        #expect(!hits.isEmpty)
        for hit in hits where (hit["geometry"] as! [String: Any])["type"] as? String == "Point" {
            let coordinates = (hit["geometry"] as! [String: Any])["coordinates"] as! [Double]
            #expect((24.940...24.944).contains(coordinates[0]) && (60.170...60.172).contains(coordinates[1]))
        }
        let noPolygon = FileManager.default.temporaryDirectory.appendingPathComponent("query-point-\(UUID()).geojson")
        defer { try? FileManager.default.removeItem(at: noPolygon) }
        try Data(#"{"type":"Point","coordinates":[24.9,60.1]}"#.utf8).write(to: noPolygon)
        let refused = try MapctlProcess.run(["query", "--near", "24.942,60.171", "--radius", "20", "--within", noPolygon.path, sample])
        #expect(refused.status == 65)
        #expect(refused.standardError.contains("no Polygon"))
    }

    @Test("usage errors exit 64, missing input 66, bad input 65")
    func errors() throws {
        #expect(try MapctlProcess.run(["query", "--near", "24.9,60.1", sample]).status == 64)
        #expect(try MapctlProcess.run(["query", "--near", "24.9,60.1", "--radius", "5", "--search", "x", sample]).status == 64)
        #expect(try MapctlProcess.run(["query", "--near", "60.1", "--radius", "5", sample]).status == 64)
        #expect(try MapctlProcess.run(["query", "--nearest", "0", "--at", "24.9,60.1", sample]).status == 64)
        #expect(try MapctlProcess.run(["query", "--near", "24.9,60.1", "--radius", "5", "--where", "type", sample]).status == 64)
        #expect(try MapctlProcess.run(["query", "--near", "24.9,60.1", "--radius", "5", "missing.geojson"]).status == 66)
        let bad = try MapctlProcess.run(["query", "--near", "24.9,60.1", "--radius", "5", "-"], input: Data("{\"type\":".utf8))
        #expect(bad.status == 65)
        #expect(!bad.standardError.isEmpty)
    }
}
