/// Something legal but worth fixing: breaks a SHOULD of RFC 7946 (ring winding,
/// a single-member GeometryCollection, more than 3 numbers in a position,
/// needless precision) or is OGC-invalid inside well-formed GeoJSON (a ring that
/// crosses itself). The reader keeps the data and reports these on the side.
public struct GeoJSONWarning: Hashable, Sendable, CustomStringConvertible {
    /// Short, stable name of the rule, e.g. `winding_shell`, `gc_single`, `precision`.
    public var code: String
    public var message: String
    public var file: String?
    public var offset: Int
    public var line: Int
    public var column: Int
    public var pathComponents: [JSONPathComponent]

    public var path: String { renderJSONPath(pathComponents) }

    public init(code: String, message: String, file: String? = nil, offset: Int = 0, line: Int = 0,
                column: Int = 0, pathComponents: [JSONPathComponent] = []) {
        self.code = code
        self.message = message
        self.file = file
        self.offset = offset
        self.line = line
        self.column = column
        self.pathComponents = pathComponents
    }

    /// `file:line:column: warning: path: message`.
    public var description: String {
        var text = ""
        if let file { text += file + ":" }
        if line > 0 { text += "\(line):\(column): " } else if file != nil { text += " " }
        text += "warning: "
        let path = self.path
        if !path.isEmpty { text += path + ": " }
        return text + message
    }
}

/// Collects warnings while a document is read, with their JSON path.
///
/// The path of a warning is known only at the place it is found, so decoders keep
/// a light record of where they are: the GeoJSONSeq record, the feature index and
/// whether its geometry is being read are plain stored values (set once per feature,
/// no array traffic in the hot loop); deeper steps (GeometryCollection members) are a
/// small stack. The path is assembled only when a warning is added.
struct WarningCollector {
    /// At most this many warnings are kept; the rest are only counted.
    static let limit = 1000
    var warnings: [GeoJSONWarning] = []
    var dropped = 0
    /// The GeoJSONSeq record being read (`[record]`).
    var record: Int?
    /// The element of `features` being read (`features[feature]`).
    var feature: Int?
    /// True while a Feature's geometry is read (`.geometry`).
    var inGeometry = false
    /// Steps below those (`geometries[i]`).
    var path: [JSONPathComponent] = []
    /// Precision is reported once per document, with the first place it was seen.
    var excessivePrecisionCount = 0
    var firstExcessivePrecision: (offset: Int, path: [JSONPathComponent])?

    /// The path of the value being read.
    var currentPath: [JSONPathComponent] {
        var components: [JSONPathComponent] = []
        if let record { components.append(.index(record)) }
        if let feature { components += [.member("features"), .index(feature)] }
        if inGeometry { components.append(.member("geometry")) }
        return components + path
    }

    /// Forgets the feature-level position (after a feature, also one that failed half-way).
    mutating func leaveFeature() {
        feature = nil
        inGeometry = false
        if !path.isEmpty { path.removeAll() }
    }

    mutating func add(_ code: String, _ message: String, offset: Int, at extra: [JSONPathComponent] = []) {
        guard warnings.count < Self.limit else { dropped += 1; return }
        warnings.append(GeoJSONWarning(code: code, message: message, offset: offset, pathComponents: currentPath + extra))
    }

    mutating func noteExcessivePrecision(offset: Int, at extra: [JSONPathComponent]) {
        if excessivePrecisionCount == 0 { firstExcessivePrecision = (offset, currentPath + extra) }
        excessivePrecisionCount += 1
    }

    /// Final list, located in the input, in document order.
    mutating func finish(bytes: UnsafeRawBufferPointer, file: String?, precisionLimit: Int) -> [GeoJSONWarning] {
        if let first = firstExcessivePrecision {
            warnings.append(GeoJSONWarning(
                code: "precision",
                message: "\(excessivePrecisionCount) coordinate(s) carry more than \(precisionLimit) decimals (about 1 cm); "
                    + "RFC 7946 advises trimming them (mapctl convert --precision \(precisionLimit))",
                offset: first.offset, pathComponents: first.path))
        }
        if dropped > 0 {
            warnings.append(GeoJSONWarning(code: "too_many_warnings", message: "\(dropped) more warnings not listed"))
        }
        // Stable: warnings at the same offset keep the order they were found in.
        warnings = warnings.enumerated().sorted { ($0.element.offset, $0.offset) < ($1.element.offset, $1.offset) }.map(\.element)
        // Line numbers are counted in one pass over the input, not once per warning.
        var line = 1, lineStart = 0, index = 0
        for position in warnings.indices {
            let target = min(warnings[position].offset, bytes.count)
            while index < target {
                if bytes[index] == 0x0A { line += 1; lineStart = index + 1 }
                index += 1
            }
            warnings[position].file = file
            warnings[position].line = line
            warnings[position].column = target - lineStart + 1
        }
        return warnings
    }
}
