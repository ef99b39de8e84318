import Foundation
import MapClustering
import Testing

/// A style file with a mistake is refused with the file, where (line:column, and the JSON path of a
/// wrong value) and what to write instead, in the user's words.
@Suite("Style file errors")
struct StyleFileErrorTests {
    @Test("each mistake names its place and never leaks the decoder's wording", arguments: [
        ("{\n  \"neutral\": \"#848F94\",\n}", "style.json:3:1"),
        (##"{"types": {"shop": {"color": "#5899DA",}}}"##, "style.json:1:40"),
        (##"{"types": {"shop": {"color": 3}}}"##, "style.json:1:30: types.shop.color: must be a string, found number 3"),
        (##"{"types": {"shop": {"color": "#5899DA", "title": ["Shops"]}}}"##, "style.json:1:50: types.shop.title: must be a string, found an array"),
        (##"{"types": {"shop": "red"}}"##, "style.json:1:20: types.shop: must be an object"),
        (##"{"types": ["shop"]}"##, "style.json:1:11: types: must be an object of type names, found an array"),
        (##"{"neutral": true}"##, "style.json:1:13: neutral: must be a string, found true"),
        (##"[1, 2]"##, "style.json:1:1: the top level must be an object"),
        (##"{"types": {"shop": {"title": "Shops"}}}"##, "style.json:1:20: types.shop: needs \"color\""),
    ])
    func located(json: String, expected: String) {
        do {
            _ = try ClusterStyle(json: Data(json.utf8), fileName: "style.json")
            Issue.record("accepted \(json)")
        } catch {
            #expect(error.description.contains(expected), "\(error.description)")
            #expect(error.description.hasPrefix("style.json"))
            for leak in ["Expected to decode", "Dictionary<", "JSONValue", "The operation could not be completed"] {
                #expect(!error.description.contains(leak), "\(error.description)")
            }
        }
    }

    @Test("a valid file still reads: colour spelling, titles, symbols, neutral")
    func valid() throws {
        let style = try ClusterStyle(json: Data(##"{"neutral": "#000000", "types": {"shop": {"colour": "#5899DA", "title": "Shops", "symbol": "cart"}}}"##.utf8))
        #expect(style.neutralColor == "#000000")
        #expect(style.types["shop"] == ClusterStyle.TypeStyle(color: "#5899DA", title: "Shops", symbol: "cart"))
    }
}
