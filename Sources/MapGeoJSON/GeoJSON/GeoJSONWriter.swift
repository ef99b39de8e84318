import Foundation
import MapGeometry

/// Writes GeoJSON (RFC 7946): compact or pretty, coordinates at a fixed precision,
/// never a `crs` member; optionally rings rewound to the right-hand rule and a
/// computed `bbox`.
///
/// ```swift
/// let text = GeoJSONWriter().string(collection)            // compact, 7 decimals
/// var options = GeoJSONWriter.Options(); options.pretty = true; options.rewind = true
/// try GeoJSONWriter(options: options).write(collection, to: .standardOutput)
/// ```
public struct GeoJSONWriter: Sendable {
    public struct Options: Sendable {
        /// Decimals for coordinates (default 7, about 1 cm); trailing zeros are dropped.
        /// nil writes the shortest text that reads back as the same number.
        public var precision: Int? = 7
        /// Indented output (two spaces) instead of compact.
        public var pretty = false
        /// Rewind polygon rings: exterior counterclockwise, holes clockwise (RFC 7946 §3.1.6).
        public var rewind = false
        /// Write a computed `bbox` on every feature and collection (west > east across ±180).
        public var bbox = false
        /// Split lines and polygons that cross the antimeridian (RFC 7946 §3.1.9).
        public var cutAntimeridian = false

        public init() {}
    }

    public var options: Options

    public init(options: Options = Options()) {
        var options = options
        if let precision = options.precision { options.precision = min(max(precision, 0), 15) }
        self.options = options
    }

    // MARK: to bytes

    public func encode(_ collection: FeatureCollection) -> [UInt8] {
        var output = JSONOutput(capacity: 1024)
        writeCollectionHead(collection, into: &output)
        for (index, feature) in collection.features.enumerated() {
            writeCollectionSeparator(first: index == 0, into: &output)
            writeFeature(feature, level: options.pretty ? 2 : nil, into: &output)
        }
        writeCollectionTail(empty: collection.features.isEmpty, into: &output)
        return output.bytes
    }

    public func encode(_ feature: Feature) -> [UInt8] {
        var output = JSONOutput()
        writeFeature(feature, level: options.pretty ? 0 : nil, into: &output)
        if options.pretty { output.append(UInt8(ascii: "\n")) }
        return output.bytes
    }

    public func encode(_ geometry: Geometry) -> [UInt8] {
        var output = JSONOutput()
        writeGeometry(prepared(geometry), level: options.pretty ? 0 : nil, into: &output)
        if options.pretty { output.append(UInt8(ascii: "\n")) }
        return output.bytes
    }

    public func encode(_ object: GeoJSONObject) -> [UInt8] {
        switch object {
        case let .featureCollection(collection): encode(collection)
        case let .feature(feature): encode(feature)
        case let .geometry(geometry): encode(geometry)
        }
    }

    /// Any JSON value (a legend, a camera, a page of answers), compact or pretty as the options say.
    public func encode(_ value: JSONValue) -> [UInt8] {
        var output = JSONOutput()
        output.writeValue(value, pretty: options.pretty ? 0 : nil)
        if options.pretty { output.append(UInt8(ascii: "\n")) }
        return output.bytes
    }

    public func string(_ collection: FeatureCollection) -> String { String(decoding: encode(collection), as: UTF8.self) }
    public func string(_ feature: Feature) -> String { String(decoding: encode(feature), as: UTF8.self) }
    public func string(_ geometry: Geometry) -> String { String(decoding: encode(geometry), as: UTF8.self) }

    /// GeoJSONSeq (RFC 8142): each feature as `RS` + compact JSON + `LF`.
    public func encodeSequence(_ features: [Feature]) -> [UInt8] {
        var output = JSONOutput(capacity: 1024)
        for feature in features { writeSequenceRecord(feature, into: &output) }
        return output.bytes
    }

    // MARK: streaming

    /// Writes a collection to `handle` in chunks of about 1 MB (constant memory).
    public func write(_ collection: FeatureCollection, to handle: FileHandle) throws {
        var stream = GeoJSONStreamWriter(handle: handle, writer: self)
        try stream.begin(bbox: options.bbox ? collectionBox(collection.features) : collection.bbox,
                         foreignMembers: collection.foreignMembers)
        for feature in collection.features { try stream.write(feature) }
        try stream.finish()
    }

    // MARK: pieces shared with the stream writer

    /// The bytes before the first feature of a compact collection with these members (for
    /// modules that stream features of their own after it).
    package func collectionHeadBytes(foreignMembers: [ForeignMember]) -> [UInt8] {
        var output = JSONOutput()
        writeCollectionHead(bbox: nil, foreignMembers: foreignMembers, into: &output)
        return output.bytes
    }

    func writeCollectionHead(_ collection: FeatureCollection, into output: inout JSONOutput) {
        writeCollectionHead(bbox: options.bbox ? collectionBox(collection.features) : collection.bbox,
                            foreignMembers: collection.foreignMembers, into: &output)
    }

    func writeCollectionHead(bbox: BoundingBox?, foreignMembers: [ForeignMember], into output: inout JSONOutput) {
        let level: Int? = options.pretty ? 1 : nil
        output.append(UInt8(ascii: "{"))
        output.newline(level)
        output.append(options.pretty ? "\"type\": \"FeatureCollection\"," : "\"type\":\"FeatureCollection\",")
        for member in foreignMembers where !Self.reservedCollectionMembers.contains(member.name) {
            output.newline(level)
            writeMember(member, level: level, into: &output)
            output.append(UInt8(ascii: ","))
        }
        if let bbox {
            output.newline(level)
            writeKey("bbox", level: level, into: &output)
            writeBox(bbox, into: &output)
            output.append(UInt8(ascii: ","))
        }
        output.newline(level)
        writeKey("features", level: level, into: &output)
        output.append(UInt8(ascii: "["))
    }

    func writeCollectionSeparator(first: Bool, into output: inout JSONOutput) {
        if !first { output.append(UInt8(ascii: ",")) }
        if options.pretty { output.newline(2) } else { output.append(UInt8(ascii: "\n")) }
    }

    func writeCollectionTail(empty: Bool, into output: inout JSONOutput) {
        if !empty {
            if options.pretty { output.newline(1) } else { output.append(UInt8(ascii: "\n")) }
        }
        output.append(UInt8(ascii: "]"))
        output.newline(options.pretty ? 0 : nil)
        output.append(UInt8(ascii: "}"))
        output.append(UInt8(ascii: "\n"))
    }

    func writeSequenceRecord(_ feature: Feature, into output: inout JSONOutput) {
        output.append(0x1E)
        var compact = self
        compact.options.pretty = false
        compact.writeFeature(feature, level: nil, into: &output)
        output.append(UInt8(ascii: "\n"))
    }

    func collectionBox(_ features: [Feature]) -> BoundingBox? {
        var extent = DataExtent()
        for feature in features { extend(&extent, with: feature) }
        return extent.bounds
    }

    /// Adds `feature`'s geometry, as this writer writes it (cut, rewound), to `extent`:
    /// the collection `bbox` of features streamed one at a time is `extent.bounds`.
    public func extend(_ extent: inout DataExtent, with feature: Feature) {
        if let geometry = feature.geometry { extent.add(prepared(geometry)) }
    }

    /// The geometry as it will be written (rewound, cut).
    func prepared(_ geometry: Geometry) -> Geometry {
        var result = geometry
        if options.cutAntimeridian { result = AntimeridianCutter.cut(result) }
        if options.rewind { result = result.rewoundToRightHandRule }
        return result
    }

    func writeFeature(_ feature: Feature, level: Int?, into output: inout JSONOutput) {
        let inner = level.map { $0 + 1 }
        let geometry = feature.geometry.map(prepared)
        output.append(UInt8(ascii: "{"))
        output.newline(inner)
        output.append(level == nil ? "\"type\":\"Feature\"" : "\"type\": \"Feature\"")
        if let id = feature.id {
            output.append(UInt8(ascii: ","))
            output.newline(inner)
            writeKey("id", level: inner, into: &output)
            switch id {
            case let .string(text): output.writeString(text)
            case let .number(text): output.bytes.append(contentsOf: text.utf8)
            }
        }
        let box = options.bbox ? geometry?.boundingBox : feature.bbox
        if let box {
            output.append(UInt8(ascii: ","))
            output.newline(inner)
            writeKey("bbox", level: inner, into: &output)
            writeBox(box, into: &output)
        }
        output.append(UInt8(ascii: ","))
        output.newline(inner)
        writeKey("properties", level: inner, into: &output)
        output.writeProperties(feature.properties, pretty: inner)
        output.append(UInt8(ascii: ","))
        output.newline(inner)
        writeKey("geometry", level: inner, into: &output)
        if let geometry { writeGeometry(geometry, level: inner, into: &output) } else { output.append("null") }
        for member in feature.foreignMembers where !Self.reservedFeatureMembers.contains(member.name) {
            output.append(UInt8(ascii: ","))
            output.newline(inner)
            writeMember(member, level: inner, into: &output)
        }
        output.newline(level)
        output.append(UInt8(ascii: "}"))
    }

    /// Names a foreign member may not take in output (they would change the meaning, RFC 7946 §7.1).
    static let reservedFeatureMembers: Set<String> = [
        "type", "id", "bbox", "properties", "geometry", "crs", "features", "coordinates", "geometries",
    ]
    static let reservedCollectionMembers: Set<String> = [
        "type", "bbox", "features", "crs", "properties", "geometry", "coordinates", "geometries",
    ]

    func writeGeometry(_ geometry: Geometry, level: Int?, into output: inout JSONOutput) {
        let inner = level.map { $0 + 1 }
        output.append(UInt8(ascii: "{"))
        output.newline(inner)
        writeKey("type", level: inner, into: &output)
        output.append(UInt8(ascii: "\""))
        output.bytes.append(contentsOf: geometry.typeName.utf8)
        output.append(UInt8(ascii: "\""))
        output.append(UInt8(ascii: ","))
        output.newline(inner)
        switch geometry {
        case let .point(position):
            writeKey("coordinates", level: inner, into: &output)
            writePosition(position, into: &output)
        case let .multiPoint(multi):
            writeKey("coordinates", level: inner, into: &output)
            writePositions(multi.positions, level: inner, into: &output)
        case let .lineString(line):
            writeKey("coordinates", level: inner, into: &output)
            writePositions(line.positions, level: inner, into: &output)
        case let .multiLineString(multi):
            writeKey("coordinates", level: inner, into: &output)
            writeList(multi.lineStrings, level: inner, into: &output) { line, level, output in
                writePositions(line.positions, level: level, into: &output)
            }
        case let .polygon(polygon):
            writeKey("coordinates", level: inner, into: &output)
            writeRings(polygon, level: inner, into: &output)
        case let .multiPolygon(multi):
            writeKey("coordinates", level: inner, into: &output)
            writeList(multi.polygons, level: inner, into: &output) { polygon, level, output in
                writeRings(polygon, level: level, into: &output)
            }
        case let .geometryCollection(members):
            writeKey("geometries", level: inner, into: &output)
            writeList(members, level: inner, into: &output) { member, level, output in
                writeGeometry(member, level: level, into: &output)
            }
        }
        output.newline(level)
        output.append(UInt8(ascii: "}"))
    }

    private func writeRings(_ polygon: Polygon, level: Int?, into output: inout JSONOutput) {
        writeList(polygon.rings, level: level, into: &output) { ring, level, output in
            writePositions(ring.positions, level: level, into: &output)
        }
    }

    /// `[a, b, …]`, one element per line when pretty.
    private func writeList<Element>(
        _ elements: [Element], level: Int?, into output: inout JSONOutput,
        _ body: (Element, Int?, inout JSONOutput) -> Void
    ) {
        output.append(UInt8(ascii: "["))
        if elements.isEmpty { output.append(UInt8(ascii: "]")); return }
        let inner = level.map { $0 + 1 }
        for (index, element) in elements.enumerated() {
            if index > 0 { output.append(UInt8(ascii: ",")) }
            output.newline(inner)
            body(element, inner, &output)
        }
        output.newline(level)
        output.append(UInt8(ascii: "]"))
    }

    private func writePositions(_ positions: [Position], level: Int?, into output: inout JSONOutput) {
        output.append(UInt8(ascii: "["))
        if positions.isEmpty { output.append(UInt8(ascii: "]")); return }
        let inner = level.map { $0 + 1 }
        for index in positions.indices {
            if index > 0 { output.append(UInt8(ascii: ",")) }
            output.newline(inner)
            writePosition(positions[index], into: &output)
        }
        output.newline(level)
        output.append(UInt8(ascii: "]"))
    }

    @inline(__always)
    private func writePosition(_ position: Position, into output: inout JSONOutput) {
        output.append(UInt8(ascii: "["))
        writeNumber(position.longitude, into: &output)
        output.append(UInt8(ascii: ","))
        writeNumber(position.latitude, into: &output)
        if let altitude = position.altitude {
            output.append(UInt8(ascii: ","))
            writeNumber(altitude, into: &output)
        }
        output.append(UInt8(ascii: "]"))
    }

    @inline(__always)
    private func writeNumber(_ value: Double, into output: inout JSONOutput) {
        if let precision = options.precision { output.writeFixed(value, precision: precision) } else { output.writeShortest(value) }
    }

    private func writeBox(_ box: BoundingBox, into output: inout JSONOutput) {
        output.append(UInt8(ascii: "["))
        for (index, value) in box.array.enumerated() {
            if index > 0 { output.append(UInt8(ascii: ",")) }
            writeNumber(value, into: &output)
        }
        output.append(UInt8(ascii: "]"))
    }

    private func writeKey(_ key: StaticString, level: Int?, into output: inout JSONOutput) {
        output.append(UInt8(ascii: "\""))
        output.append(key)
        output.append(level == nil ? "\":" : "\": ")
    }

    private func writeMember(_ member: ForeignMember, level: Int?, into output: inout JSONOutput) {
        output.writeString(member.name)
        output.append(level == nil ? ":" : ": ")
        output.writeRaw(member.value, pretty: level)
    }
}

/// Writes a FeatureCollection feature by feature to a file handle, flushing about
/// every megabyte, so output of any size needs constant memory.
public struct GeoJSONStreamWriter {
    private let handle: FileHandle
    private let writer: GeoJSONWriter
    private var output = JSONOutput(capacity: 1 << 20)
    private var count = 0
    private let sequence: Bool

    /// `sequence`: write GeoJSONSeq records instead of one FeatureCollection.
    public init(handle: FileHandle, writer: GeoJSONWriter = GeoJSONWriter(), sequence: Bool = false) {
        self.handle = handle
        self.writer = writer
        self.sequence = sequence
    }

    /// Starts the collection (not needed, and ignored, for a sequence).
    public mutating func begin(bbox: BoundingBox? = nil, foreignMembers: [ForeignMember] = []) throws {
        guard !sequence else { return }
        writer.writeCollectionHead(bbox: bbox, foreignMembers: foreignMembers, into: &output)
    }

    public mutating func write(_ feature: Feature) throws {
        if sequence {
            writer.writeSequenceRecord(feature, into: &output)
        } else {
            writer.writeCollectionSeparator(first: count == 0, into: &output)
            writer.writeFeature(feature, level: writer.options.pretty ? 2 : nil, into: &output)
        }
        count += 1
        if output.bytes.count >= 1 << 20 { try flush() }
    }

    /// Closes the collection and flushes.
    public mutating func finish() throws {
        if !sequence { writer.writeCollectionTail(empty: count == 0, into: &output) }
        try flush()
    }

    private mutating func flush() throws {
        guard !output.bytes.isEmpty else { return }
        try handle.write(contentsOf: output.bytes)
        output.bytes.removeAll(keepingCapacity: true)
    }
}

extension Geometry {
    /// Polygon rings rewound to the right-hand rule, recursively.
    public var rewoundToRightHandRule: Geometry {
        switch self {
        case let .polygon(polygon): .polygon(polygon.rewoundToRightHandRule)
        case let .multiPolygon(multi): .multiPolygon(MultiPolygon(multi.polygons.map(\.rewoundToRightHandRule)))
        case let .geometryCollection(members): .geometryCollection(members.map(\.rewoundToRightHandRule))
        default: self
        }
    }
}
