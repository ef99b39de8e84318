import MapGeometry
import Testing
@testable import MapEditing

@Suite("Business rules and measures")
struct RulesAndMeasuresTests {
    /// About 111 m × 55.6 m at 60° N (0.002° of longitude, 0.0005° of latitude).
    static let plot: Geometry = .polygon(try! Polygon([[
        Position(24.940, 60.170), Position(24.942, 60.170), Position(24.942, 60.1705),
        Position(24.940, 60.1705), Position(24.940, 60.170),
    ]]))

    @Test func measuresAreGeodesic() {
        let measures = EditMeasures(Self.plot)
        // Width: 0.002° × 111,412 m/° × cos 60.17° ≈ 111.0 m; height 0.0005° × 111,412 m ≈ 55.7 m.
        #expect(abs(measures.area - 6180) < 40, "\(measures.area)")
        #expect(abs(measures.perimeter - 2 * (111.0 + 55.7)) < 1, "\(measures.perimeter)")
        #expect(measures.length == 0 && measures.hasArea && !measures.hasLength)
        let line = EditMeasures(.lineString(try! LineString([Position(0, 0), Position(0, 1)])))
        // One degree of latitude at the equator: 110,574.4 m on WGS84.
        #expect(abs(line.length - 110_574.4) < 0.5)
        #expect(abs(line.length(in: .kilometres) - 110.5744) < 0.001)
        #expect(abs(line.length(in: .miles) - 110_574.4 / 1609.344) < 0.001)
    }

    @Test func unitConversionsAreExact() {
        #expect(LengthUnit.feet.toMetres(1) == 0.3048)
        #expect(LengthUnit.miles.fromMetres(1609.344) == 1)
        #expect(AreaUnit.hectares.fromSquareMetres(25_000) == 2.5)
        #expect(abs(AreaUnit.acres.fromSquareMetres(4046.8564224) - 1) < 1e-15)
        #expect(abs(AreaUnit.squareFeet.toSquareMetres(1) - 0.3048 * 0.3048) < 1e-15)
        for unit in AreaUnit.allCases { #expect(abs(unit.toSquareMetres(unit.fromSquareMetres(1234.5)) - 1234.5) < 1e-9) }
    }

    @Test func sizeAndDetailRules() throws {
        let rules = EditRules(minimumArea: 10_000, maximumVertexCount: 3, minimumVertexDistance: 60)
        let report = try EditValidator(options: ValidationOptions(rules: rules)).validate(Self.plot)
        #expect(report.errors.map(\.kind) == [.areaTooSmall, .tooManyVertices, .verticesTooClose, .verticesTooClose])
        #expect(report.errors[0].userMessage.hasPrefix("The area is 61"))
        #expect(report.errors[0].userMessage.hasSuffix("it must be at least 1 ha."))
        #expect(report.errors[2].index == DrawingIndex(ring: 0, vertex: 2))
        let relaxed = EditRules(minimumArea: 1000, maximumArea: 7000, maximumVertexCount: 4, minimumVertexDistance: 50)
        #expect(try EditValidator(options: ValidationOptions(rules: relaxed)).validate(Self.plot).findings.isEmpty)
        let lineRules = EditRules(minimumLength: 200_000, maximumLength: 300_000)
        let line = Geometry.lineString(try LineString([Position(0, 0), Position(0, 1)]))
        #expect(try EditValidator(options: ValidationOptions(rules: lineRules)).validate(line).errors.map(\.kind) == [.lengthTooShort])
    }

    @Test func placementRules() throws {
        // Existing functional locations: one overlapping the plot's east half, one sharing its west edge.
        let east = ExistingGeometry(id: "FL-EAST", geometry: .polygon(try Polygon([[
            Position(24.941, 60.1701), Position(24.943, 60.1701), Position(24.943, 60.1704),
            Position(24.941, 60.1704), Position(24.941, 60.1701),
        ]])))
        let west = ExistingGeometry(id: "FL-WEST", geometry: .polygon(try Polygon([[
            Position(24.938, 60.170), Position(24.940, 60.170), Position(24.940, 60.1705),
            Position(24.938, 60.1705), Position(24.938, 60.170),
        ]])))
        let site = Geometry.polygon(try Polygon([[
            Position(24.939, 60.169), Position(24.9415, 60.169), Position(24.9415, 60.171),
            Position(24.939, 60.171), Position(24.939, 60.169),
        ]]))
        let rules = EditRules(allowedArea: site, mustNotOverlap: [east, west])
        let report = try EditValidator(options: ValidationOptions(rules: rules)).validate(Self.plot)
        #expect(report.errors.map(\.kind) == [.outsideAllowedArea, .overlapsExisting])
        #expect(report.errors[1].userMessage == "The shape overlaps FL-EAST.")
        // The overlap is shown inside the overlapping part.
        let location = try #require(report.errors[1].location)
        #expect(location.longitude > 24.941 && location.longitude < 24.942)
        let outside = try #require(report.errors[0].location)
        #expect(outside.longitude > 24.9415)
    }
}
