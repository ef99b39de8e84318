import MapGeometry

/// Decoding of Feature objects: id, properties (kept raw), bbox, foreign members.
extension GeoJSONDecoder {
    /// Decodes the Feature object at the current offset (its type already known to be Feature).
    mutating func decodeFeature(depth: Int) throws(GeoJSONError) -> Feature {
        try scanner.checkDepth(depth)
        let objectStart = scanner.offset
        var seen: UInt32 = 0
        var others: [StringToken] = []
        var id: FeatureIdentifier?
        var geometry: Geometry?
        var properties: Properties?
        var typeProperty: String?
        var bbox: BoundingBox?
        var foreign: [ForeignMember] = []
        // A geometry error is held back until the members are checked, so that a
        // missing "properties" is reported before a bad ring further in.
        var geometryError: GeoJSONError?
        if try beginGeoJSONObject(seen: &seen) {
            repeat {
                let key = try memberName(likely: .properties, .geometry)
                if scanner.token(key, equals: "type") {
                    try checkDuplicate(key, seen: &seen, bit: 1)
                    try scanner.skipValue(depth: depth + 1)
                } else if scanner.token(key, equals: "geometry") {
                    try checkDuplicate(key, seen: &seen, bit: 2)
                    if scanner.current == UInt8(ascii: "n") {
                        guard try scanner.consumeLiteral() == .null else {
                            throw structureError("geometry_not_object", "\"geometry\" must be an object or null",
                                                 expected: "a geometry object or null").inside(.member("geometry"))
                        }
                    } else {
                        let geometryStart = scanner.offset
                        warnings.inGeometry = true
                        do { geometry = try decodeGeometryObject(depth: depth + 1) } catch {
                            guard error.kind != .syntax, error.kind != .limit else { throw error.inside(.member("geometry")) }
                            geometryError = error.inside(.member("geometry"))
                            scanner.offset = geometryStart
                            try scanner.skipValue(depth: depth + 1)
                        }
                        warnings.inGeometry = false
                    }
                } else if scanner.token(key, equals: "properties") {
                    try checkDuplicate(key, seen: &seen, bit: 4)
                    do { (properties, typeProperty) = try decodeProperties(depth: depth + 1) } catch {
                        throw error.inside(.member("properties"))
                    }
                } else if scanner.token(key, equals: "id") {
                    try checkDuplicate(key, seen: &seen, bit: 8)
                    do { id = try decodeIdentifier() } catch { throw error.inside(.member("id")) }
                } else if scanner.token(key, equals: "bbox") {
                    try checkDuplicate(key, seen: &seen, bit: 16)
                    do { bbox = try decodeBoundingBox() } catch { throw error.inside(.member("bbox")) }
                } else if scanner.token(key, equals: "crs") {
                    throw crsError(key)
                } else if scanner.token(key, equals: "features") || scanner.token(key, equals: "coordinates")
                    || scanner.token(key, equals: "geometries") {
                    throw semanticsError(key, in: .feature)
                } else {
                    try checkDuplicateOther(key, in: &others)
                    let start = scanner.offset
                    try scanner.skipValue(depth: depth + 1)
                    foreign.append(ForeignMember(name: scanner.decode(key),
                                                 value: RawJSON(buffer: buffer, range: start..<scanner.offset)))
                }
            } while try scanner.commaOrClose(UInt8(ascii: "}"))
        }
        guard seen & 2 != 0 else {
            throw structureError("geometry_missing", "Feature has no \"geometry\" member", at: objectStart,
                                 hint: "add \"geometry\": null for a feature without location")
        }
        guard let properties else {
            throw structureError("properties_missing", "Feature has no \"properties\" member", at: objectStart,
                                 hint: "add \"properties\": {} (or null); RFC 7946 §3.2 requires the member")
        }
        if let geometryError { throw geometryError }
        return Feature(id: id, geometry: geometry, properties: properties, bbox: bbox, foreignMembers: foreign,
                       typeProperty: typeProperty)
    }

    /// `id`: a string or a number, the number kept as its text.
    private mutating func decodeIdentifier() throws(GeoJSONError) -> FeatureIdentifier {
        let value = scanner.peek()
        if value == UInt8(ascii: "\"") {
            return .string(scanner.decode(try scanner.scanString()))
        }
        if value == UInt8(ascii: "-") || (value >= 0x30 && value <= 0x39) {
            let start = scanner.offset
            _ = try scanner.scanNumber()
            return .number(text: String(decoding: UnsafeRawBufferPointer(start: scanner.base + start,
                                                                         count: scanner.offset - start), as: UTF8.self))
        }
        throw structureError("feature_id_type", "a Feature id must be a string or a number",
                             expected: "a string or a number")
    }

    /// `properties`: null or an object, validated and kept raw; the eager type key read on the way.
    private mutating func decodeProperties(depth: Int) throws(GeoJSONError) -> (Properties, String?) {
        let value = scanner.peek()
        if value == UInt8(ascii: "n"), try scanner.consumeLiteral() == .null { return (.null, nil) }
        guard value == UInt8(ascii: "{") else {
            throw structureError("properties_type", "\"properties\" must be an object or null",
                                 expected: "an object {…} or null")
        }
        try scanner.checkDepth(depth)
        let start = scanner.offset
        var typeProperty: String?
        scanner.offset += 1
        if scanner.peek() == UInt8(ascii: "}") {
            scanner.offset += 1
        } else {
            var names = MemberNameSet()
            repeat {
                let key = try memberName()
                guard names.insert(key, in: scanner) else { throw duplicateError(key) }
                if typeKeyLength >= 0, key.hasEscapes || key.end &- key.start == typeKeyLength,
                   scanner.current == UInt8(ascii: "\""), let typeKey, scanner.token(key, equals: typeKey) {
                    typeProperty = typeValues.string(try scanner.scanString(), in: scanner)
                } else {
                    try scanner.skipValue(depth: depth + 1)
                }
            } while try scanner.commaOrClose(UInt8(ascii: "}"))
        }
        return (Properties(raw: RawJSON(buffer: buffer, range: start..<scanner.offset), null: false, edits: []), typeProperty)
    }

    /// A `bbox`: 4 or 6 numbers, [west, south, (min altitude,) east, north (, max altitude)].
    mutating func decodeBoundingBox() throws(GeoJSONError) -> BoundingBox {
        let start = scanner.offset
        guard scanner.peek() == UInt8(ascii: "[") else {
            throw structureError("bbox_not_array", "\"bbox\" must be an array of numbers",
                                 expected: "[west, south, east, north]")
        }
        scanner.offset += 1
        var values: [Double] = []
        if scanner.peek() != UInt8(ascii: "]") {
            repeat {
                let value = scanner.peek()
                guard value == UInt8(ascii: "-") || (value >= 0x30 && value <= 0x39) else {
                    if value == 0 || value == UInt8(ascii: "N") || value == UInt8(ascii: "I") {
                        throw scanner.syntaxError(expected: "a number")
                    }
                    throw structureError("bbox_not_number", "a bbox holds numbers only",
                                         expected: "a number").inside(.index(values.count))
                }
                values.append(try scanner.scanNumber().value)
            } while try scanner.commaOrClose(UInt8(ascii: "]"))
        } else {
            scanner.offset += 1
        }
        guard values.count == 4 || values.count == 6 else {
            throw structureError("bbox_length", "a bbox needs 4 numbers (or 6 with altitudes), found \(values.count)",
                                 at: start, hint: "write [west, south, east, north]")
        }
        let half = values.count / 2
        let (west, south, east, north) = (values[0], values[1], values[half], values[half + 1])
        do throws(GeometryError) {
            if options.domain == .planar {
                guard values.allSatisfy(\.isFinite) else {
                    throw GeometryError(.nonFiniteCoordinate(axis: "bbox", value: values.first { !$0.isFinite }!))
                }
                return BoundingBox(unchecked: west, south, east, north)
            }
            return try BoundingBox(west: west, south: south, east: east, north: north)
        } catch {
            var converted = GeoJSONError(error, offset: start)
            converted.code = "bbox_range"
            throw converted
        }
    }
}
