import Foundation
import MapGeometry
import MapGeoJSON
import MapRouting
import Synchronization

/// The page's base map without a tile server: Natural Earth countries (1:110m, public domain)
/// simplified to half a pixel at the zoom asked for, and from zoom 11 the served road networks'
/// segments, as one GeoJSON FeatureCollection cut to the view.
final class Basemap: Sendable {
    /// Roads show from this zoom (a city's streets are a grey smudge further out).
    static let roadZoom = 11
    /// Past this zoom half a pixel is finer than the 1:110m countries.
    static let finestZoom = 8

    private let countries: [Shape]
    private let simplified = Mutex<[Int: [Shape]]>([:])
    private let roads = Mutex<[String: [Shape]]>([:])

    /// A feature with its box, to cut a view without looking at its positions.
    struct Shape: Sendable {
        let feature: Feature
        let bounds: BoundingBox
    }

    init() {
        let document = Bundle.module.url(forResource: "countries", withExtension: "geojson", subdirectory: "Resources/basemap")
            .flatMap { try? GeoJSONReader().read(contentsOfFile: $0.path) }
        countries = (document?.featureCollection.features ?? []).compactMap { feature in
            let name = feature.properties.string("name") ?? ""
            return Self.shape(Feature(geometry: feature.geometry, properties: ["layer": "country", "name": .string(name)]))
        }
    }

    /// The base map of `box` at `zoom`, with `networks`' roads from ``roadZoom``.
    func bytes(zoom: Int, in box: BoundingBox, networks: [(name: String, network: RoadNetwork)]) -> [UInt8] {
        var features = countries(atZoom: zoom).filter { $0.bounds.intersects(box) }.map(\.feature)
        if zoom >= Self.roadZoom {
            for (name, network) in networks {
                features += roads(of: name, network).filter { $0.bounds.intersects(box) }.map(\.feature)
            }
        }
        let attribution = ForeignMember(name: "attribution", value: .string("Made with Natural Earth; roads © OpenStreetMap contributors"))
        return GeoJSONWriter().encode(FeatureCollection(features: features, foreignMembers: [attribution]))
    }

    /// Countries simplified to half a pixel of a 256-pixel world at `zoom`, kept per zoom.
    private func countries(atZoom zoom: Int) -> [Shape] {
        let level = min(max(zoom, 0), Self.finestZoom)
        if level == Self.finestZoom { return countries }
        if let cached = simplified.withLock({ $0[level] }) { return cached }
        let tolerance = 360.0 / (256.0 * Double(1 << level)) / 2
        let shapes = countries.map { shape in
            // GEOS keeps the topology; a shape it cannot simplify is drawn as it is.
            guard let geometry = try? shape.feature.geometry?.simplified(tolerance: tolerance) else { return shape }
            return Self.shape(Feature(geometry: geometry, properties: shape.feature.properties)) ?? shape
        }
        simplified.withLock { $0[level] = shapes }
        return shapes
    }

    /// One feature per segment of network `name`, built once.
    private func roads(of name: String, _ network: RoadNetwork) -> [Shape] {
        if let cached = roads.withLock({ $0[name] }) { return cached }
        let graph = network.graph
        let shapes = (0..<graph.segmentCount).compactMap { segment -> Shape? in
            guard let line = try? LineString(graph.shape(ofSegment: segment)) else { return nil }
            return Self.shape(Feature(geometry: .lineString(line), properties: ["layer": "road", "network": .string(name)]))
        }
        roads.withLock { $0[name] = shapes }
        return shapes
    }

    private static func shape(_ feature: Feature) -> Shape? {
        feature.geometry?.boundingBox.map { Shape(feature: feature, bounds: $0) }
    }
}
