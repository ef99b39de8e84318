/// The top level: one GeoJSON object, a FeatureCollection's `features`, or a
/// GeoJSONSeq (RFC 8142) sequence of texts.
extension GeoJSONDecoder {
    /// ASCII record separator that starts each GeoJSONSeq record.
    static let recordSeparator: UInt8 = 0x1E

    /// Reads the whole input.
    mutating func decodeDocument() throws(GeoJSONError) -> GeoJSONDocument {
        skipByteOrderMark()
        scanner.skipWhitespace()
        if scanner.current == Self.recordSeparator || options.sequence {
            return try decodeSequence()
        }
        var skipped: [SkippedFeature] = []
        let object = try decodeRootObject(skipped: &skipped)
        scanner.skipWhitespace()
        if !scanner.isAtEnd {
            // A Feature or geometry followed by more JSON texts: newline-delimited GeoJSON.
            if case .featureCollection = object {} else if scanner.current == UInt8(ascii: "{") {
                var sequence = try decodeSequence(startingWith: object)
                sequence.skipped.insert(contentsOf: skipped, at: 0)
                return sequence
            }
            throw GeoJSONError(kind: .syntax, code: "json_syntax", message: "unexpected data after the GeoJSON object",
                               expected: "end of input", found: scanner.describeCurrent(),
                               hint: "a GeoJSON file holds one object; put several features in a FeatureCollection",
                               offset: scanner.offset)
        }
        return GeoJSONDocument(object: object, warnings: [], skipped: skipped, isSequence: false)
    }

    private mutating func skipByteOrderMark() {
        if scanner.end - scanner.offset >= 3, scanner.byte(at: scanner.offset) == 0xEF,
           scanner.byte(at: scanner.offset + 1) == 0xBB, scanner.byte(at: scanner.offset + 2) == 0xBF {
            scanner.offset += 3
        }
    }

    /// One top-level GeoJSON object at the current offset.
    mutating func decodeRootObject(skipped: inout [SkippedFeature]) throws(GeoJSONError) -> GeoJSONObject {
        guard scanner.peek() == UInt8(ascii: "{") else {
            if scanner.isAtEnd {
                throw GeoJSONError(kind: .syntax, code: "json_syntax", message: "the input is empty",
                                   expected: "a GeoJSON object", found: "end of input", offset: scanner.offset)
            }
            let value = scanner.current
            let isJSONValue = value == UInt8(ascii: "[") || value == UInt8(ascii: "\"") || value == UInt8(ascii: "-")
                || (value >= 0x30 && value <= 0x39) || value == UInt8(ascii: "t") || value == UInt8(ascii: "f")
                || value == UInt8(ascii: "n")
            guard isJSONValue else { throw scanner.syntaxError(expected: "a GeoJSON object") }
            throw structureError("root_not_object", "a GeoJSON text must be an object",
                                 expected: "an object with a \"type\" member")
        }
        let objectStart = scanner.offset
        guard let type = try peekType() else {
            throw structureError("type_missing", "the object has no \"type\" member", at: objectStart,
                                 hint: "add \"type\": \"FeatureCollection\", \"Feature\" or a geometry type")
        }
        switch type {
        case .featureCollection:
            return .featureCollection(try decodeFeatureCollection(skipped: &skipped))
        case .feature:
            return .feature(try decodeFeature(depth: 0))
        default:
            return .geometry(try decodeGeometryObject(depth: 0))
        }
    }

    /// A FeatureCollection object at the current offset.
    private mutating func decodeFeatureCollection(skipped: inout [SkippedFeature]) throws(GeoJSONError) -> FeatureCollection {
        let objectStart = scanner.offset
        var seen: UInt32 = 0
        var others: [StringToken] = []
        var features: [Feature]?
        var bbox: BoundingBox?
        var foreign: [ForeignMember] = []
        if try beginObject() {
            repeat {
                let key = try memberName()
                if scanner.token(key, equals: "type") {
                    try checkDuplicate(key, seen: &seen, bit: 1)
                    try scanner.skipValue(depth: 1)
                } else if scanner.token(key, equals: "features") {
                    try checkDuplicate(key, seen: &seen, bit: 2)
                    do { features = try decodeFeatures(skipped: &skipped) } catch { throw error.inside(.member("features")) }
                } else if scanner.token(key, equals: "bbox") {
                    try checkDuplicate(key, seen: &seen, bit: 4)
                    do { bbox = try decodeBoundingBox() } catch { throw error.inside(.member("bbox")) }
                } else if scanner.token(key, equals: "crs") {
                    throw crsError(key)
                } else if scanner.token(key, equals: "geometry") || scanner.token(key, equals: "properties")
                    || scanner.token(key, equals: "coordinates") || scanner.token(key, equals: "geometries") {
                    throw semanticsError(key, in: .featureCollection)
                } else {
                    try checkDuplicateOther(key, in: &others)
                    let start = scanner.offset
                    try scanner.skipValue(depth: 1)
                    foreign.append(ForeignMember(name: scanner.decode(key),
                                                 value: RawJSON(buffer: buffer, range: start..<scanner.offset)))
                }
            } while try scanner.commaOrClose(UInt8(ascii: "}"))
        }
        guard let features else {
            throw structureError("features_missing", "FeatureCollection has no \"features\" member", at: objectStart,
                                 hint: "add \"features\": [] (it may be empty)")
        }
        return FeatureCollection(features: features, bbox: bbox, foreignMembers: foreign)
    }

    /// The `features` array; in lenient mode a bad feature is skipped and reported.
    private mutating func decodeFeatures(skipped: inout [SkippedFeature]) throws(GeoJSONError) -> [Feature] {
        guard scanner.peek() == UInt8(ascii: "[") else {
            throw structureError("features_not_array", "\"features\" must be an array",
                                 expected: "an array of Feature objects")
        }
        scanner.offset += 1
        var features: [Feature] = []
        if scanner.peek() == UInt8(ascii: "]") { scanner.offset += 1; return features }
        var index = 0
        warnings.path.append(.member("features"))
        repeat {
            scanner.skipWhitespace()
            let elementStart = scanner.offset
            warnings.path.append(.index(index))
            do {
                features.append(try decodeFeatureElement())
            } catch {
                let located = error.inside(.index(index))
                guard options.lenient, error.kind != .syntax, error.kind != .limit else { throw located }
                skipped.append(SkippedFeature(index: index, id: identifier(ofObjectAt: elementStart),
                                              error: located.inside(.member("features"))))
                scanner.offset = elementStart
                do { try scanner.skipValue(depth: 2) } catch { throw error.inside(.index(index)) }
            }
            warnings.path.removeLast()
            index += 1
            if index & 0x3FFF == 0 { releaseConsumedPages() }
        } while try scanner.commaOrClose(UInt8(ascii: "]"))
        warnings.path.removeLast()
        return features
    }

    /// One element of `features`: must be an object whose type is Feature.
    mutating func decodeFeatureElement() throws(GeoJSONError) -> Feature {
        guard scanner.current == UInt8(ascii: "{") else {
            throw structureError("feature_not_object", "each element of \"features\" must be a Feature object",
                                 expected: "a Feature object")
        }
        let objectStart = scanner.offset
        let peeked: GeoJSONType?
        do { peeked = try peekType() } catch where error.code == "type_unknown" {
            // Inside "features" only one type is right: say so.
            var wrong = error
            wrong.code = "feature_type"
            wrong.expected = "\"Feature\""
            wrong.message = "each element of \"features\" must have type \"Feature\""
            throw wrong
        }
        guard let type = peeked else {
            throw structureError("type_missing", "feature has no \"type\" member", at: objectStart,
                                 hint: "add \"type\": \"Feature\"")
        }
        guard type == .feature else {
            throw structureError("feature_type", "expected a Feature, found type \"\(type.name)\"", at: objectStart,
                                 hint: type.isGeometry ? "wrap the geometry: {\"type\": \"Feature\", \"geometry\": …, \"properties\": {}}" : nil)
        }
        return try decodeFeature(depth: 2)
    }

    /// Best-effort `id` of a rejected feature, for the lenient report.
    private mutating func identifier(ofObjectAt start: Int) -> FeatureIdentifier? {
        let saved = scanner.offset
        defer { scanner.offset = saved }
        scanner.offset = start
        guard scanner.current == UInt8(ascii: "{") else { return nil }
        scanner.offset += 1
        guard scanner.peek() != UInt8(ascii: "}") else { return nil }
        repeat {
            scanner.skipWhitespace()
            guard let key = try? scanner.scanString(), (try? scanner.consume(UInt8(ascii: ":"), "")) != nil else { return nil }
            scanner.skipWhitespace()
            if scanner.token(key, equals: "id") {
                if scanner.current == UInt8(ascii: "\""), let token = try? scanner.scanString() {
                    return .string(scanner.decode(token))
                }
                let numberStart = scanner.offset
                guard (try? scanner.scanNumber()) != nil else { return nil }
                return .number(text: String(decoding: UnsafeRawBufferPointer(start: scanner.base + numberStart,
                                                                             count: scanner.offset - numberStart), as: UTF8.self))
            }
            guard (try? scanner.skipValue(depth: 1)) != nil else { return nil }
        } while (try? scanner.commaOrClose(UInt8(ascii: "}"))) == true
        return nil
    }

    /// Lets the kernel drop mapped pages already parsed (keeps a big read's resident size low).
    mutating func releaseConsumedPages() {
        guard options.releaseParsedPages else { return }
        buffer.releasePages(before: scanner.offset)
    }
}
