import MapGeometry

/// Hands out the features of a GeoJSON or GeoJSONSeq input one at a time, so a
/// file larger than memory can be processed: the file is memory-mapped, and the
/// pages already parsed are given back to the kernel as the stream moves on.
///
/// ```swift
/// var stream = try GeoJSONReader().featureStream(contentsOfFile: "places_5m.geojson")
/// while let feature = try stream.next() { index.insert(feature) }
/// print(stream.warnings)
/// ```
///
/// A FeatureCollection yields its features (members written after `features`,
/// such as a trailing `bbox`, are read at the end); a Feature yields itself; a
/// bare geometry yields a feature with `null` properties; GeoJSONSeq yields every record.
public struct GeoJSONFeatureStream {
    private var decoder: GeoJSONDecoder
    private let fileName: String?
    private var state: State = .start
    private var header: GeoJSONDecoder.CollectionHeader?

    private enum State {
        case start
        case collection(index: Int)
        case sequence(record: Int)
        case done
    }

    /// Features the lenient mode left out so far, their errors located in the file
    /// (line:column), as ``GeoJSONReader/read(contentsOfFile:)`` reports them.
    public var skipped: [SkippedFeature] {
        skippedSoFar.map { item in
            var located = item
            located.error = item.error.located(in: decoder.buffer.bytes, file: fileName)
            return located
        }
    }

    /// The same, with errors holding only their byte offset.
    private var skippedSoFar: [SkippedFeature] = []

    /// True once the stream has found that the input is a FeatureCollection.
    public private(set) var isFeatureCollection = false

    /// True once the stream has found that the input is a sequence of texts (GeoJSONSeq,
    /// or newline-delimited GeoJSON: set when the second text begins).
    public private(set) var isSequence = false

    /// The collection's foreign members read so far (all of them once `next()` returned nil).
    public var foreignMembers: [ForeignMember] { header?.foreignMembers ?? [] }

    /// The collection's `bbox`, when it came before `features` or the stream is finished.
    public var bbox: BoundingBox? { header?.bbox }

    init(buffer: JSONBuffer, options: GeoJSONReader.Options, fileName: String?) {
        decoder = GeoJSONDecoder(buffer: buffer, options: options)
        self.fileName = fileName
    }

    /// The next feature, or nil at the end.
    /// - Throws: ``GeoJSONError`` (located in the file); the stream is finished afterwards.
    public mutating func next() throws(GeoJSONError) -> Feature? {
        do {
            return try step()
        } catch {
            state = .done
            throw error.located(in: decoder.buffer.bytes, file: fileName)
        }
    }

    /// Warnings found so far (complete once `next()` returned nil).
    public var warnings: [GeoJSONWarning] {
        var collector = decoder.warnings
        return collector.finish(bytes: decoder.buffer.bytes, file: fileName,
                                precisionLimit: decoder.options.precisionWarningDecimals)
    }

    private mutating func step() throws(GeoJSONError) -> Feature? {
        while true {
            if !pending.isEmpty { return pending.removeFirst() }
            switch state {
            case .done:
                return nil
            case .start:
                try start()
            case let .collection(index):
                if index > 0, !(try decoder.nextFeatureSlot()) {
                    var finished = header!
                    try decoder.closeFeatureCollection(&finished)
                    header = finished
                    try expectEnd()
                    state = .done
                    return nil
                }
                state = .collection(index: index + 1)
                if index & 0x3FFF == 0x3FFF { decoder.releaseConsumedPages() }
                // Decoded into the (empty) pending list; a skipped element leaves it empty.
                try decoder.decodeFeatureSlot(index: index, into: &pending, skipped: &skippedSoFar)
            case let .sequence(record):
                guard let features = try decoder.decodeSequenceRecord(record, skipped: &skippedSoFar) else {
                    state = .done
                    return nil
                }
                state = .sequence(record: record + 1)
                if record & 0x3FFF == 0x3FFF { decoder.releaseConsumedPages() }
                // A record holding a whole collection is rare; its features come out one by one here too.
                if let first = features.first {
                    pending.append(contentsOf: features.dropFirst())
                    return first
                }
            }
        }
    }

    /// Features of a multi-feature sequence record not yet handed out.
    private var pending: [Feature] = []

    private mutating func start() throws(GeoJSONError) {
        decoder.skipByteOrderMark()
        decoder.scanner.skipWhitespace()
        if decoder.scanner.current == GeoJSONDecoder.recordSeparator || decoder.options.sequence {
            state = .sequence(record: 0)
            isSequence = true
            return
        }
        if decoder.scanner.current == UInt8(ascii: "{"), (try? decoder.peekType()) == .featureCollection {
            isFeatureCollection = true
            header = try decoder.openFeatureCollection()
            if try decoder.firstFeatureSlot() {
                state = .collection(index: 0)
            } else {
                var finished = header!
                try decoder.closeFeatureCollection(&finished)
                header = finished
                try expectEnd()
                state = .done
            }
            return
        }
        // A single Feature or geometry, perhaps the first line of newline-delimited GeoJSON.
        var nested: [SkippedFeature] = []
        let object = try decoder.decodeRootObject(skipped: &nested)
        pending = object.featureCollection.features
        decoder.scanner.skipWhitespace()
        if decoder.scanner.isAtEnd {
            state = .done
        } else if decoder.scanner.current == UInt8(ascii: "{") {
            state = .sequence(record: 1)
            isSequence = true
        } else {
            try expectEnd()
        }
    }

    private mutating func expectEnd() throws(GeoJSONError) {
        decoder.scanner.skipWhitespace()
        guard decoder.scanner.isAtEnd else {
            throw GeoJSONError(kind: .syntax, code: "json_syntax", message: "unexpected data after the GeoJSON object",
                               expected: "end of input", found: decoder.scanner.describeCurrent(),
                               hint: "a GeoJSON file holds one object; put several features in a FeatureCollection",
                               offset: decoder.scanner.offset)
        }
    }
}

extension GeoJSONReader {
    /// A feature-at-a-time reader over a memory-mapped file.
    public func featureStream(contentsOfFile path: String) throws(GeoJSONError) -> GeoJSONFeatureStream {
        GeoJSONFeatureStream(buffer: try FileInput.map(path, limit: options.maxInputBytes), options: options, fileName: path)
    }

    /// A feature-at-a-time reader over bytes in memory.
    public func featureStream<Bytes: Collection>(bytes: Bytes, fileName: String? = nil) -> GeoJSONFeatureStream
    where Bytes.Element == UInt8 {
        GeoJSONFeatureStream(buffer: JSONBuffer(copying: bytes), options: options, fileName: fileName)
    }
}
