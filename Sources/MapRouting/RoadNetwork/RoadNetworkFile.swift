import MapGeoJSON
import Foundation

/// Saving and loading a prepared road network, so a service can build it once and load it
/// in milliseconds.
///
/// Format (version 3), all numbers little-endian: the 8 bytes `MAPROADS`, a UInt32
/// version, then the options, the build report, the road layer's foreign members (names and
/// JSON texts), the graph (with the street names, refs and roundabouts turn-by-turn steps
/// need, since version 3) and one contraction hierarchy per metric as length-prefixed arrays,
/// then a CRC-32 of everything before it. Files of versions 1 and 2 lack the street names:
/// they are refused with the command that prepares the network again. A file that is cut
/// short, changed, of another version or not of this kind is rejected with
/// ``RoadNetworkError/unreadableFile(reason:)``; the arrays are also checked for
/// consistency so a damaged file can never make a query crash or loop.
extension RoadNetwork {
    static let fileMagic = Array("MAPROADS".utf8)
    /// The version this build writes and reads.
    public static let fileVersion: UInt32 = 3

    /// The prepared network as the bytes of a file.
    public func serialized() -> [UInt8] {
        var writer = BinaryWriter()
        writer.write(raw: Self.fileMagic)
        writer.write(Self.fileVersion)
        writer.write(options.maximumSnapDistance ?? -1)
        writer.write(UInt32(options.snapToMainNetwork ? 1 : 0))
        writeReport(&writer)
        writer.write(sourceMembers.map(\.name))
        writer.write(sourceMembers.map(\.value.text))
        let g = graph
        writer.write(g.nodeLongitudes); writer.write(g.nodeLatitudes); writer.write(g.nodeIDs)
        writer.write(g.segmentFrom); writer.write(g.segmentTo)
        writer.write(g.segmentLength); writer.write(g.segmentDuration); writer.write(g.segmentDirection)
        writer.write(g.segmentShapeStart); writer.write(g.shapeLongitudes); writer.write(g.shapeLatitudes)
        writer.write(g.shapeOffsets); writer.write(g.segmentIDs)
        writer.write(g.labels); writer.write(g.segmentName); writer.write(g.segmentRef); writer.write(g.segmentJunction)
        writer.write(g.outStart); writer.write(g.outEdge); writer.write(g.outTarget)
        writer.write(g.nodeComponent); writer.write(g.componentSizes)
        for hierarchy in hierarchies {
            guard let h = hierarchy else { writer.write(UInt32(0)); continue }
            writer.write(UInt32(1))
            writer.write(h.rank)
            for (start, arcs) in [(h.upStart, h.upArcs), (h.downStart, h.downArcs)] {
                writer.write(start)
                writer.write(arcs.map(\.node)); writer.write(arcs.map(\.weight))
                writer.write(arcs.map(\.secondary)); writer.write(arcs.map(\.edge))
            }
            writer.write(h.edgeTail); writer.write(h.edgeHead); writer.write(h.edgeOriginal)
            writer.write(h.edgeFirstChild); writer.write(h.edgeSecondChild)
        }
        var bytes = writer.bytes
        let checksum = CRC32.checksum(bytes[...])
        withUnsafeBytes(of: checksum.littleEndian) { bytes.append(contentsOf: $0) }
        return bytes
    }

    /// Loads a network from the bytes ``serialized()`` made.
    /// - Throws: ``RoadNetworkError/unreadableFile(reason:)`` saying what is wrong.
    public init(serialized bytes: [UInt8]) throws(RoadNetworkError) {
        let headerSize = Self.fileMagic.count + 4
        guard bytes.count >= headerSize + 4, Array(bytes[0..<Self.fileMagic.count]) == Self.fileMagic else {
            throw .unreadableFile(reason: "not a MapEngine road network file (it does not start with MAPROADS)")
        }
        var reader = BinaryReader(bytes, from: Self.fileMagic.count, to: bytes.count - 4)
        let version = try reader.readUInt32()
        guard version == Self.fileVersion else {
            let written = version < Self.fileVersion
                ? "an earlier mapctl, without the street names and roundabouts turn-by-turn steps need"
                : "a newer mapctl"
            throw .unreadableFile(
                reason: "file format version \(version), written by \(written); this build reads version \(Self.fileVersion): "
                    + "prepare the network again from its road layer (mapctl directions --roads ROADS.geojson "
                    + "--save-prepared FILE --from LON,LAT --to LON,LAT)")
        }
        var stored: UInt32 = 0
        for (shift, byte) in bytes[(bytes.count - 4)...].enumerated() { stored |= UInt32(byte) << (8 * UInt32(shift)) }
        guard CRC32.checksum(bytes[..<(bytes.count - 4)]) == stored else {
            throw .unreadableFile(reason: "checksum mismatch: the file is damaged or incomplete; prepare the network again")
        }
        var options = RoadNetworkOptions()
        let snapLimit = try reader.readDouble()
        guard snapLimit.isFinite, snapLimit >= 0 || snapLimit == -1 else {
            throw .unreadableFile(reason: "inconsistent content: maximum snap distance \(snapLimit)")
        }
        options.maximumSnapDistance = snapLimit >= 0 ? snapLimit : nil
        options.snapToMainNetwork = try reader.readUInt32() == 1
        let report = try Self.readReport(&reader)
        let members = try Self.readMembers(&reader)
        let graph = RoadGraph(
            nodeLongitudes: try reader.readDoubles(), nodeLatitudes: try reader.readDoubles(),
            nodeIDs: try reader.readInt64s(),
            segmentFrom: try reader.readInt32s(), segmentTo: try reader.readInt32s(),
            segmentLength: try reader.readDoubles(), segmentDuration: try reader.readDoubles(),
            segmentDirection: try reader.readBytes(),
            segmentShapeStart: try reader.readInt32s(), shapeLongitudes: try reader.readDoubles(),
            shapeLatitudes: try reader.readDoubles(), shapeOffsets: try reader.readDoubles(),
            segmentIDs: try reader.readStrings(),
            labels: try reader.readStrings(), segmentName: try reader.readInt32s(), segmentRef: try reader.readInt32s(),
            segmentJunction: try reader.readBytes(),
            outStart: try reader.readInt32s(), outEdge: try reader.readInt32s(), outTarget: try reader.readInt32s(),
            nodeComponent: try reader.readInt32s(), componentSizes: try reader.readInt32s())
        try RoadNetworkFileCheck.check(graph)
        try RoadNetworkInvariants.check(graph)
        var hierarchies = [ContractionHierarchy?]()
        options.metrics = []
        for metric in RoadMetric.allCases {
            guard try reader.readUInt32() == 1 else { hierarchies.append(nil); continue }
            options.metrics.insert(metric)
            let rank = try reader.readInt32s()
            let up = try Self.readArcs(&reader), down = try Self.readArcs(&reader)
            let hierarchy = ContractionHierarchy(
                metric: metric, nodeCount: graph.nodeCount, rank: rank,
                upStart: up.start, upArcs: up.arcs, downStart: down.start, downArcs: down.arcs,
                edgeTail: try reader.readInt32s(), edgeHead: try reader.readInt32s(),
                edgeOriginal: try reader.readInt32s(), edgeFirstChild: try reader.readInt32s(),
                edgeSecondChild: try reader.readInt32s())
            try RoadNetworkFileCheck.check(hierarchy, of: graph)
            try RoadNetworkInvariants.check(hierarchy, of: graph)
            hierarchies.append(hierarchy)
        }
        guard reader.position == reader.end else {
            throw .unreadableFile(reason: "\(reader.end - reader.position) unexpected bytes after the last hierarchy")
        }
        self.init(graph: graph, report: report, options: options, hierarchies: hierarchies)
        sourceMembers = members
    }

    private static func readMembers(_ reader: inout BinaryReader) throws(RoadNetworkError) -> [ForeignMember] {
        let names = try reader.readStrings(), texts = try reader.readStrings()
        guard names.count == texts.count else { throw .unreadableFile(reason: "inconsistent content: foreign member names and values") }
        var members: [ForeignMember] = []
        for (name, text) in zip(names, texts) {
            guard let value = try? JSONValue(parsing: Array(text.utf8)) else {
                throw .unreadableFile(reason: "inconsistent content: foreign member \(name) is not JSON")
            }
            members.append(ForeignMember(name: name, value: value))
        }
        return members
    }

    /// Writes the prepared network to a file.
    public func write(to url: URL) throws {
        try OutputFile.write(serialized(), to: url.path)
    }

    /// Loads a prepared network from a file written by ``write(to:)``.
    /// - Throws: the file system's error when the file cannot be read, or
    ///   ``RoadNetworkError/unreadableFile(reason:)`` when its content is not a valid network.
    public init(contentsOf url: URL) throws {
        try self.init(serialized: [UInt8](try Data(contentsOf: url)))
    }

    /// A CSR offset table and its arcs, stored as one array per field.
    private static func readArcs(
        _ reader: inout BinaryReader
    ) throws(RoadNetworkError) -> (start: [Int32], arcs: [HierarchyArc]) {
        let start = try reader.readInt32s()
        let nodes = try reader.readInt32s(), weights = try reader.readDoubles()
        let secondaries = try reader.readDoubles(), edges = try reader.readInt32s()
        guard weights.count == nodes.count, secondaries.count == nodes.count, edges.count == nodes.count else {
            throw .unreadableFile(reason: "inconsistent content: hierarchy arc arrays of different lengths")
        }
        let arcs = nodes.indices.map {
            HierarchyArc(node: nodes[$0], edge: edges[$0], weight: weights[$0], secondary: secondaries[$0])
        }
        return (start, arcs)
    }

    private func writeReport(_ writer: inout BinaryWriter) {
        let counts = [
            report.segmentsRead, report.segmentsUsed, report.excludedByAccess, report.excludedByOneway,
            report.excludedTooShort, report.speedFromMaxspeed, report.unreadableMaxspeed,
            report.nodeIDsWithTwoCoordinates, report.nodeCount, report.edgeCount,
        ]
        writer.write(counts.map(Int64.init))
        writer.write(report.totalLength)
        writer.write(report.connectedPieceSizes.map(Int64.init))
        writer.write(report.stronglyConnectedSizes.map(Int64.init))
    }

    private static func readReport(_ reader: inout BinaryReader) throws(RoadNetworkError) -> RoadNetworkReport {
        let counts = try reader.readInt64s().map(Int.init)
        guard counts.count == 10 else { throw .unreadableFile(reason: "the build report has \(counts.count) counts, expected 10") }
        var report = RoadNetworkReport()
        (report.segmentsRead, report.segmentsUsed, report.excludedByAccess, report.excludedByOneway) =
            (counts[0], counts[1], counts[2], counts[3])
        (report.excludedTooShort, report.speedFromMaxspeed, report.unreadableMaxspeed) = (counts[4], counts[5], counts[6])
        (report.nodeIDsWithTwoCoordinates, report.nodeCount, report.edgeCount) = (counts[7], counts[8], counts[9])
        report.totalLength = try reader.readDouble()
        report.connectedPieceSizes = try reader.readInt64s().map(Int.init)
        report.stronglyConnectedSizes = try reader.readInt64s().map(Int.init)
        return report
    }
}
