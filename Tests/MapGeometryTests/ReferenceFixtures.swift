import Foundation
@testable import MapGeometry

/// The reference answers in `Fixtures/`, computed outside this project by the scripts in
/// `Tests/Scripts/` (GeographicLib for geodesics, PROJ's `cs2cs` for transforms).
enum ReferenceFixtures {
    /// Decodes `Fixtures/<name>.json` from the test bundle.
    static func load<Document: Decodable>(_ name: String, as type: Document.Type) throws -> Document {
        guard let url = Bundle.module.url(forResource: name, withExtension: "json", subdirectory: "Fixtures") else {
            throw FixtureMissing(name: name)
        }
        return try JSONDecoder().decode(Document.self, from: Data(contentsOf: url))
    }

    struct FixtureMissing: Error, CustomStringConvertible {
        let name: String
        var description: String { "Fixtures/\(name).json is not in the test bundle (check resources in Package.swift)" }
    }

    /// `[longitude, latitude]` as a geographic position.
    static func position(_ pair: [Double]) throws -> Position {
        try Position(longitude: pair[0], latitude: pair[1])
    }
}

/// `Fixtures/geodesic_reference.json` (see `Tests/Scripts/make_geodesic_reference.py` for the conventions).
struct GeodesicReference: Decodable {
    struct Inverse: Decodable {
        let name: String
        let from: [Double]
        let to: [Double]
        let distance: Double
        let azimuth1: Double
        let azimuth2: Double
    }

    struct Line: Decodable {
        let name: String
        let coordinates: [[Double]]
        let length: Double

        func lineString() throws -> LineString { try LineString(coordinates.map(ReferenceFixtures.position)) }
    }

    struct PolygonCase: Decodable {
        let name: String
        let coordinates: [[[Double]]]
        let area: Double
        let perimeter: Double
        let exteriorPerimeter: Double

        func polygon() throws -> MapGeometry.Polygon {
            try Polygon(coordinates.map { ring in try ring.map(ReferenceFixtures.position) })
        }
    }

    struct Destination: Decodable {
        let name: String
        let from: [Double]
        let azimuth: Double
        let distance: Double
        let to: [Double]
        let finalAzimuth: Double
    }

    let generator: String
    let inverse: [Inverse]
    let lines: [Line]
    let polygons: [PolygonCase]
    let destinations: [Destination]

    static func load() throws -> GeodesicReference {
        try ReferenceFixtures.load("geodesic_reference", as: GeodesicReference.self)
    }
}

/// `Fixtures/transform_reference.json`: lon/lat in, easting/northing out, per target CRS.
struct TransformReference: Decodable {
    struct Point: Decodable {
        let name: String
        let lonLat: [Double]
        let xy: [Double]
    }

    struct Case: Decodable {
        let source: String
        let target: String
        let title: String
        let points: [Point]
    }

    let generator: String
    let transforms: [Case]

    static func load() throws -> TransformReference {
        try ReferenceFixtures.load("transform_reference", as: TransformReference.self)
    }
}
