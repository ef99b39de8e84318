import Foundation
import MapGeoJSON
import Testing

@testable import MapRouting

@Suite struct RoadNetworkFileTests {
    static let tiny: RoadNetwork = try! RoadNetwork(segments: [
        RoadTinyGraphTests.road("AB", [(0, 0), (10, 0)], oneway: "yes"),
        RoadTinyGraphTests.road("AC", [(0, 0), (5, 5)]),
        RoadTinyGraphTests.road("CB", [(5, 5), (10, 0)]),
    ])

    @Test func streetNamesRefsAndRoundaboutsSurviveTheFile() throws {
        var ring = RoadTinyGraphTests.road("ring", [(0, 0), (3, 3)], junction: "roundabout")
        ring.name = "Plaça"
        var numbered = RoadTinyGraphTests.road("cg", [(3, 3), (6, 0)])
        numbered.ref = "CG-2"
        numbered.name = "Avinguda"
        let network = try RoadNetwork(segments: [ring, numbered, RoadTinyGraphTests.road("plain", [(6, 0), (0, 0)])])
        let loaded = try RoadNetwork(serialized: network.serialized())
        for graph in [network.graph, loaded.graph] {
            #expect((0..<3).map(graph.name(ofSegment:)) == ["Plaça", "Avinguda", nil])
            #expect((0..<3).map(graph.ref(ofSegment:)) == [nil, "CG-2", nil])
            #expect((0..<3).map(graph.junction(ofSegment:)) == [.roundabout, .none, .none])
        }
        // A name index out of the table is refused, not read out of bounds.
        var graph = network.graph
        graph.segmentName[1] = 99
        #expect(throws: RoadNetworkError.self) { try RoadNetworkFileCheck.check(graph) }
    }

    @Test func roundTripGivesTheSameAnswers() throws {
        let bytes = Self.tiny.serialized()
        let loaded = try RoadNetwork(serialized: bytes)
        #expect(loaded.serialized() == bytes)
        #expect(loaded.report == Self.tiny.report)
        let before = RoadQuerySession(Self.tiny), after = RoadQuerySession(loaded)
        let from = RoadTinyGraphTests.p(9, 0), to = RoadTinyGraphTests.p(1, 0)
        #expect(try before.directions(from: from, to: to) == after.directions(from: from, to: to))
    }

    @Test(.enabled(if: RoadTestData.isAvailable, RoadTestData.missingMessage))
    func andorraRoundTripThroughAFile() throws {
        let network = try #require(RoadTestData.andorra)
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("andorra-\(UUID()).roads")
        defer { try? FileManager.default.removeItem(at: url) }
        try network.write(to: url)
        let loaded = try RoadNetwork(contentsOf: url)
        #expect(loaded.preparedMetrics == [.time, .distance])
        let stops = try RoadTestData.points("real/andorra/stops.geojson").prefix(20).map { $0 }
        let before = RoadQuerySession(network), after = RoadQuerySession(loaded)
        #expect(
            try before.matrices(from: stops, to: stops, allowUnreachable: true)
                == after.matrices(from: stops, to: stops, allowUnreachable: true))
    }

    private func reason(_ bytes: [UInt8]) -> String? {
        do {
            _ = try RoadNetwork(serialized: bytes)
            return nil
        } catch {
            guard case .unreadableFile(let reason) = error else { return "wrong error \(error)" }
            return reason
        }
    }

    @Test func damagedFilesAreClearErrors() {
        let bytes = Self.tiny.serialized()
        var flipped = bytes
        flipped[bytes.count / 2] ^= 0x40
        #expect(reason(flipped)?.contains("checksum mismatch") == true)
        #expect(reason(Array(bytes.prefix(bytes.count - 100)))?.contains("checksum mismatch") == true)
        #expect(reason(Array(bytes.prefix(10)))?.contains("not a MapEngine road network file") == true)
        #expect(reason(Array("{\"type\":\"FeatureCollection\"}".utf8))?.contains("not a MapEngine") == true)
        var newer = bytes
        newer[8] = 4
        #expect(reason(newer)?.contains("version 4, written by a newer mapctl") == true)
        // Files of versions 1 and 2 have no street names: refused with how to prepare them again.
        for version: UInt8 in [1, 2] {
            var older = bytes
            older[8] = version
            #expect(reason(older)?.contains("version \(version), written by an earlier mapctl") == true)
            #expect(reason(older)?.contains("prepare the network again from its road layer") == true)
        }
        #expect(reason([]) != nil)
    }

    @Test func aConsistentChecksumDoesNotHideBadIndices() throws {
        // What a buggy writer could produce with a valid checksum: the structure check catches it.
        var graph = Self.tiny.graph
        graph.segmentFrom[0] = 99
        #expect(throws: RoadNetworkError.self) { try RoadNetworkFileCheck.check(graph) }
        graph = Self.tiny.graph
        graph.outStart[1] = 1_000
        #expect(throws: RoadNetworkError.self) { try RoadNetworkFileCheck.check(graph) }
        var hierarchy = try #require(Self.tiny.hierarchies[0])
        try RoadNetworkFileCheck.check(hierarchy, of: Self.tiny.graph)
        // A shortcut whose child is itself would make unpacking loop forever.
        hierarchy.edgeOriginal[0] = -1
        hierarchy.edgeFirstChild[0] = 0
        hierarchy.edgeSecondChild[0] = 0
        #expect(throws: RoadNetworkError.self) { try RoadNetworkFileCheck.check(hierarchy, of: Self.tiny.graph) }
    }
}
