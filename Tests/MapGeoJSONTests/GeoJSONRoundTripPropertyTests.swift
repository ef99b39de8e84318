import PropertyBased
import Testing
@testable import MapGeometry
@testable import MapGeoJSON

/// Random geometries and properties: read(write(x)) == x.
@Suite("GeoJSON round trip over random values")
struct GeoJSONRoundTripPropertyTests {
    static let position = zip(Gen.double(in: -180...180), Gen.double(in: -90...90), Gen.double(in: -500...9000).optional)
        .map { Position(uncheckedLongitude: $0, latitude: $1, altitude: $2) }

    static let positions = position.array(of: 2...12)

    /// A closed ring of 4+ positions.
    static let ring = position.array(of: 3...12).map { points in LinearRing(unchecked: points + [points[0]]) }

    static let polygon = ring.array(of: 0...3).map { Polygon($0) }

    static let geometry = Gen<Geometry>.oneOf(
        position.map { Geometry.point($0) }.eraseToAnySequence(),
        positions.map { Geometry.multiPoint(MultiPoint($0)) }.eraseToAnySequence(),
        positions.map { Geometry.lineString(LineString(unchecked: $0)) }.eraseToAnySequence(),
        positions.array(of: 0...3).map { Geometry.multiLineString(MultiLineString($0.map { LineString(unchecked: $0) })) }.eraseToAnySequence(),
        polygon.map { Geometry.polygon($0) }.eraseToAnySequence(),
        polygon.array(of: 0...3).map { Geometry.multiPolygon(MultiPolygon($0)) }.eraseToAnySequence()
    )

    /// Property values: strings with quotes, backslashes, control characters and non-ASCII; numbers; booleans; null.
    static let text = Gen.unicodeScalar(in: "\u{0}"..."\u{2FF}").array(of: 0...12)
        .map { String(String.UnicodeScalarView($0)) }

    static let value = Gen<JSONValue>.oneOf(
        text.map { JSONValue.string($0) }.eraseToAnySequence(),
        Gen.double(in: -1e9...1e9).map { JSONValue.number($0) }.eraseToAnySequence(),
        Gen.bool().map { JSONValue.bool($0) }.eraseToAnySequence(),
        Gen.always(JSONValue.null).eraseToAnySequence()
    )

    static let properties = zip(text, value).array(of: 0...5).map { pairs in
        Properties(pairs.enumerated().map { index, pair in ("\(pair.0)#\(index)", pair.1) })
    }

    static let feature = zip(geometry.optional, properties, text.optional).map { geometry, properties, id in
        Feature(id: id.map { .string($0) }, geometry: geometry, properties: properties)
    }

    @Test func geometryRoundTripsExactlyAtFullPrecision() async {
        var options = GeoJSONWriter.Options()
        options.precision = nil
        let writer = GeoJSONWriter(options: options)
        await propertyCheck(count: 300, input: Self.geometry) { geometry in
            let text = writer.string(geometry)
            #expect(throws: Never.self) {
                let back = try GeoJSONReader(options: .planarForTests).read(string: text)
                #expect(back.object == .geometry(geometry), "\(text)")
            }
        }
    }

    @Test func featuresRoundTripCompactAndPretty() async {
        var compact = GeoJSONWriter.Options()
        compact.precision = nil
        var pretty = compact
        pretty.pretty = true
        await propertyCheck(count: 200, input: Self.feature.array(of: 0...4)) { features in
            let collection = FeatureCollection(features: features)
            for options in [compact, pretty] {
                let text = GeoJSONWriter(options: options).string(collection)
                #expect(throws: Never.self) {
                    let back = try GeoJSONReader(options: .planarForTests).read(string: text)
                    #expect(back.featureCollection == collection, "\(text)")
                }
            }
        }
    }

    @Test func sevenDecimalOutputIsStableAndWithinHalfAUnit() async {
        let writer = GeoJSONWriter()
        await propertyCheck(count: 300, input: Self.geometry) { geometry in
            let first = writer.encode(geometry)
            #expect(throws: Never.self) {
                let back = try GeoJSONReader(options: .planarForTests).read(bytes: first)
                guard case let .geometry(read) = back.object else { Issue.record("not a geometry"); return }
                #expect(writer.encode(read) == first)  // writing again changes nothing
                var original: [Position] = [], rounded: [Position] = []
                geometry.forEachPosition { original.append($0) }
                read.forEachPosition { rounded.append($0) }
                #expect(original.count == rounded.count)
                for (a, b) in zip(original, rounded) {
                    #expect(abs(a.longitude - b.longitude) <= 5.0001e-8 && abs(a.latitude - b.latitude) <= 5.0001e-8)
                }
            }
        }
    }
}

extension GeoJSONReader.Options {
    /// Random rings can wind either way and cross themselves: those are warnings, not
    /// errors, except a hole crossing its shell, which random rings do often; the
    /// crossing check is off here because the values are built unchecked.
    static var planarForTests: GeoJSONReader.Options {
        var options = GeoJSONReader.Options()
        options.checkRingCrossings = false
        return options
    }
}

/// The fast number parser against Swift's correctly rounded `Double(String)`.
@Suite("GeoJSON number parsing over random inputs")
struct GeoJSONNumberPropertyTests {
    func parse(_ text: String) -> Double? {
        let buffer = JSONBuffer(copying: Array(text.utf8))
        var scanner = JSONScanner(base: buffer.base, end: buffer.count)
        guard let number = try? scanner.scanNumber(), scanner.offset == buffer.count else { return nil }
        return number.value
    }

    @Test func shortestTextOfAnyDoubleReadsBackExactly() async {
        let bits = Gen.uint64(in: 0...UInt64.max).map { Double(bitPattern: $0) }.filter(\.isFinite)
        await propertyCheck(count: 2000, input: bits) { value in
            let text = value.description  // e.g. 1.2345e-300, 5e-324, 0.1
            #expect(parse(text) == Double(text), "\(text)")
        }
    }

    @Test func decimalDigitStringsMatchTheCorrectlyRoundedValue() async {
        let digits = Gen.number.string(of: 1...24)
        let input = zip(digits, digits, Gen.int(in: -30...30), Gen.bool())
        await propertyCheck(count: 2000, input: input) { integer, fraction, exponent, negative in
            let trimmed = integer.drop { $0 == "0" }
            let text = (negative ? "-" : "") + (trimmed.isEmpty ? "0" : String(trimmed)) + "." + fraction + "e\(exponent)"
            #expect(parse(text) == Double(text), "\(text)")
        }
    }
}
