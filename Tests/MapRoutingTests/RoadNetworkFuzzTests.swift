import Foundation
import MapGeometry
import MapGeoJSON
import TestSupport
import Testing

@testable import MapRouting

/// A prepared road network file damaged on purpose, with its checksum recomputed so that only
/// the content checks can notice: every load either refuses the file with a clear reason or
/// gives exactly the original's routes. Never a crash, never a silently different route.
@Suite("Damaged prepared road networks")
struct RoadNetworkFuzzTests {
    static let network: RoadNetwork = {
        let document = try! GeoJSONReader().read(contentsOfFile: SharedData.packageRoot.appendingPathComponent("Data/roads.geojson").path)
        return try! RoadNetwork(segments: try! RoadSegment.segments(from: document.features))
    }()

    /// Routes (both metrics) between node positions, as comparable text (to a micrometre and a
    /// microsecond: a flip of a duration's last bit is no different answer); errors included.
    static func routes(_ network: RoadNetwork, pairs: [(Position, Position)]) -> [String] {
        let session = RoadQuerySession(network)
        return pairs.flatMap { from, to in
            [RoadMetric.time, .distance].map { metric in
                do {
                    let path = try session.directions(from: from, to: to, by: metric)
                    return String(format: "%.6f %.6f %d", path.distance, path.duration, path.positions.count)
                } catch {
                    return "error \(error)"
                }
            }
        }
    }

    static func damaged(_ original: [UInt8], kind: Int, random: inout SeededGenerator) -> [UInt8] {
        var bytes = Array(original.dropLast(4))
        let body = 12..<bytes.count  // after the magic and the version
        func put(_ word: [UInt8], at offset: Int) {
            for (index, byte) in word.enumerated() where offset + index < bytes.count { bytes[offset + index] = byte }
        }
        let offset = Int.random(in: body, using: &random)
        switch kind {
        case 0: bytes[offset] ^= UInt8(1) << UInt8.random(in: 0...7, using: &random)
        case 1: put(withUnsafeBytes(of: Double.nan.bitPattern.littleEndian, Array.init), at: offset)
        case 2: put(withUnsafeBytes(of: Double.infinity.bitPattern.littleEndian, Array.init), at: offset)
        case 3:
            let index = Int32.random(in: 0..<Int32(network.graph.nodeCount), using: &random)
            put(withUnsafeBytes(of: index.littleEndian, Array.init), at: offset)
        case 4:
            let other = Int.random(in: body, using: &random)
            for step in 0..<4 where offset + step < bytes.count && other + step < bytes.count {
                bytes.swapAt(offset + step, other + step)
            }
        default: bytes.removeLast(Int.random(in: 1..<(bytes.count - 12), using: &random))
        }
        let checksum = CRC32.checksum(bytes[...])
        withUnsafeBytes(of: checksum.littleEndian) { bytes.append(contentsOf: $0) }
        return bytes
    }

    @Test("seeded corruptions with a recomputed checksum: a clear refusal or the same routes", arguments: 0..<6)
    func corruptions(kind: Int) throws {
        let original = Self.network.serialized()
        var random = SeededGenerator(seed: UInt64(kind + 1))
        let nodes = (0..<Self.network.graph.nodeCount).map(Self.network.graph.position(ofNode:))
        let pairs = (0..<25).map { _ in (nodes.randomElement(using: &random)!, nodes.randomElement(using: &random)!) }
        let expected = Self.routes(Self.network, pairs: pairs)
        var refused = 0
        for trial in 0..<60 {
            let bytes = Self.damaged(original, kind: kind, random: &random)
            do {
                let loaded = try RoadNetwork(serialized: bytes)
                #expect(Self.routes(loaded, pairs: pairs) == expected, "kind \(kind) trial \(trial): accepted with different routes")
            } catch {
                refused += 1
                guard case let .unreadableFile(reason) = error else {
                    Issue.record("kind \(kind) trial \(trial): \(error)")
                    continue
                }
                #expect(!reason.isEmpty)
            }
        }
        #expect(refused > 0)
    }
}
