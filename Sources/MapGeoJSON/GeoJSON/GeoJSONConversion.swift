import Foundation
import MapGeometry

/// Normalising GeoJSON or GeoJSONSeq to RFC 7946 output (what `mapctl convert` does).
///
/// A file holding a FeatureCollection or a sequence is converted feature by feature in two
/// passes, so memory stays flat however large the file is: ``check(contentsOfFile:)`` reads
/// everything (errors, warnings, skipped features, the collection's bbox and members, wherever
/// they are written), then ``write(_:to:)-(CheckedFile,_)`` writes. Nothing need be written
/// unless the whole input is valid, and the output is the same as from reading the document whole.
///
/// ```swift
/// let conversion = GeoJSONConversion(writer: GeoJSONWriter(options: options))
/// if let checked = try conversion.check(contentsOfFile: "big.geojson") {
///     try conversion.write(checked, to: handle)
/// }
/// ```
public struct GeoJSONConversion {
    public let reader: GeoJSONReader
    public let writer: GeoJSONWriter
    /// Write GeoJSONSeq records (RFC 8142) instead of one FeatureCollection.
    public let sequence: Bool

    public init(reader: GeoJSONReader = GeoJSONReader(), writer: GeoJSONWriter = GeoJSONWriter(), sequence: Bool = false) {
        self.reader = reader
        self.writer = writer
        self.sequence = sequence
    }

    /// A file the first pass has read through: what it found, and what the output's head needs.
    public struct CheckedFile {
        public let path: String
        public let warnings: [GeoJSONWarning]
        /// Features the lenient reader left out.
        public let skipped: [SkippedFeature]
        fileprivate let bbox: BoundingBox?
        fileprivate let foreignMembers: [ForeignMember]
    }

    /// The first pass: reads and checks the whole file without keeping its features.
    /// - Returns: nil for a file holding a single Feature or geometry (read it whole and
    ///   write it with ``write(_:to:)-(GeoJSONDocument,_)``).
    public func check(contentsOfFile path: String) throws(GeoJSONError) -> CheckedFile? {
        var stream = try reader.featureStream(contentsOfFile: path)
        var extent = DataExtent()
        while let feature = try stream.next() {
            if writer.options.bbox { writer.extend(&extent, with: feature) }
        }
        guard stream.isFeatureCollection || stream.isSequence else { return nil }
        return CheckedFile(
            path: path, warnings: stream.warnings, skipped: stream.skipped,
            bbox: writer.options.bbox ? extent.bounds : stream.bbox, foreignMembers: stream.foreignMembers)
    }

    /// The second pass: writes a checked file feature by feature. A reading error here means
    /// the file changed between the passes.
    public func write(_ file: CheckedFile, to handle: FileHandle) throws {
        var stream = GeoJSONStreamWriter(handle: handle, writer: writer, sequence: sequence)
        try stream.begin(bbox: file.bbox, foreignMembers: file.foreignMembers)
        var features = try reader.featureStream(contentsOfFile: file.path)
        while let feature = try features.next() { try stream.write(feature) }
        try stream.finish()
    }

    /// Writes a document read whole (standard input, a single Feature or geometry).
    public func write(_ document: GeoJSONDocument, to handle: FileHandle) throws {
        if sequence {
            var stream = GeoJSONStreamWriter(handle: handle, writer: writer, sequence: true)
            for feature in document.features { try stream.write(feature) }
            try stream.finish()
        } else if case .featureCollection = document.object {
            try writer.write(document.featureCollection, to: handle)
        } else {
            try handle.write(contentsOf: writer.encode(document.object) + (writer.options.pretty ? [] : [0x0A]))
        }
    }
}
