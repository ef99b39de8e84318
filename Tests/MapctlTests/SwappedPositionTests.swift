import Foundation
import TestSupport
import Testing

/// A position typed as lat,lon instead of lon,lat gets a warning when it lands outside the data
/// and its swap lands inside; a position that fits the data gets none.
@Suite("Swapped longitude and latitude")
struct SwappedPositionTests {
    @Test("a swapped position is named with the order to write", arguments: [
        (["query", "--near", "60.17,24.94", "--radius", "100", "Data/objects.geojson"], "--near"),
        (["query", "--nearest", "3", "--at", "60.17,24.94", "Data/objects.geojson"], "--at"),
        (["route", "--start", "60.1699,24.9384", "--iterations", "10", "Data/stops.geojson"], "--start"),
        (["route", "--end", "60.1699,24.9384", "--iterations", "10", "Data/stops.geojson"], "--end"),
        (["directions", "--roads", "Data/roads.geojson", "--from", "24.9384,60.1699", "--to", "60.1675,24.9521"], "--to"),
    ])
    func warned(arguments: [String], option: String) throws {
        let result = try MapctlProcess.run(arguments)
        let warning = "warning: \(option) "
        #expect(result.standardError.contains(warning), "\(result.standardError)")
        #expect(result.standardError.contains("lies outside the data"))
        #expect(result.standardError.contains("positions are lon,lat, longitude first"))
    }

    @Test("a position in or near the data, or far from both readings, gets no warning", arguments: [
        ["query", "--near", "24.94,60.17", "--radius", "100", "Data/objects.geojson"],
        ["query", "--nearest", "3", "--at", "24.99,60.20", "Data/objects.geojson"],
        ["query", "--nearest", "3", "--at", "-74.0,40.7", "Data/objects.geojson"],
        ["route", "--start", "24.9384,60.1699", "--iterations", "10", "Data/stops.geojson"],
        ["directions", "--roads", "Data/roads.geojson", "--from", "24.9384,60.1699", "--to", "24.9521,60.1675"],
    ])
    func quiet(arguments: [String]) throws {
        let result = try MapctlProcess.run(arguments)
        #expect(!result.standardError.contains("warning:"), "\(result.standardError)")
    }

    @Test("a latitude out of range that reads as a longitude gets the order to write")
    func outOfRange() throws {
        let result = try MapctlProcess.run(["query", "--near", "24.94,160.17", "--radius", "10", "Data/objects.geojson"])
        #expect(result.status == 64)
        #expect(result.standardError.contains("--near '24.94,160.17' has latitude 160.17, outside -90…90; longitude comes first: 160.17,24.94"),
                "\(result.standardError)")
        let text = try MapctlProcess.run(["route", "--start", "24.9;60.1", "Data/stops.geojson"])
        #expect(text.status == 64)
        #expect(text.standardError.contains("--start '24.9;60.1' is not lon,lat in degrees"), "\(text.standardError)")
    }
}
