import Dispatch
import Foundation
import MapGeometry
import MapGeoJSON

extension FeatureClusterIndex {
    /// Writes ``features(zoom:in:)`` as one compact GeoJSON FeatureCollection, handing the bytes
    /// to `write` in chunks of about `chunkSize` bytes, so the output never has to be held whole.
    ///
    /// The bytes are those of `GeoJSONWriter().encode(features(zoom:in:))` (for input whose
    /// properties are written compactly, as this engine and most tools write them; otherwise the
    /// same JSON with the input's spacing inside properties). The difference is speed: a single
    /// object's properties are copied from the input as they are, with its colour member
    /// appended, instead of being decoded and encoded again (what the writer does with an edited
    /// object). With `parallel`, blocks of markers are encoded on two threads; the order and the
    /// bytes are the same. With `legend`, the view's legend follows the source's members as the
    /// member `legend` (the bytes of ``view(zoom:in:selected:)`` without a selection). With
    /// `keepingEncodings`, each marker's bytes are kept for later calls on this index (a service
    /// answering view after view; about 200 bytes per marker shown); a one-off answer skips that.
    public func writeFeatures(
        zoom: Double, in box: BoundingBox = .world, legend: Bool = false, keepingEncodings: Bool = false,
        chunkSize: Int = 1 << 20, parallel: Bool = false, to write: ([UInt8]) throws -> Void
    ) rethrows {
        let markers = index.markers(in: box, zoom: zoom)
        let encoder = OutputEncoder(index: self, markers: markers, shapes: passingShapes(in: box), keep: keepingEncodings)
        let total = encoder.count
        var output: [UInt8] = []
        // About 200 bytes a point and 300 a cluster, so that a view seldom outgrows the array
        // (which then copies itself into a larger one).
        output.reserveCapacity(min(chunkSize, total * 320) + 1024)
        var members = sourceMembers
        if legend { members.append(ForeignMember(name: "legend", value: Legend.rawJSON(self.legend(of: markers, in: box)))) }
        output.append(contentsOf: GeoJSONWriter().collectionHeadBytes(foreignMembers: members))

        // Blocks small enough to stream, large enough to be worth a thread.
        let block = 16_384
        var start = 0
        while start < total {
            if parallel && total - start > block {
                let ranges = [start..<(start + block), (start + block)..<min(total, start + 2 * block)]
                var parts: [[UInt8]] = [[], []]
                parts.withUnsafeMutableBufferPointer { parts in
                    let shared = SendableParts(parts)
                    DispatchQueue.concurrentPerform(iterations: 2) { half in
                        var bytes: [UInt8] = []
                        bytes.reserveCapacity(ranges[half].count * 160)
                        encoder.encode(ranges[half], into: &bytes)
                        shared.buffer[half] = bytes
                    }
                }
                // Hand the parts over as they are rather than copying them into `output`.
                if !output.isEmpty {
                    try write(output)
                    output.removeAll(keepingCapacity: true)
                }
                try write(parts[0])
                try write(parts[1])
                start = ranges[1].upperBound
            } else {
                let end = min(total, start + block)
                encoder.encode(start..<end, into: &output)
                start = end
            }
            if output.count >= chunkSize {
                try write(output)
                output.removeAll(keepingCapacity: true)
            }
        }
        if total > 0 { output.append(0x0A) }
        output.append(contentsOf: "]}\n".utf8)
        try write(output)
    }
}

/// Encodes the items of ``FeatureClusterIndex/writeFeatures(zoom:in:legend:keepingEncodings:chunkSize:parallel:to:)``:
/// the markers, then the passing shapes. Read-only, so threads share it.
private struct OutputEncoder: Sendable {
    let index: FeatureClusterIndex
    let markers: [Marker]
    let shapes: [Int]
    let writer = GeoJSONWriter()
    /// The JSON text of each type's colour.
    let colors: [String: [UInt8]]

    /// Keep each marker's bytes in the index's cache.
    let keep: Bool

    init(index: FeatureClusterIndex, markers: [Marker], shapes: [Int], keep: Bool) {
        self.index = index
        self.markers = markers
        self.shapes = shapes
        self.keep = keep
        colors = index.encodedColors
    }

    var count: Int { markers.count + shapes.count }

    /// Items `range`, each after the writer's separator (a newline, and a comma after the first).
    func encode(_ range: Range<Int>, into bytes: inout [UInt8]) {
        for k in range {
            if k > 0 { bytes.append(UInt8(ascii: ",")) }
            bytes.append(0x0A)
            if k < markers.count {
                let marker = markers[k]
                if keep {
                    index.encodedMarkers.append(node: marker.node, to: &bytes) { encoded(marker) }
                } else if marker.isCluster {
                    bytes.append(contentsOf: writer.encode(index.feature(for: marker)))
                } else {
                    appendStyled(index.features[marker.id], to: &bytes)
                }
            } else {
                appendStyled(index.features[shapes[k - markers.count]], to: &bytes)
            }
        }
    }

    /// A marker's bytes on their own.
    private func encoded(_ marker: Marker) -> [UInt8] {
        if marker.isCluster { return writer.encode(index.feature(for: marker)) }
        var bytes: [UInt8] = []
        appendStyled(index.features[marker.id], to: &bytes)
        return bytes
    }

    private static let propertiesKey = Array(#""properties":"#.utf8)

    /// The feature as ``FeatureClusterIndex`` styles it (its type colour under `marker-color`,
    /// or `stroke`/`fill` for lines and polygons), encoded.
    func appendStyled(_ feature: Feature, to bytes: inout [UInt8]) {
        let type = feature.typeProperty ?? ""
        let color = colors[type] ?? JSONOutput.string(index.style(for: type).color)
        let keys: [[UInt8]]
        switch feature.geometry {
        case .lineString, .multiLineString: keys = Self.lineKeys
        case .polygon, .multiPolygon: keys = Self.polygonKeys
        default: keys = Self.pointKeys
        }
        guard let raw = feature.properties.rawJSON, !feature.properties.isNull,
              !keys.contains(where: { Self.firstIndex(of: $0, in: raw.bytes) != nil })
        else {
            // Properties already edited, null or holding the key: let the writer merge them.
            var styled = feature
            for key in keys { styled.properties.set(Self.name(key), .string(index.style(for: type).color)) }
            bytes.append(contentsOf: writer.encode(styled))
            return
        }
        let encoded = writer.encode(feature)
        // The raw properties follow the first `"properties":` (a key inside a string value would
        // have escaped quotes); check, and splice the colour members in before their `}`.
        guard let keyStart = Self.firstIndex(of: Self.propertiesKey, in: encoded) else {
            bytes.append(contentsOf: encoded)
            return
        }
        let rawStart = keyStart + Self.propertiesKey.count
        let rawEnd = rawStart + raw.bytes.count
        guard rawEnd <= encoded.count, encoded[rawEnd - 1] == UInt8(ascii: "}"),
              encoded.withUnsafeBytes({ memcmp($0.baseAddress! + rawStart, raw.bytes.baseAddress!, raw.bytes.count) == 0 })
        else {
            var styled = feature
            for key in keys { styled.properties.set(Self.name(key), .string(index.style(for: type).color)) }
            bytes.append(contentsOf: writer.encode(styled))
            return
        }
        let close = rawEnd - 1
        var hasMembers = false
        for byte in encoded[(rawStart + 1)..<close] where !(byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09) {
            hasMembers = true
            break
        }
        // An empty object (perhaps with spaces) becomes just the colour members, as the writer has it.
        bytes.append(contentsOf: encoded[0..<(hasMembers ? close : rawStart + 1)])
        for (k, key) in keys.enumerated() {
            if hasMembers || k > 0 { bytes.append(UInt8(ascii: ",")) }
            bytes.append(contentsOf: key)
            bytes.append(UInt8(ascii: ":"))
            bytes.append(contentsOf: color)
        }
        bytes.append(contentsOf: encoded[close...])
    }

    /// The colour members styled() sets, per geometry, as quoted JSON keys.
    private static let pointKeys = [Array(#""marker-color""#.utf8)]
    private static let lineKeys = [Array(#""stroke""#.utf8)]
    private static let polygonKeys = [Array(#""stroke""#.utf8), Array(#""fill""#.utf8)]

    /// A quoted key's name.
    private static func name(_ quoted: [UInt8]) -> String { String(decoding: quoted.dropFirst().dropLast(), as: UTF8.self) }

    /// Where `needle` first occurs in `bytes`.
    private static func firstIndex<Bytes: RandomAccessCollection>(of needle: [UInt8], in bytes: Bytes) -> Int?
    where Bytes.Element == UInt8, Bytes.Index == Int {
        guard let head = needle.first, bytes.count >= needle.count else { return nil }
        var start = bytes.startIndex
        let last = bytes.endIndex - needle.count
        while start <= last {
            if bytes[start] == head {
                var k = 1
                while k < needle.count && bytes[start + k] == needle[k] { k += 1 }
                if k == needle.count { return start - bytes.startIndex }
            }
            start += 1
        }
        return nil
    }
}

/// The two output parts, written by one thread each.
private struct SendableParts: @unchecked Sendable {
    let buffer: UnsafeMutableBufferPointer<[UInt8]>
    init(_ buffer: UnsafeMutableBufferPointer<[UInt8]>) { self.buffer = buffer }
}
