import Foundation
import Testing
import TestSupport
@testable import MapGeometry
@testable import MapGeoJSON

/// Every file of `../shared/data/real`, read and checked against the counts its README gives,
/// then written and read back equal.
@Suite("GeoJSON over the shared real data", .enabled(if: SharedData.isAvailable, SharedData.missingMessage))
struct GeoJSONRealDataTests {
    struct Expected: Sendable, CustomStringConvertible {
        var file: String
        var features: Int
        var geometryTypes: [String: Int]
        var vertices: Int?
        var description: String { file }
    }

    static let files: [Expected] = [
        Expected(file: "helsinki/objects.geojson", features: 3841, geometryTypes: ["Point": 2735, "LineString": 403, "Polygon": 703]),
        Expected(file: "helsinki/roads.geojson", features: 1112, geometryTypes: ["LineString": 1112]),
        Expected(file: "helsinki/stops.geojson", features: 200, geometryTypes: ["Point": 200]),
        Expected(file: "andorra/objects.geojson", features: 8146, geometryTypes: ["Point": 1582, "LineString": 612, "Polygon": 5952]),
        Expected(file: "andorra/roads.geojson", features: 4208, geometryTypes: ["LineString": 4208]),
        Expected(file: "andorra/stops.geojson", features: 200, geometryTypes: ["Point": 200]),
        Expected(file: "places_15000.geojson", features: 34024, geometryTypes: ["Point": 34024]),
        Expected(file: "countries.geojson", features: 177, geometryTypes: ["Polygon": 148, "MultiPolygon": 29], vertices: 10654),
        Expected(file: "countries_10m.geojson", features: 250, geometryTypes: ["Polygon": 101, "MultiPolygon": 149], vertices: 547_488),
        Expected(file: "invalid_polygons.geojson", features: 2, geometryTypes: ["Polygon": 1, "MultiPolygon": 1]),
    ]

    func check(_ document: GeoJSONDocument, _ expected: Expected) {
        let features = document.features
        #expect(features.count == expected.features)
        var types: [String: Int] = [:]
        for feature in features { types[feature.geometry?.typeName ?? "null", default: 0] += 1 }
        #expect(types == expected.geometryTypes)
        if let vertices = expected.vertices {
            #expect(features.reduce(0) { $0 + ($1.geometry?.positionCount ?? 0) } == vertices)
        }
    }

    @Test(arguments: files)
    func countsMatchTheREADMEAndRoundTrip(_ expected: Expected) throws {
        let document = try GeoJSONReader().read(contentsOfFile: SharedData.url("real/" + expected.file).path)
        check(document, expected)
        // The only warnings: Sudan at 1:110m crosses itself after rounding (README "Checks").
        let crossing = expected.file == "countries.geojson" || expected.file == "invalid_polygons.geojson"
        #expect(document.warnings.map(\.code) == (crossing ? ["ogc_self_intersection"] : []))
        // The data has at most 7 decimals, so the default writer loses nothing.
        let written = GeoJSONWriter().encode(document.featureCollection)
        let again = try GeoJSONReader().read(bytes: written)
        #expect(again.featureCollection == document.featureCollection)
    }

    @Test func objectTypesAreReadEagerly() throws {
        let helsinki = try GeoJSONReader().read(contentsOfFile: SharedData.url("real/helsinki/objects.geojson").path)
        var counts: [String: Int] = [:]
        for feature in helsinki.features { counts[feature.typeProperty ?? "-", default: 0] += 1 }
        #expect(counts == [
            "shop": 508, "restaurant": 423, "tree": 649, "street_lamp": 586, "bench": 162, "bus_stop": 92,
            "utility_pole": 84, "parking": 39 + 0, "hydrant": 37, "station": 36, "tram_stop": 36, "bank": 34,
            "tourism": 32, "post": 24, "health": 17, "mast_or_well": 2, "railway": 318, "pipeline": 78,
            "waterway": 6, "power_line": 1, "building": 446, "landuse": 195, "water": 13, "park": 13, "sports": 10,
        ])
        let andorra = try GeoJSONReader().read(contentsOfFile: SharedData.url("real/andorra/objects.geojson").path)
        let buildings = andorra.features.filter { $0.typeProperty == "building" }
        #expect(buildings.count == 4914)
        #expect(andorra.featureCollection.foreignMembers.map(\.name) == ["attribution"])
    }

    @Test func gzippedPlacesReadAfterGunzip() throws {
        let bytes = try SharedData.gunzipped("real/places.geojson.gz")
        let document = try GeoJSONReader().read(bytes: bytes, fileName: "places.geojson")
        check(document, Expected(file: "places.geojson", features: 234_908, geometryTypes: ["Point": 234_908]))
        var types: [String: Int] = [:]
        var unknownPopulation = 0
        for feature in document.features {
            types[feature.typeProperty ?? "-", default: 0] += 1
            if feature.properties.value("population") == .null { unknownPopulation += 1 }
        }
        #expect(types == ["city": 6204, "town": 38850, "village": 189_854])
        #expect(unknownPopulation == 30680)
    }
}
