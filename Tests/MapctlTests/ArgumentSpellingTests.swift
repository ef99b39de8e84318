import Foundation
import TestSupport
import Testing

/// Options as people type them: coordinates in the western and southern hemispheres after a
/// space or an `=`, and misspelled option names reported by name with a suggestion.
@Suite("Argument spelling")
struct ArgumentSpellingTests {
    /// Each command with an option whose value is a negative coordinate (or box), in space form.
    static let negativeValues: [[String]] = [
        ["query", "--near", "-74.0,40.7", "--radius", "500", "Data/objects.geojson"],
        ["query", "--nearest", "2", "--at", "-0.5,-10", "Data/objects.geojson"],
        ["query", "--search", "kauppa", "--at", "-24.9,-60.1", "--page-size", "3", "Data/objects.geojson"],
        ["cluster", "--zoom", "3", "--bbox", "-10,-20,30,70", "Data/objects.geojson"],
        ["route", "--start", "-0.1,51.5", "--iterations", "200", "--time-limit", "60000", "Data/stops.geojson"],
        ["directions", "--roads", "Data/roads.geojson", "--from", "24.9384,60.1699", "--to", "-24.9521,60.1675"],
    ]

    @Test("a negative coordinate after a space parses as after '='", arguments: negativeValues)
    func negativeCoordinates(arguments: [String]) throws {
        let spaced = try MapctlProcess.run(arguments)
        #expect(!spaced.standardError.contains("Missing value"), "\(spaced.standardError)")
        var joined: [String] = []
        var index = 0
        while index < arguments.count {
            if index + 1 < arguments.count, arguments[index + 1].hasPrefix("-"), arguments[index + 1].count > 1,
               arguments[index + 1].dropFirst().first!.isNumber {
                joined.append(arguments[index] + "=" + arguments[index + 1])
                index += 2
            } else {
                joined.append(arguments[index])
                index += 1
            }
        }
        #expect(joined != arguments)
        let equals = try MapctlProcess.run(joined)
        #expect(spaced.status == equals.status)
        #expect(spaced.standardOutput == equals.standardOutput)
        #expect(spaced.standardError == equals.standardError)
    }

    @Test("a negative value where none is allowed gets a range message", arguments: [
        (["query", "--search", "ka", "--page", "-1", "Data/objects.geojson"], "--page counts from 1"),
        (["query", "--near", "24.94,60.17", "--radius", "-5", "Data/objects.geojson"], "--radius must be 0 or more"),
        (["extents", "--device", "ipad", "--insets", "-5", "Data/objects.geojson"], "inset is -5"),
    ])
    func negativeOutOfRange(arguments: [String], message: String) throws {
        let result = try MapctlProcess.run(arguments)
        #expect(result.status != 0)
        #expect(result.standardError.contains(message), "\(result.standardError)")
        #expect(!result.standardError.contains("Missing value"))
    }

    @Test("a misspelled option is named with the nearest declared one", arguments: [
        (["cluster", "--zom", "3"], "--zom", "--zoom"),
        (["query", "--neer", "24.9,60.1"], "--neer", "--near"),
        (["directions", "--roads", "Data/roads.geojson", "--form", "24.9,60.1"], "--form", "--from"),
        (["extents", "--widht", "300"], "--widht", "--width"),
        (["route", "--strat", "24.9,60.1"], "--strat", "--start"),
    ])
    func misspelledOption(arguments: [String], typed: String, meant: String) throws {
        let result = try MapctlProcess.run(arguments + ["Data/objects.geojson"])
        #expect(result.status == 64)
        #expect(result.standardError.contains("Unknown option '\(typed)'. Did you mean '\(meant)'?"), "\(result.standardError)")
        #expect(result.standardError.contains("mapctl \(arguments[0])"))
    }
}
