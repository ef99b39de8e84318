import Foundation
import Testing
@testable import MapGeometry

@Suite("PROJ coordinate transforms")
struct CoordinateTransformTests {
    @Test func lonLatOrderEvenForLatitudeFirstCRS() throws {
        // `printf "47.3769 8.5417\n" | cs2cs -f %.6f EPSG:4326 EPSG:2056` (PROJ 9.1.1): 2683303.893739, 1247925.627898.
        let zurich = try CoordinateTransform(from: "EPSG:4326", to: "EPSG:2056")
            .transform(Coordinate(x: 8.5417, y: 47.3769))
        #expect(abs(zurich.x - 2_683_303.893_739) < 1e-3)
        #expect(abs(zurich.y - 1_247_925.627_898) < 1e-3)
    }

    @Test func inverseReturnsTheInput() throws {
        let transform = try CoordinateTransform.cached(from: "EPSG:4326", to: "EPSG:3857")
        var coordinates = (0..<1000).map { Coordinate(x: -179.9 + Double($0) * 0.35, y: -80 + Double($0) * 0.16) }
        let original = coordinates
        try transform.transform(&coordinates)
        try transform.transform(&coordinates, inverse: true)
        for (back, start) in zip(coordinates, original) {
            #expect(abs(back.x - start.x) < 1e-9 && abs(back.y - start.y) < 1e-9)
        }
    }

    @Test func unknownCRSIsAClearError() {
        do {
            _ = try CoordinateTransform(from: "EPSG:4326", to: "EPSG:999999")
            Issue.record("an unknown CRS was accepted")
        } catch {
            #expect(error.kind == .cannotCreateTransform)
            #expect(error.description.contains("EPSG:999999"))
        }
    }

    @Test func untransformableCoordinateIsNamed() throws {
        let transform = try CoordinateTransform.cached(from: "EPSG:4326", to: "EPSG:3857")
        var coordinates = [Coordinate(x: 10, y: 50), Coordinate(x: 10, y: 90.5)]
        do {
            try transform.transform(&coordinates)
            Issue.record("latitude 90.5 was transformed")
        } catch {
            #expect(error.kind == .coordinateNotTransformable(index: 1))
        }
    }

    @Test func geometryKeepsItsShape() throws {
        let ring = try LinearRing([Position(10, 50), Position(11, 50), Position(11, 51), Position(10, 50)])
        let projected = try CoordinateTransform.cached(from: "EPSG:4326", to: "EPSG:32632")
            .transform(Geometry.polygon(Polygon([ring])))
        guard case let .polygon(polygon) = projected else { Issue.record("not a polygon"); return }
        #expect(polygon.rings[0].positions.count == 4)
        #expect(polygon.rings[0].positions[0] == polygon.rings[0].positions[3])
        #expect(polygon.rings[0].positions[0].latitude > 5_000_000, "northing in metres")
    }
}

@Suite("PROJ CRS definitions")
struct CoordinateReferenceSystemInputTests {
    /// The same UTM 32N transform named three ways gives the same numbers.
    @Test func epsgProjStringAndWKTAgree() throws {
        let wkt = """
            PROJCS["WGS 84 / UTM zone 32N",GEOGCS["WGS 84",DATUM["WGS_1984",SPHEROID["WGS 84",6378137,298.257223563]],\
            PRIMEM["Greenwich",0],UNIT["degree",0.0174532925199433]],PROJECTION["Transverse_Mercator"],\
            PARAMETER["latitude_of_origin",0],PARAMETER["central_meridian",9],PARAMETER["scale_factor",0.9996],\
            PARAMETER["false_easting",500000],PARAMETER["false_northing",0],UNIT["metre",1]]
            """
        let point = Coordinate(x: 10.75, y: 59.91)
        let byCode = try CoordinateTransform(from: "EPSG:4326", to: "EPSG:32632").transform(point)
        let byString = try CoordinateTransform(from: "EPSG:4326", to: "+proj=utm +zone=32 +datum=WGS84 +units=m +no_defs")
            .transform(point)
        let byWKT = try CoordinateTransform(from: "EPSG:4326", to: wkt).transform(point)
        #expect(abs(byCode.x - byString.x) < 1e-6 && abs(byCode.y - byString.y) < 1e-6)
        #expect(abs(byCode.x - byWKT.x) < 1e-6 && abs(byCode.y - byWKT.y) < 1e-6)
    }
}
