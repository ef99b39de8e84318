import Foundation
import TestSupport
import Testing

/// `mapctl validate` and `mapctl measure`, run as a user runs them, on Data/drawn.geojson
/// (ten drawings around central Helsinki, each with a note saying what is wrong with it).
@Suite("mapctl validate and measure")
struct ValidateCommandTests {
    /// The output features by id: properties as a dictionary, and the geometry.
    static func features(_ text: String) throws -> [String: (properties: [String: Any], geometry: [String: Any]?)] {
        let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any], "\(text)")
        let features = try #require(object["features"] as? [[String: Any]])
        var result: [String: (properties: [String: Any], geometry: [String: Any]?)] = [:]
        for (index, feature) in features.enumerated() {
            let id = feature["id"] as? String ?? "#\(index)"
            result[id] = (feature["properties"] as? [String: Any] ?? [:], feature["geometry"] as? [String: Any])
        }
        return result
    }

    static func kinds(_ properties: [String: Any], _ key: String = "findings") -> [String] {
        (properties[key] as? [[String: Any]] ?? []).compactMap { $0["kind"] as? String }
    }

    @Test func reportsEachDrawingsProblem() throws {
        let result = try MapctlProcess.run(["validate", "Data/drawn.geojson"])
        #expect(result.status == 1, "some drawings are invalid: \(result.standardError)")
        let features = try Self.features(result.standardOutput)
        #expect(features.count == 10)
        let expected: [String: (Bool, [String])] = [
            "yard": (true, []),
            "yard-clockwise": (true, ["wrong_orientation"]),
            "bowtie": (false, ["self_intersection"]),
            "spike": (false, ["spike"]),
            "double-tap": (true, ["repeated_position"]),
            "unclosed": (false, ["ring_not_closed"]),
            "one-tap-line": (false, ["too_few_positions"]),
            "cable": (true, []),
            "over-ateneum": (true, []),
            "hole-outside": (false, ["hole_outside_shell"]),
        ]
        for (id, (valid, kinds)) in expected {
            let feature = try #require(features[id], "\(id) missing")
            #expect(feature.properties["valid"] as? Bool == valid, "\(id)")
            #expect(Self.kinds(feature.properties) == kinds, "\(id)")
        }
        let bowtie = try #require((features["bowtie"]?.properties["findings"] as? [[String: Any]])?.first)
        #expect((bowtie["user_message"] as? String)?.hasPrefix("The boundary crosses itself near vertex ") == true)
        #expect((bowtie["location"] as? [Double])?.count == 2)
        #expect(bowtie["ring"] as? Int == 0 && bowtie["vertex"] is Int && bowtie["part"] == nil)
        // A drawing the reader refuses is still reported, with the reader's path and reason.
        let unclosed = try #require((features["unclosed"]?.properties["findings"] as? [[String: Any]])?.first)
        #expect(features["unclosed"]?.geometry == nil)
        #expect((unclosed["message"] as? String)?.contains("features[5].geometry.coordinates[0]: ring is not closed") == true)
        // Original properties are kept.
        #expect(features["yard"]?.properties["note"] as? String == "a storage yard, drawn counterclockwise: valid")
    }

    @Test func repairWithRules() throws {
        let result = try MapctlProcess.run(["validate", "--repair", "--rules", "Data/edit-rules.geojson", "Data/drawn.geojson"])
        #expect(result.status == 1, "the unclosed ring, the one-tap line and the overlap stay invalid")
        let features = try Self.features(result.standardOutput)
        #expect(Self.kinds(features["over-ateneum"]!.properties) == ["overlaps_existing"])
        let overlap = (features["over-ateneum"]!.properties["findings"] as! [[String: Any]])[0]
        #expect(overlap["user_message"] as? String == "The shape overlaps way/8033120.")
        for (id, repairs) in [
            ("yard-clockwise", ["rewound_ring"]), ("bowtie", ["made_valid"]), ("spike", ["removed_spike", "removed_repeated_positions"]),
            ("double-tap", ["removed_repeated_positions"]),
        ] {
            let properties = try #require(features[id]?.properties)
            #expect(properties["repaired"] as? Bool == true, "\(id)")
            #expect(Self.kinds(properties, "repairs") == repairs, "\(id)")
            #expect(Self.kinds(properties, "remaining_findings").isEmpty, "\(id)")
        }
        #expect(features["bowtie"]?.geometry?["type"] as? String == "MultiPolygon")
        #expect(features["over-ateneum"]?.properties["repaired"] as? Bool == false)
        // Same input, same bytes.
        let again = try MapctlProcess.run(["validate", "--repair", "--rules", "Data/edit-rules.geojson", "Data/drawn.geojson"])
        #expect(again.standardOutput == result.standardOutput)
    }

    @Test func exitStatuses() throws {
        let valid = Data(#"{"type":"Polygon","coordinates":[[[24.94,60.17],[24.941,60.17],[24.941,60.1705],[24.94,60.17]]]}"#.utf8)
        #expect(try MapctlProcess.run(["validate", "-"], input: valid).status == 0)
        let notJSON = try MapctlProcess.run(["validate", "-"], input: Data("{\"type\":".utf8))
        #expect(notJSON.status == 65)
        #expect(!notJSON.standardError.isEmpty)
        #expect(try MapctlProcess.run(["validate", "no-such-file.geojson"]).status == 66)
        let badRules = try MapctlProcess.run(["validate", "--rules", "Data/stops.geojson", "Data/drawn.geojson"])
        #expect(badRules.status == 65)
        #expect(badRules.standardError.contains("properties.rule must be"))
        #expect(try MapctlProcess.run(["validate", "--make-valid-method", "magic", "-"], input: valid).status == 64)
    }

    @Test("measure --units imperial adds miles and acres, metric km and hectares; a unit option given wins")
    func measureUnitSystem() throws {
        let file = ["Data/drawn.geojson", "--lenient"]
        for (system, expanded) in [("imperial", ["--length-unit", "mi", "--area-unit", "ac"]), ("metric", ["--length-unit", "km", "--area-unit", "ha"])] {
            let chosen = try MapctlProcess.run(["measure", "--units", system] + file)
            let spelled = try MapctlProcess.run(["measure"] + expanded + file)
            #expect(chosen.status == 0 && chosen.standardOutput == spelled.standardOutput, "\(chosen.standardError)")
        }
        let mixed = try MapctlProcess.run(["measure", "--units", "imperial", "--area-unit", "m2"] + file)
        let yard = try #require(try Self.features(mixed.standardOutput)["yard"]?.properties)
        #expect(yard["area_m2"] != nil && yard["area_ac"] == nil && yard["perimeter_mi"] != nil)
    }

    @Test func measureAddsGeodesicFigures() throws {
        let result = try MapctlProcess.run(["measure", "--area-unit", "ha", "--length-unit", "km", "Data/drawn.geojson", "--lenient"])
        #expect(result.status == 0, "\(result.standardError)")
        let features = try Self.features(result.standardOutput)
        #expect(features.count == 8, "the two drawings the reader refuses are skipped")
        let yard = try #require(features["yard"]?.properties)
        // 0.0006° × 0.0003° at 60.168° N: about 33.3 m × 33.4 m.
        let area = try #require(yard["area_m2"] as? Double)
        #expect(abs(area - 1112) < 10, "\(area)")
        #expect(abs((yard["perimeter_m"] as? Double ?? 0) - 133.4) < 1)
        #expect(yard["length_m"] as? Double == 0)
        #expect(abs((yard["area_ha"] as? Double ?? 0) - area / 10_000) < 1e-6)
        let cable = try #require(features["cable"]?.properties)
        #expect((cable["length_m"] as? Double ?? 0) > 100 && cable["area_m2"] as? Double == 0)
        #expect(abs((cable["length_km"] as? Double ?? 0) - (cable["length_m"] as! Double) / 1000) < 1e-6)
        let strict = try MapctlProcess.run(["measure", "Data/drawn.geojson"])
        #expect(strict.status == 65)
        #expect(strict.standardError.contains("ring is not closed"))
    }
}
