import Foundation
import Testing

/// The README quotes the Swift examples: after a line `<!-- quote: PATH NAME -->` comes a
/// ```swift block that must equal the lines between `// README: NAME begin` and
/// `// README: NAME end` in PATH, and every such pair in Sources/Examples is quoted.
@Suite struct ReadmeExamplesTests {
    struct Quote { var path: String, name: String, block: String }

    static let root = ExamplesProcess.packageRoot

    /// The quotes in README.md, in order.
    static func quotes() throws -> [Quote] {
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        let lines = readme.components(separatedBy: "\n")
        var quotes: [Quote] = []
        for (number, line) in lines.enumerated() {
            guard let match = line.wholeMatch(of: /<!-- quote: (\S+) (\S+) -->/) else { continue }
            var block: [String] = []
            var index = number + 1
            guard index < lines.count, lines[index] == "```swift" else {
                Issue.record("README.md:\(number + 1): a quote marker must be followed by a ```swift block")
                continue
            }
            index += 1
            while index < lines.count, lines[index] != "```" {
                block.append(lines[index])
                index += 1
            }
            quotes.append(Quote(path: String(match.1), name: String(match.2), block: block.joined(separator: "\n")))
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
