import Foundation
import MapGeometry
import MapQuery
import Testing
import TestSupport

/// Layers and filters agree with a plain scan over the same features.
@Suite("Layers and filters", .enabled(if: SharedData.isAvailable, SharedData.missingMessage))
struct FilterAndLayerTests {
    let objects: FixtureFeatures
    let index: FeatureIndex

    private static let shared: Result<(FixtureFeatures, FeatureIndex), Error> = Result {
        let objects = try FixtureFeatures.load("real/helsinki/objects.geojson")
        return (objects, FeatureIndex(objects.features))
    }

    init() throws {
        (objects, index) = try Self.shared.get()
    }

    @Test func layersByTypeMatchAScanAndTheDataREADME() {
        let layers = index.layers()
        for layer in layers.layers {
            let expected = objects.features.indices.filter { objects.string("type", $0) == layer.name }
            #expect(layer.items == expected, "layer \(layer.name ?? "-")")
        }
        #expect(layers.layers.reduce(0) { $0 + $1.items.count } == objects.features.count)
        // Counts from ../shared/data/real/README.md.
        #expect(layers.layer("shop")?.items.count == 508)
        #expect(layers.layer("building")?.items.count == 446)
        #expect(layers.layer("railway")?.items.count == 318)
    }

    @Test func showingAndHidingLayers() throws {
        let layers = index.layers()
        let shown = try index.items(matching: layers.showing(["restaurant", "pipeline"]))
        #expect(shown == objects.features.indices.filter { ["restaurant", "pipeline"].contains(objects.string("type", $0)) })
        let hidden = try index.items(matching: layers.hiding(["tree", "street_lamp"]))
        #expect(hidden == objects.features.indices.filter { !["tree", "street_lamp"].contains(objects.string("type", $0)) })
    }

    @Test func propertyAndAreaFiltersAgreeWithGEOSOnEveryFeature() throws {
        // A functional location: a 400 m circle round the Helsinki railway square.
        let area = try GeodesicCircle.geometry(center: Position(24.9430, 60.1710), radius: 400)
        let insideByIndex = try index.items(matching: .inside(area))
        let prepared = try PreparedGeometry(area)
        let insideByScan = try objects.features.indices.filter { item in
            guard let geometry = objects.features[item].geometry else { return false }
            if case let .point(position) = geometry { return try prepared.covers(position) }
            return try prepared.contains(GeosGeometry(geometry))
        }
        #expect(insideByIndex == insideByScan)
        #expect(insideByScan.count > 100 && insideByScan.count < objects.features.count)

        let filter = FeatureFilter.all([.inside(area), .oneOf("type", ["restaurant", "shop"]), .has("name")])
        let combined = try index.items(matching: filter)
        #expect(combined == insideByScan.filter { item in
            ["restaurant", "shop"].contains(objects.string("type", item)) && objects.string("name", item) != nil
        })
        let notShops = try index.items(matching: .not(.equals("type", "shop")))
        #expect(notShops.count == objects.features.count - 508)
    }

    @Test func nearMeAndNearestHonourTheFilter() throws {
        let me = try Position(24.9450, 60.1700)
        let filter = FeatureFilter.oneOf("type", ["restaurant"])
        let all = try index.near(me, radius: 800)
        let restaurants = try index.near(me, radius: 800, filter: filter)
        #expect(restaurants == all.filter { objects.string("type", $0.item) == "restaurant" })
        #expect(!restaurants.isEmpty)
        // Nearest 5 restaurants: the first five restaurants of the full distance ranking.
        let everything = try index.near(me, radius: 5_000)
        let expected = Array(everything.filter { objects.string("type", $0.item) == "restaurant" }.prefix(5))
        #expect(try index.nearest(5, to: me, filter: filter) == expected)
    }

    @Test func whereParsing() throws {
        #expect(try FeatureFilter.parse("type=restaurant") == .equals("type", "restaurant"))
        #expect(try FeatureFilter.parse("name=a=b") == .equals("name", "a=b"))
        #expect(throws: QueryError.self) { try FeatureFilter.parse("restaurant") }
        #expect(throws: QueryError.self) { try FeatureFilter.parse("=x") }
    }
}
