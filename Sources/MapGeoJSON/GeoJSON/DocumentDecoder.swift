import MapGeometry

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

    mutating func skipByteOrderMark() {
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
        var header = try openFeatureCollection()
        var features: [Feature] = []
        if try firstFeatureSlot() {
            var index = 0
            let featuresStart = scanner.offset
            repeat {
                try decodeFeatureSlot(index: index, into: &features, skipped: &skipped)
                index += 1
                if index == 64 {
                    // Guess the count from the bytes per feature so far: growing the array by
                    // doubling copied ~2x its final size and showed in the profile.
                    let perFeature = max(1, (scanner.offset - featuresStart) / 64)
                    features.reserveCapacity(64 + (scanner.end - scanner.offset) / perFeature * 11 / 10)
                    FreshMemoryAdvice.populate(reservedStorageOf: &features, elements: index..<(index + 0x4000))
                }
                if index & 0x3FFF == 0 {
                    releaseConsumedPages()
                    // The next 16,384 features' memory, faulted in with one call (bounded, so a
                    // count guessed too high from the first features never populates unused memory).
                    FreshMemoryAdvice.populate(reservedStorageOf: &features, elements: index..<(index + 0x4000))
                }
            } while try nextFeatureSlot()
        }
        try closeFeatureCollection(&header)
        return FeatureCollection(features: features, bbox: header.bbox, foreignMembers: header.foreignMembers)
    }

    /// What a FeatureCollection said besides its features.
    struct CollectionHeader {
        var objectStart: Int
        var seen: UInt32 = 0
        var others: [StringToken] = []
        var bbox: BoundingBox?
        var foreignMembers: [ForeignMember] = []
    }

    /// Reads the members of the collection up to and including the `[` of `features`.
    mutating func openFeatureCollection() throws(GeoJSONError) -> CollectionHeader {
        var header = CollectionHeader(objectStart: scanner.offset)
        if try beginGeoJSONObject(seen: &header.seen) {
            repeat {
                if try collectionMember(&header) { return header }
            } while try scanner.commaOrClose(UInt8(ascii: "}"))
        }
        throw structureError("features_missing", "FeatureCollection has no \"features\" member", at: header.objectStart,
                             hint: "add \"features\": [] (it may be empty)")
    }

    /// One member; true when it was `features` (then positioned after its `[`).
    private mutating func collectionMember(_ header: inout CollectionHeader) throws(GeoJSONError) -> Bool {
        let key = try memberName()
        if scanner.token(key, equals: "type") {
            try checkDuplicate(key, seen: &header.seen, bit: 1)
            try scanner.skipValue(depth: 1)
        } else if scanner.token(key, equals: "features") {
            try checkDuplicate(key, seen: &header.seen, bit: 2)
            guard scanner.peek() == UInt8(ascii: "[") else {
                throw structureError("features_not_array", "\"features\" must be an array",
                                     expected: "an array of Feature objects").inside(.member("features"))
            }
            scanner.offset += 1
            return true
        } else if scanner.token(key, equals: "bbox") {
            try checkDuplicate(key, seen: &header.seen, bit: 4)
            do { header.bbox = try decodeBoundingBox() } catch { throw error.inside(.member("bbox")) }
        } else if scanner.token(key, equals: "crs") {
            throw crsError(key)
        } else if scanner.token(key, equals: "geometry") || scanner.token(key, equals: "properties")
            || scanner.token(key, equals: "coordinates") || scanner.token(key, equals: "geometries") {
            throw semanticsError(key, in: .featureCollection)
        } else {
            try checkDuplicateOther(key, in: &header.others)
            let start = scanner.offset
            try scanner.skipValue(depth: 1)
            header.foreignMembers.append(ForeignMember(name: scanner.decode(key),
                                                       value: RawJSON(buffer: buffer, range: start..<scanner.offset)))
        }
        return false
    }

    /// Right after `features: [`: true when a first element follows.
    mutating func firstFeatureSlot() throws(GeoJSONError) -> Bool {
        if scanner.peek() == UInt8(ascii: "]") { scanner.offset += 1; return false }
        return true
    }

    /// After an element: true when another follows, false at the closing `]`.
    @inline(__always)
    mutating func nextFeatureSlot() throws(GeoJSONError) -> Bool {
        do { return try scanner.commaOrClose(UInt8(ascii: "]")) } catch { throw error.inside(.member("features")) }
    }

    /// Reads the members after `features` and the closing brace.
    mutating func closeFeatureCollection(_ header: inout CollectionHeader) throws(GeoJSONError) {
        while try scanner.commaOrClose(UInt8(ascii: "}")) {
            _ = try collectionMember(&header)  // a second "features" is refused as a duplicate
        }
    }

    /// Element `index` of `features`, appended to `features` (straight into the array: a
    /// feature is 136 bytes, and every intermediate copy showed in the profile).
    /// In lenient mode a bad element is skipped and reported instead.
    mutating func decodeFeatureSlot(index: Int, into features: inout [Feature], skipped: inout [SkippedFeature])
        throws(GeoJSONError) {
        scanner.skipWhitespace()
        let elementStart = scanner.offset
        warnings.feature = index
        defer { warnings.leaveFeature() }
        do {
            features.append(try decodeFeatureElement())
        } catch {
            let located = error.inside(.index(index)).inside(.member("features"))
            guard options.lenient, error.kind != .syntax, error.kind != .limit else { throw located }
            skipped.append(SkippedFeature(index: index, id: identifier(ofObjectAt: elementStart), error: located))
            scanner.offset = elementStart
            do { try scanner.skipValue(depth: 2) } catch { throw error.inside(.index(index)).inside(.member("features")) }
        }
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
    mutating func identifier(ofObjectAt start: Int) -> FeatureIdentifier? {
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
