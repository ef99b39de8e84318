import MapGeometry

/// Decodes one GeoJSON text (or GeoJSONSeq records) from bytes into values.
///
/// One instance reads one input. Errors are thrown with a byte offset and are
/// given their JSON path while the call stack unwinds (`inside(_:)`), so the
/// happy path keeps no path bookkeeping except for warnings.
struct GeoJSONDecoder {
    var scanner: JSONScanner
    let buffer: JSONBuffer
    let options: GeoJSONReader.Options
    var warnings = WarningCollector()
    /// UTF-8 of the property read eagerly into ``Feature/typeProperty``.
    let typeKey: [UInt8]?
    /// Its length in bytes, -1 when there is none (a name of another length is not compared).
    let typeKeyLength: Int
    /// The values of the type key seen so far.
    var typeValues = ShortStringCache()
    /// Name sets of objects with many members (see `checkDuplicateOther`); rare.
    var largeKeySets: [Set<String>] = []
    /// Reused by every array of positions (lines, rings) while it is read.
    var positionScratch: [Position] = []
    /// Where `peekType` found `type` as the first member: (object start, offset after its value),
    /// so that decoding the object continues from there instead of reading `type` again.
    var typeResume: (object: Int, resume: Int)?

    init(buffer: JSONBuffer, options: GeoJSONReader.Options, start: Int = 0, end: Int? = nil) {
        self.buffer = buffer
        self.options = options
        scanner = JSONScanner(base: buffer.base, start: start, end: end ?? buffer.count,
                              maxDepth: options.maxDepth, maxNumberLength: options.maxNumberLength)
        typeKey = options.typePropertyKey.map { Array($0.utf8) }
        typeKeyLength = typeKey?.count ?? -1
    }

    // MARK: type

    /// Finds the `type` member of the object at the current offset without moving.
    /// Returns nil when there is none; throws when it is not a string or unknown.
    mutating func peekType() throws(GeoJSONError) -> GeoJSONType? {
        let objectStart = scanner.offset
        defer { scanner.offset = objectStart }
        scanner.offset += 1
        if scanner.peek() == UInt8(ascii: "}") { return nil }
        let firstKeyStart = scanner.offset + 1
        // Usually "type" comes first, spelled plainly: no string scan needed.
        if scanner.consumeString(.type) {
            try scanner.consume(UInt8(ascii: ":"), "':' after a member name")
            let type: GeoJSONType
            let valueStart = scanner.offset
            scanner.skipWhitespace()
            // The two names of almost every object first, without a call.
            if scanner.consumeString(.feature) {
                type = .feature
            } else if scanner.consumeString(.point) {
                type = .point
            } else {
                scanner.offset = valueStart
                do { type = try typeValue() } catch { throw error.inside(.member("type")) }
            }
            typeResume = (objectStart, scanner.offset)
            return type
        }
        repeat {
            scanner.skipWhitespace()
            let key = try scanner.scanString()
            try scanner.consume(UInt8(ascii: ":"), "':' after a member name")
            if scanner.token(key, equals: "type") {
                let first = key.start == firstKeyStart
                let type: GeoJSONType
                do { type = try typeValue() } catch { throw error.inside(.member("type")) }
                typeResume = first ? (objectStart, scanner.offset) : nil
                return type
            }
            try scanner.skipValue(depth: 1)
        } while try scanner.commaOrClose(UInt8(ascii: "}"))
        return nil
    }

    /// Reads a `type` value at the current offset.
    private mutating func typeValue() throws(GeoJSONError) -> GeoJSONType {
        let start = scanner.offset
        scanner.skipWhitespace()
        // The two names of almost every object, compared as words.
        if scanner.consumeString(.feature) { return .feature }
        if scanner.consumeString(.point) { return .point }
        guard scanner.current == UInt8(ascii: "\"") else {
            throw GeoJSONError(kind: .structure, code: "type_not_string", message: "\"type\" must be a string",
                               expected: "a GeoJSON type name such as \"Feature\"", found: scanner.describeCurrent(),
                               offset: scanner.offset)
        }
        let token = try scanner.scanString()
        if !token.hasEscapes, let type = GeoJSONType(UnsafeRawBufferPointer(start: scanner.base + token.start,
                                                                              count: token.end - token.start)) {
            return type
        }
        for (name, type) in GeoJSONType.all where scanner.token(token, equals: name) { return type }
        let text = scanner.decode(token)
        if let match = GeoJSONType.all.first(where: { $0.0.description.lowercased() == text.lowercased() }) {
            throw GeoJSONError(
                kind: .structure, code: "type_case", message: "unknown type \"\(text)\"",
                hint: "type names are case-sensitive: write \"\(match.0)\"", offset: start)
        }
        throw GeoJSONError(
            kind: .structure, code: "type_unknown", message: "unknown type \"\(text)\"",
            expected: "one of Feature, FeatureCollection, Point, MultiPoint, LineString, MultiLineString, Polygon, MultiPolygon, GeometryCollection",
            found: "\"\(text)\"", offset: start)
    }

    // MARK: members

    /// Starts a GeoJSON object whose `{` is at the current offset, continuing after its
    /// `type` member when `peekType` already read it first; false when no member follows.
    @inline(__always)
    mutating func beginGeoJSONObject(seen: inout UInt32) throws(GeoJSONError) -> Bool {
        if let typeResume, typeResume.object == scanner.offset {
            self.typeResume = nil
            scanner.offset = typeResume.resume
            seen |= 1
            return try scanner.commaOrClose(UInt8(ascii: "}"))
        }
        return try beginObject()
    }

    /// Starts an object whose `{` is at the current offset; returns false for `{}`.
    mutating func beginObject() throws(GeoJSONError) -> Bool {
        scanner.offset += 1
        if scanner.peek() == UInt8(ascii: "}") { scanner.offset += 1; return false }
        return true
    }

    /// Reads the next member name and its colon.
    mutating func memberName() throws(GeoJSONError) -> StringToken {
        scanner.skipWhitespace()
        let key = try scanner.scanString()
        try scanner.consume(UInt8(ascii: ":"), "':' after a member name")
        scanner.skipWhitespace()
        return key
    }

    /// Reads the next member name and its colon like ``memberName()``, first trying the
    /// names the caller expects, spelled plainly: one word comparison each instead of a
    /// string scan. Any other name (escaped spellings included) takes the full scan.
    @inline(__always)
    mutating func memberName(likely first: PlainJSONString, _ second: PlainJSONString? = nil) throws(GeoJSONError) -> StringToken {
        scanner.skipWhitespace()
        let start = scanner.offset &+ 1
        var count = -1
        if scanner.consumeString(first) {
            count = first.count
        } else if let second, scanner.consumeString(second) {
            count = second.count
        }
        guard count >= 0 else { return try memberName() }
        try scanner.consume(UInt8(ascii: ":"), "':' after a member name")
        scanner.skipWhitespace()
        return StringToken(start: start, end: start &+ count, hasEscapes: false)
    }

    /// Refuses a second member with the same name (the meaning would be ambiguous).
    @inline(__always)
    mutating func checkDuplicate(_ key: StringToken, seen: inout UInt32, bit: UInt32) throws(GeoJSONError) {
        if seen & bit != 0 { throw duplicateError(key) }
        seen |= bit
    }

    /// Duplicate check for foreign members of GeoJSON objects: linear for the usual handful,
    /// a set once an object has many (a hostile object with 100,000 members must not cost n²
    /// comparisons). Most objects have none, and an empty array costs nothing to make and drop;
    /// `properties`, whose names are checked in every feature, use the inline ``MemberNameSet``
    /// (using it here too, as an optional, cost 160 instructions per feature).
    mutating func checkDuplicateOther(_ key: StringToken, in keys: inout [StringToken]) throws(GeoJSONError) {
        if keys.count < 16 {
            for previous in keys where scanner.token(previous, equals: key) { throw duplicateError(key) }
            keys.append(key)
            return
        }
        if keys.count == 16 {
            // From here on keys[0] holds a marker and the names live in `largeKeySets`.
            largeKeySets.append(Set(keys.map { scanner.decode($0) }))
            keys.append(StringToken(start: largeKeySets.count - 1, end: -1, hasEscapes: false))
        }
        let setIndex = keys[16].start
        guard largeKeySets[setIndex].insert(scanner.decode(key)).inserted else { throw duplicateError(key) }
    }

    func duplicateError(_ key: StringToken) -> GeoJSONError {
        GeoJSONError(kind: .structure, code: "duplicate_member",
                     message: "member \"\(scanner.decode(key))\" appears twice in the same object",
                     hint: "JSON readers disagree on which copy wins; keep only one", offset: key.start - 1)
    }

    /// A member that belongs to another GeoJSON type (RFC 7946 §7.1).
    func semanticsError(_ key: StringToken, in type: GeoJSONType) -> GeoJSONError {
        GeoJSONError(kind: .structure, code: "semantics_changed",
                     message: "a \(type.name) must not have a \"\(scanner.decode(key))\" member",
                     hint: "members of other GeoJSON types change their meaning (RFC 7946 §7.1); rename or remove it",
                     offset: key.start - 1)
    }

    func crsError(_ key: StringToken) -> GeoJSONError {
        GeoJSONError(kind: .structure, code: "crs_member", message: "\"crs\" is not part of GeoJSON (RFC 7946 §4)",
                     hint: "positions must be WGS84 longitude, latitude; reproject the data (e.g. ogr2ogr -t_srs EPSG:4326) and drop \"crs\"",
                     offset: key.start - 1)
    }

    func structureError(_ code: String, _ message: String, expected: String? = nil, at offset: Int? = nil,
                        hint: String? = nil) -> GeoJSONError {
        let position = offset ?? scanner.offset
        return GeoJSONError(kind: .structure, code: code, message: message, expected: expected,
                            found: expected == nil ? nil : scanner.describeToken(at: position), hint: hint,
                            offset: position)
    }
}

