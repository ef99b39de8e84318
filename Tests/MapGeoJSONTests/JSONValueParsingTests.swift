import MapGeoJSON
import Testing

@Suite("Strict JSON values")
struct JSONValueParsingTests {
    @Test func readsNestedValues() throws {
        let value = try JSONValue(parsing: Array(#"{"a": [1, -2.5, true, null, "é"], "b": {}}"#.utf8))
        #expect(value == .object(["a": [1, -2.5, true, nil, "é"], "b": .object([:])]))
    }

    @Test("trailing commas, comments and trailing data are errors with file, line and column", arguments: [
        ("{\n  \"a\": 1,\n}", 3, 1), ("[1, 2,]", 1, 7), ("{\"a\": 1} x", 1, 10), ("// no\n{}", 1, 1),
    ])
    func strictErrors(text: String, line: Int, column: Int) {
        #expect {
            _ = try JSONValue(parsing: Array(text.utf8), fileName: "vehicles.json")
        } throws: { error in
            guard let error = error as? GeoJSONError else { return false }
            return error.file == "vehicles.json" && error.line == line && error.column == column
        }
    }
}
