import Foundation
import MapGeometry
import TestSupport
import Testing

/// Positions and boxes typed in a command line or a query string.
@Suite("Coordinates typed as text")
struct CoordinateTextTests {
    @Test("spaces, tabs and no-break spaces around the numbers are ignored, as Foundation's whitespace set ignores them")
    func spacesAroundNumbersAreIgnored() throws {
        #expect(try Position(lonLat: " 24.9384 ,\t60.1699 ") == (try Position(24.9384, 60.1699)))
        #expect(try Position(lonLat: "-74.0,\u{00A0}40.7\u{2009}") == (try Position(-74.0, 40.7)))
        let box = try BoundingBox(westSouthEastNorth: "24.93, 60.16 ,24.96,\t60.18")
        #expect([box.west, box.south, box.east, box.north] == [24.93, 60.16, 24.96, 60.18])
        // A box across the antimeridian keeps its order.
        #expect(try BoundingBox(westSouthEastNorth: "170,-20,-170,-10").west == 170)
    }

    @Test("the spaces trimmed are exactly those Foundation's whitespace set trims, for every character up to U+FFFF")
    func trimmedSpacesMatchFoundation() {
        for value in 0...0xFFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let text = "\(scalar)7\(scalar)"
            #expect(String(Substring(text).trimmingSpaces) == text.trimmingCharacters(in: .whitespaces), "U+\(String(value, radix: 16))")
        }
    }

    @Test("missing, extra or non-numeric parts are refused with an example of the form")
    func malformedTextIsRefused() {
        for text in ["24.9", "24.9,", ",60.1", "24.9,60.1,3", "24.9;60.1", "24.9,sixty", "", "2 4.9,60.1"] {
            #expect(throws: CoordinateTextError.self, "\(text)") { try Position(lonLat: text) }
        }
        for text in ["1,2,3", "1,2,3,4,5", "1,,3,4", "a,b,c,d", "1,2,3,4,"] {
            let error = #expect(throws: CoordinateTextError.self, "\(text)") { try BoundingBox(westSouthEastNorth: text) }
            #expect(error?.reason.contains("west,south,east,north") == true)
        }
    }

    @Test("a latitude typed first is named")
    func swappedOrderIsNamed() {
        let error = #expect(throws: CoordinateTextError.self) { try Position(lonLat: "60.1699,124.9384") }
        #expect(error?.reason.contains("outside -90…90") == true)
    }

    @Test("a number typed as decimal text is read bit for bit as Double(text) reads it, quick path or not")
    func decimalTextMatchesStandardLibrary() {
        var random = SeededGenerator(seed: 7)  // the same texts on every run, so a failure can be repeated
        var texts = ["0", "-0", "5.", ".5", "-.5", "-", "", ".", "--5", "+5", "1e5", "0x10", "inf", "nan", "1.50",
                     "007.25", "999999999999999", "9999999999999999", "0.000000000000001", "-179.99999999999999",
                     "1.2.3", "12a", " 1", "1 ", "90", "-85.0511287798066"]
        for _ in 0..<20_000 {
            let digits = (0..<Int.random(in: 1...18, using: &random)).map { _ in String(Int.random(in: 0...9, using: &random)) }
            var text = digits.joined()
            if Bool.random(using: &random) { text.insert(".", at: text.index(text.startIndex, offsetBy: Int.random(in: 0...text.count, using: &random))) }
            if Bool.random(using: &random) { text = "-" + text }
            texts.append(text)
        }
        for text in texts {
            #expect(Double(decimalText: text[...])?.bitPattern == Double(text)?.bitPattern, "\(text)")
        }
    }

    @Test("a box read straight from its bytes gives the numbers the general reading gives, or is read the general way")
    func plainDecimalsMatchGeneralReading() {
        var random = SeededGenerator(seed: 11)
        let numbers = ["0", "-0", "5.", ".5", "-.5", "", "+5", "1e5", "inf", "1.50", "999999999999999", "9999999999999999",
                       "-179.99999999999999", "1.2.3", "24.93", "-36.27914", "170", "-85.0511287798066"]
        let spaces = ["", "", " ", "  ", "\t", "\u{00A0}"]
        for _ in 0..<20_000 {
            let fields = (0..<Int.random(in: 1...5, using: &random)).map { _ in
                spaces.randomElement(using: &random)! + numbers.randomElement(using: &random)! + spaces.randomElement(using: &random)!
            }
            let text = fields.joined(separator: ",")
            let general = text.commaSeparatedFields.map { Double(decimalText: $0) }
            let expected = general.count == 4 && !general.contains(nil) ? general.map { $0!.bitPattern } : nil
            #expect(text.commaSeparatedDecimals(count: 4)?.map(\.bitPattern) == expected, "\(text)")
        }
    }
}
