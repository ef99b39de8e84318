import Foundation
import MapGeometry
import MapQuery
import Testing
import TestSupport

@Suite("Text folding")
struct TextFoldingTests {
    @Test(arguments: [
        ("Zürich", "zurich"), ("São Paulo", "sao paulo"), ("Straße", "strasse"), ("Łódź", "lodz"),
        ("ÅLESUND", "alesund"), ("Ærøskøbing", "aeroskobing"), ("Đà Nẵng", "da nang"), ("İstanbul", "istanbul"),
        ("Helsinki", "helsinki"), ("東京", "東京"),
    ])
    func folds(text: String, folded: String) {
        #expect(TextFolding.folded(text) == folded)
    }
}

/// Search over the 34,024 GeoNames places with a population of 15,000 or more.
@Suite("Search over GeoNames places", .enabled(if: SharedData.isAvailable, SharedData.missingMessage))
struct TextSearchTests {
    let places: FixtureFeatures
    let index: FeatureIndex

    /// Built once for all tests of the suite (folding 34,024 names takes a while in debug builds).
    private static let shared: Result<(FixtureFeatures, FeatureIndex), Error> = Result {
        let places = try FixtureFeatures.load("real/places_15000.geojson")
        return (places, FeatureIndex(places.features))
    }

    init() throws {
        (places, index) = try Self.shared.get()
    }

    func names(_ page: SearchPage) -> [String] { page.hits.map { places.string("name", $0.item)! } }

    @Test func findsZurichWithoutUmlaut() throws {
        let page = try index.search("zurich")
        #expect(names(page).first == "Zürich")
        #expect(page.hits.first?.match == .exact)
        #expect(try index.search("ZÜRICH").hits.first?.item == page.hits.first?.item)
    }

    @Test func findsSaoPauloFromAPrefix() throws {
        let page = try index.search("sao p")
        #expect(names(page).contains("São Paulo"))
        #expect(page.hits.allSatisfy { $0.match == .prefix })
    }

    /// The words of a folded text: runs of ASCII letters and digits and of non-ASCII characters.
    static func words(_ folded: String) -> [Substring] {
        folded.split { $0.isASCII && !$0.isLetter && !$0.isNumber }
    }

    @Test func ranksWordStartsAboveOtherSubstrings() throws {
        let paulo = try index.search("paulo")
        #expect(paulo.hits.first { places.string("name", $0.item) == "São Paulo" }?.match == .wordStart)
        #expect(paulo.hits.allSatisfy { $0.match == .prefix || $0.match == .wordStart })
        // "San" starting a later word ("Puerto San José") ranks above "san" inside a word
        // ("Pasana"); places_15000 holds both kinds (67 and 159 of them).
        let san = try index.search("san", pageSize: 100_000).hits
        let wordStarts = san.indices.filter { san[$0].match == .wordStart }
        let substrings = san.indices.filter { san[$0].match == .substring }
        #expect(wordStarts.count == 67 && substrings.count == 159)
        #expect(wordStarts.last! < substrings.first!)
    }

    @Test("exact matches first, then prefix, word start, substring", arguments: ["paris", "san", "berg", "york", "y"])
    func ranksExactFirst(query: String) throws {
        let all = try index.search(query, pageSize: 100_000)
        #expect(all.total == all.hits.count)
        #expect(all.hits.map(\.match) == all.hits.map(\.match).sorted())
        for hit in all.hits {
            let folded = TextFolding.folded(places.string("name", hit.item)!)
            switch hit.match {
            case .exact: #expect(folded == query)
            case .prefix: #expect(folded.hasPrefix(query) && folded != query)
            case .wordStart: #expect(!folded.hasPrefix(query) && Self.words(folded).contains { $0.hasPrefix(query) })
            case .substring: #expect(folded.contains(query) && !Self.words(folded).contains { $0.hasPrefix(query) })
            }
        }
        // The same set as a plain scan with Foundation's folding (these queries have no ß, ø, …).
        let expected = places.features.indices.filter { item in
            places.string("name", item)!.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
                .contains(query)
        }
        #expect(all.hits.map(\.item).sorted() == expected)
        #expect(!expected.isEmpty)
    }

    @Test func pagesSplitTheSameRanking() throws {
        let all = try index.search("san", pageSize: 100_000)
        var paged: [SearchHit] = []
        var page = 1
        while true {
            let next = try index.search("san", page: page, pageSize: 37)
            paged += next.hits
            #expect(next.total == all.total)
            if !next.hasMore { break }
            page += 1
        }
        #expect(paged == all.hits)
    }

    @Test func nearerFirstWithinEachMatchKind() throws {
        let buenosAires = try Position(-58.38, -34.60)
        let all = try index.search("san", near: buenosAires, pageSize: 100_000)
        #expect(all.hits.map(\.match) == all.hits.map(\.match).sorted())
        for (previous, next) in zip(all.hits, all.hits.dropFirst()) where previous.match == next.match {
            #expect(previous.distance! <= next.distance!)
        }
        // The nearest "San …" to Buenos Aires is an Argentine place, measured geodesically.
        let first = all.hits.first { $0.match == .prefix }!
        #expect(places.string("cc", first.item) == "AR")
        let position = try #require(places.features[first.item].geometry.flatMap { geometry -> Position? in
            if case let .point(position) = geometry { position } else { nil }
        })
        #expect(abs(first.distance! - Geodesic.distance(from: buenosAires, to: position)) < 1e-6)
    }

    @Test func searchHonoursFilters() throws {
        let finnish = try index.search("a", pageSize: 100_000, filter: .equals("cc", "FI"))
        #expect(finnish.total > 0)
        #expect(finnish.hits.allSatisfy { places.string("cc", $0.item) == "FI" })
        #expect(try index.search("", pageSize: 10).total == 0)
    }
}
