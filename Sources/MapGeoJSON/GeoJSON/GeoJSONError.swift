import MapGeometry

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

    /// The fields, in one heap box: typed throws pass the error through every decoding
    /// level, and as a 150-byte struct its copies showed in the reader's profile. The box
    /// is copied before a change when shared, so the struct keeps value semantics.
    private struct Details: Hashable {
        var kind: Kind
        var code: String
        var message: String
        var expected: String?
        var found: String?
        var hint: String?
        var file: String?
        var offset: Int
        var line: Int
        var column: Int
        var pathComponents: [JSONPathComponent]
    }

    private final class Box: @unchecked Sendable {
        var details: Details
        init(_ details: Details) { self.details = details }
    }

    private var box: Box

    private mutating func change(_ body: (inout Details) -> Void) {
        if !isKnownUniquelyReferenced(&box) { box = Box(box.details) }
        body(&box.details)
    }

    /// Broad class of failure.
    public var kind: Kind {
        get { box.details.kind }
        set { change { $0.kind = newValue } }
    }

    /// Short, stable name of the broken rule, e.g. `ring_not_closed`, `coordinates_depth`, `json_syntax`.
    public var code: String {
        get { box.details.code }
        set { change { $0.code = newValue } }
    }

    /// What is wrong, with the offending value where that helps.
    public var message: String {
        get { box.details.message }
        set { change { $0.message = newValue } }
    }

    /// What the reader expected at this place, when that is a useful thing to say.
    public var expected: String? {
        get { box.details.expected }
        set { change { $0.expected = newValue } }
    }

    /// What it found instead.
    public var found: String? {
        get { box.details.found }
        set { change { $0.found = newValue } }
    }

    /// How to fix it.
    public var hint: String? {
        get { box.details.hint }
        set { change { $0.hint = newValue } }
    }

    /// The file name as given to the reader (`nil` for bytes and standard input).
    public var file: String? {
        get { box.details.file }
        set { change { $0.file = newValue } }
    }

    /// Byte offset in the input.
    public var offset: Int {
        get { box.details.offset }
        set { change { $0.offset = newValue } }
    }

    /// 1-based line of `offset`.
    public var line: Int {
        get { box.details.line }
        set { change { $0.line = newValue } }
    }

    /// 1-based column (in bytes) of `offset`.
    public var column: Int {
        get { box.details.column }
        set { change { $0.column = newValue } }
    }

    /// Location in the document as JSON path steps.
    public var pathComponents: [JSONPathComponent] {
        get { box.details.pathComponents }
        set { change { $0.pathComponents = newValue } }
    }

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
        box = Box(Details(kind: kind, code: code, message: message, expected: expected, found: found, hint: hint,
                          file: file, offset: offset, line: line, column: column, pathComponents: pathComponents))
    }

    public static func == (lhs: GeoJSONError, rhs: GeoJSONError) -> Bool { lhs.box.details == rhs.box.details }

    public func hash(into hasher: inout Hasher) { hasher.combine(box.details) }

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

    /// An input file larger than the reader's `maxInputBytes` (or a road network's limit).
    package static func inputTooLarge(_ file: String, limit: Int) -> GeoJSONError {
        io(.unreadable, file: file,
           message: "is larger than the input limit of \(limit) bytes (raise it with --max-input, e.g. --max-input 8GiB)")
    }

    /// Wraps a `GeometryError` from a value type: its index path becomes `coordinates[i][j]`.
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
