import Foundation
import Testing

/// The README and the DocC articles quote the Swift examples: after a line
/// `<!-- quote: PATH NAME -->` comes a ```swift block that must equal the lines between
/// `// README: NAME begin` and `// README: NAME end` in PATH, and every such pair in
/// Sources/Examples is quoted in the README. `python3 Tests/Scripts/quote_examples.py`
/// pastes the source again after an example changed.
@Suite struct ReadmeExamplesTests {
    struct Quote { var document: String, path: String, name: String, block: String }

    static let root = ExamplesProcess.packageRoot

    /// The DocC articles of the library modules (`Sources/*/*.docc/*.md`).
    static func articles() throws -> [String] {
        let sources = root.appendingPathComponent("Sources")
        return try FileManager.default.contentsOfDirectory(atPath: sources.path).sorted().flatMap { module in
            let catalog = "Sources/\(module)/\(module).docc"
            let files = (try? FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent(catalog).path)) ?? []
            return files.filter { $0.hasSuffix(".md") }.sorted().map { "\(catalog)/\($0)" }
        }
    }

    /// The quotes in `document` (a path from the package folder), in order.
    static func quotes(in document: String = "README.md") throws -> [Quote] {
        let text = try String(contentsOf: root.appendingPathComponent(document), encoding: .utf8)
        let lines = text.components(separatedBy: "\n")
        var quotes: [Quote] = []
        for (number, line) in lines.enumerated() {
            guard let match = line.wholeMatch(of: /<!-- quote: (\S+) (\S+) -->/) else { continue }
            var block: [String] = []
            var index = number + 1
            guard index < lines.count, lines[index] == "```swift" else {
                Issue.record("\(document):\(number + 1): a quote marker must be followed by a ```swift block")
                continue
            }
            index += 1
            while index < lines.count, lines[index] != "```" {
                block.append(lines[index])
                index += 1
            }
            quotes.append(Quote(document: document, path: String(match.1), name: String(match.2), block: block.joined(separator: "\n")))
        }
        return quotes
    }

    /// The lines between the begin and end markers named `name` in `path`.
    static func source(_ path: String, _ name: String) throws -> String? {
        let text = try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
        let lines = text.components(separatedBy: "\n")
        guard let begin = lines.firstIndex(of: "// README: \(name) begin"),
            let end = lines.firstIndex(of: "// README: \(name) end"), begin < end
        else { return nil }
        return lines[(begin + 1)..<end].joined(separator: "\n")
    }

    @Test func everyQuotedBlockEqualsItsSource() throws {
        let quotes = try Self.quotes()
        #expect(quotes.count >= 6, "README.md quotes \(quotes.count) examples")
        for quote in quotes {
            let source = try #require(try Self.source(quote.path, quote.name), "\(quote.path) has no '// README: \(quote.name) begin/end'")
            #expect(quote.block == source, "README.md's \(quote.name) block differs from \(quote.path); paste the source again")
        }
    }

    @Test func everyArticleQuoteEqualsItsSource() throws {
        let articles = try Self.articles()
        #expect(articles.count >= 8, "a landing page and a getting-started article per library: \(articles)")
        var count = 0
        for article in articles {
            for quote in try Self.quotes(in: article) {
                count += 1
                let source = try #require(try Self.source(quote.path, quote.name), "\(article): \(quote.path) has no '\(quote.name)' example")
                #expect(quote.block == source, "\(article)'s \(quote.name) block differs from \(quote.path); run python3 Tests/Scripts/quote_examples.py")
            }
        }
        #expect(count >= 10, "the getting-started articles quote \(count) examples")
    }

    @Test func everyExampleInTheSourcesIsQuoted() throws {
        let quoted = Set(try Self.quotes().map { "\($0.path) \($0.name)" })
        let folder = Self.root.appendingPathComponent("Sources/Examples")
        for file in try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() where file.hasSuffix(".swift") {
            let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            for match in text.matches(of: /\/\/ README: (\S+) begin/) {
                #expect(quoted.contains("Sources/Examples/\(file) \(match.1)"), "Sources/Examples/\(file)'s \(match.1) example is not in README.md")
            }
        }
    }
}
