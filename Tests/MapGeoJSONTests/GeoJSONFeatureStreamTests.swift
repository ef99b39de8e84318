import Foundation
import Testing
@testable import MapGeoJSON

@Suite("GeoJSON feature stream")
struct GeoJSONFeatureStreamTests {
    func all(_ text: String, _ options: GeoJSONReader.Options = .init()) throws(GeoJSONError) -> [Feature] {
        var stream = GeoJSONReader(options: options).featureStream(bytes: Array(text.utf8), fileName: "s.geojson")
        var features: [Feature] = []
        while let feature = try stream.next() { features.append(feature) }
        return features
    }

    @Test func streamsTheSampleDataLikeTheWholeReader() throws {
        let path = MapctlSample.path("objects.geojson")
        var stream = try GeoJSONReader().featureStream(contentsOfFile: path)
        var streamed: [Feature] = []
        while let feature = try stream.next() { streamed.append(feature) }
        let whole = try GeoJSONReader().read(contentsOfFile: path)
        #expect(streamed == whole.features)
        #expect(streamed.count == 3841)
        #expect(stream.foreignMembers.map(\.name) == ["attribution"])
        #expect(try stream.next() == nil)
    }

    @Test func streamsEveryShapeOfInput() throws {
        let point = #"{"type":"Point","coordinates":[1,2]}"#
        #expect(try all(point).count == 1)
        #expect(try all(#"{"type":"Feature","geometry":null,"properties":null}"#).count == 1)
        let lines = [point, #"{"type":"Feature","geometry":null,"properties":{"i":1}}"#].joined(separator: "\n") + "\n"
        #expect(try all(lines).count == 2)
        #expect(try all("\u{1E}" + point + "\n\u{1E}" + point + "\n").count == 2)
        #expect(try all(#"{"type":"FeatureCollection","features":[],"bbox":[0,0,1,1]}"#).isEmpty)
        let trailing = #"{"type":"FeatureCollection","features":[{"type":"Feature","geometry":null,"properties":null}],"name":"late"}"#
        var stream = GeoJSONReader().featureStream(bytes: Array(trailing.utf8))
        #expect(try stream.next() != nil)
        #expect(try stream.next() == nil)
        #expect(stream.foreignMembers.map(\.name) == ["name"])
    }

    @Test func errorsAreLocatedAndLenientModeSkips() throws {
        let text = """
            {"type":"FeatureCollection","features":[
            {"type":"Feature","id":1,"geometry":null,"properties":null},
            {"type":"Feature","id":2,"geometry":{"type":"Point","coordinates":[0,-91]},"properties":null},
            {"type":"Feature","id":3,"geometry":null,"properties":null}]}
            """
        var stream = GeoJSONReader().featureStream(bytes: Array(text.utf8), fileName: "s.geojson")
        #expect(try stream.next()?.id == 1)
        do { _ = try stream.next(); Issue.record("no error") } catch {
            #expect(error.description.hasPrefix("s.geojson:3:"))
            #expect(error.path == "features[1].geometry.coordinates")
        }
        #expect(try stream.next() == nil)  // finished after an error
        var options = GeoJSONReader.Options()
        options.lenient = true
        #expect(try all(text, options).map(\.id) == [1, 3])
    }
}
