/// Why a GeoJSON document (or one feature of it) was rejected, and exactly where.
///
/// `description` reads like a compiler message:
/// `objects.geojson:1:48213: features[12].geometry.coordinates[0]: ring is not closed (first [24.9,60.1], last [24.8,60.1])`.
public struct GeoJSONError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Broad classes of failure; `mapctl` maps them to exit statuses.
    public enum Kind: Hashable, Sendable {
        /// Not JSON: bad token, truncated input, invalid UTF-8.
        case syntax
        /// JSON, but not GeoJSON: wrong member type, missing member, unknown type name.
        case structure
        /// GeoJSON structure is right but a geometry is not (unclosed ring, latitude out of range).
        case geometry
        /// A safety limit was hit (nesting depth, number length).
        case limit
        /// The input file does not exist.
        case fileNotFound
        /// The input could not be read (permissions, I/O error).
        case unreadable
    }

    public var kind: Kind
    /// Short, stable name of the broken rule, e.g. `ring_not_closed`, `coordinates_depth`, `json_syntax`.
    public var code: String
    /// What is wrong, with the offending value where that helps.
    public var message: String
    /// What the reader expected at this place, when that is a useful thing to say.
    public var expected: String?
    /// What it found instead.
    public var found: String?
    /// How to fix it.
    public var hint: String?
    /// The file name as given to the reader (`nil` for bytes and standard input).
    public var file: String?
    /// Byte offset in the input.
    public var offset: Int
    /// 1-based line of `offset`.
    public var line: Int
    /// 1-based column (in bytes) of `offset`.
    public var column: Int
    /// Location in the document as JSON path steps.
    public var pathComponents: [JSONPathComponent]

    /// `features[12].geometry.coordinates[0]`; empty at the root.
    public var path: String { renderJSONPath(pathComponents) }

    /// The index in `features` when the error lies inside a feature of a collection.
    public var featureIndex: Int? {
        guard pathComponents.count >= 2, pathComponents[0] == .member("features"),
              case let .index(index) = pathComponents[1] else { return nil }
        return index
    }

    public init(
        kind: Kind, code: String, message: String, expected: String? = nil, found: String? = nil,
        hint: String? = nil, file: String? = nil, offset: Int = 0, line: Int = 0, column: Int = 0,
        pathComponents: [JSONPathComponent] = []
    ) {
        self.kind = kind
        self.code = code
        self.message = message
        self.expected = expected
        self.found = found
        self.hint = hint
        self.file = file
        self.offset = offset
        self.line = line
        self.column = column
        self.pathComponents = pathComponents
    }

    /// `file:line:column: path: message (expected …, found …); hint`.
    public var description: String {
        var text = ""
        if let file { text += file + ":" }
        if line > 0 { text += "\(line):\(column): " } else if file != nil { text += " " }
        let path = self.path
        if !path.isEmpty { text += path + ": " }
        text += message
        if let expected, let found {
            text += " (expected \(expected), found \(found))"
        }
        if let hint { text += "; " + hint }
        return text
    }

    /// The same error one level further out, under `component` (used while unwinding).
    func inside(_ component: JSONPathComponent) -> GeoJSONError {
        var copy = self
        copy.pathComponents.insert(component, at: 0)
        return copy
    }

    /// Fills in file, line and column from the byte offset.
    func located(in bytes: UnsafeRawBufferPointer, file: String?) -> GeoJSONError {
        var copy = self
        copy.file = file
        (copy.line, copy.column) = lineAndColumn(of: offset, in: bytes)
        return copy
    }

    /// An error about the input file itself (missing, unreadable).
    static func io(_ kind: Kind, file: String, message: String) -> GeoJSONError {
        GeoJSONError(kind: kind, code: kind == .fileNotFound ? "file_not_found" : "unreadable",
                     message: message, file: file)
    }

    /// Wraps a ``GeometryError`` from a value type: its index path becomes `coordinates[i][j]`.
    init(_ error: GeometryError, offset: Int) {
        let code: String
        switch error.reason {
        case .nonFiniteCoordinate: code = "coordinate_not_finite"
        case .latitudeOutOfRange, .longitudeOutOfRange: code = "coordinate_range"
        case let .tooFewPositions(minimum, _): code = minimum >= 4 ? "ring_too_short" : "line_too_short"
        case .ringNotClosed: code = "ring_not_closed"
        case .southNorthOfNorth: code = "bbox_order"
        }
        self.init(kind: .geometry, code: code, message: error.reasonDescription, offset: offset,
                  pathComponents: error.path.isEmpty ? [] : [.member("coordinates")] + error.path.map { .index($0) })
    }
}
