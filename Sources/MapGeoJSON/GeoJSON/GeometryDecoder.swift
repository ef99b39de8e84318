import MapGeometry

/// Decoding of geometry objects and their `coordinates`.
extension GeoJSONDecoder {
    /// Decodes the geometry object at the current offset.
    mutating func decodeGeometryObject(depth: Int) throws(GeoJSONError) -> Geometry {
        guard scanner.peek() == UInt8(ascii: "{") else {
            throw structureError("geometry_not_object", "a geometry must be a JSON object",
                                 expected: "a geometry object {\"type\": …, \"coordinates\": …}")
        }
        try scanner.checkDepth(depth)
        let objectStart = scanner.offset
        guard let type = try peekType() else {
            throw structureError("type_missing", "geometry object has no \"type\" member", at: objectStart,
                                 hint: "add \"type\": \"Point\" (or the geometry type the coordinates describe)")
        }
        guard type.isGeometry else {
            throw structureError("geometry_type", "expected a geometry here, found a \(type.name)", at: objectStart)
        }
        var seen: UInt32 = 0
        var others: [StringToken] = []
        var geometry: Geometry?
        if try beginGeoJSONObject(seen: &seen) {
            repeat {
                let key = try memberName(likely: .coordinates)
                if scanner.token(key, equals: "type") {
                    try checkDuplicate(key, seen: &seen, bit: 1)
                    try scanner.skipValue(depth: depth + 1)
                } else if scanner.token(key, equals: "coordinates") {
                    try checkDuplicate(key, seen: &seen, bit: 2)
                    guard type != .geometryCollection else { throw semanticsError(key, in: type) }
                    do { geometry = try decodeCoordinates(of: type, depth: depth + 1) } catch {
                        throw error.inside(.member("coordinates"))
                    }
                } else if scanner.token(key, equals: "geometries") {
                    try checkDuplicate(key, seen: &seen, bit: 4)
                    guard type == .geometryCollection else { throw semanticsError(key, in: type) }
                    do { geometry = try decodeGeometries(depth: depth + 1) } catch {
                        throw error.inside(.member("geometries"))
                    }
                } else if scanner.token(key, equals: "bbox") {
                    try checkDuplicate(key, seen: &seen, bit: 8)
                    // Checked, then dropped: a geometry value carries no bbox (the writer recomputes one).
                    do { _ = try decodeBoundingBox() } catch { throw error.inside(.member("bbox")) }
                } else if scanner.token(key, equals: "crs") {
                    throw crsError(key)
                } else if scanner.token(key, equals: "features") || scanner.token(key, equals: "geometry")
                    || scanner.token(key, equals: "properties") {
                    throw semanticsError(key, in: type)
                } else {
                    // Foreign member of a geometry: tolerated, not kept.
                    try checkDuplicateOther(key, in: &others)
                    try scanner.skipValue(depth: depth + 1)
                }
            } while try scanner.commaOrClose(UInt8(ascii: "}"))
        }
        guard let geometry else {
            if type == .geometryCollection {
                throw structureError("geometries_missing", "GeometryCollection has no \"geometries\" member",
                                     at: objectStart, hint: "add \"geometries\": [ … ] (it may be empty)")
            }
            throw structureError("coordinates_missing", "\(type.name) has no \"coordinates\" member",
                                 at: objectStart, hint: "add \"coordinates\": \(type.coordinatesShape)")
        }
        return geometry
    }

    /// The members of a GeometryCollection.
    private mutating func decodeGeometries(depth: Int) throws(GeoJSONError) -> Geometry {
        guard scanner.peek() == UInt8(ascii: "[") else {
            throw structureError("geometries_not_array", "\"geometries\" must be an array", expected: "an array of geometry objects")
        }
        try scanner.checkDepth(depth)
        let arrayStart = scanner.offset
        scanner.offset += 1
        var members: [Geometry] = []
        if scanner.peek() == UInt8(ascii: "]") {
            scanner.offset += 1
            return .geometryCollection([])
        }
        repeat {
            let index = members.count
            warnings.path.append(.member("geometries"))
            warnings.path.append(.index(index))
            let memberStart = scanner.offset
            do { members.append(try decodeGeometryObject(depth: depth + 1)) } catch {
                throw error.inside(.index(index))
            }
            if case .geometryCollection = members[index] {
                warnings.add("gc_nested", "GeometryCollection inside a GeometryCollection; RFC 7946 §3.1.8 says to avoid nesting",
                             offset: memberStart)
            }
            warnings.path.removeLast()
            warnings.path.removeLast()
        } while try scanner.commaOrClose(UInt8(ascii: "]"))
        if members.count == 1 {
            warnings.add("gc_single", "GeometryCollection with a single member; use the geometry itself (RFC 7946 §3.1.8)",
                         offset: arrayStart, at: [.member("geometries")])
        }
        return .geometryCollection(members)
    }

    /// Decodes `coordinates` for a geometry of `type` (value at the current offset).
    private mutating func decodeCoordinates(of type: GeoJSONType, depth: Int) throws(GeoJSONError) -> Geometry {
        let start = scanner.offset
        switch type {
        case .point:
            return .point(try decodePosition(type: type, levelsAbove: 0))
        case .multiPoint:
            return .multiPoint(MultiPoint(try decodePositions(type: type, levelsAbove: 0)))
        case .lineString:
            let positions = try decodePositions(type: type, levelsAbove: 0)
            try checkLine(positions, start: start, at: [])
            return .lineString(LineString(unchecked: positions))
        case .multiLineString:
            var lines: [LineString] = []
            try decodeArray(type: type, levelsAbove: 0) { (decoder: inout GeoJSONDecoder, index) throws(GeoJSONError) in
                let lineStart = decoder.scanner.offset
                let positions = try decoder.decodePositions(type: type, levelsAbove: 1)
                try decoder.checkLine(positions, start: lineStart, at: [.index(index)])
                lines.append(LineString(unchecked: positions))
            }
            return .multiLineString(MultiLineString(lines))
        case .polygon:
            return .polygon(try decodePolygon(type: type, levelsAbove: 0, polygonIndex: nil))
        case .multiPolygon:
            var polygons: [Polygon] = []
            try decodeArray(type: type, levelsAbove: 0) { (decoder: inout GeoJSONDecoder, index) throws(GeoJSONError) in
                polygons.append(try decoder.decodePolygon(type: type, levelsAbove: 1, polygonIndex: index))
            }
            return .multiPolygon(MultiPolygon(polygons))
        case .feature, .featureCollection, .geometryCollection:
            preconditionFailure("not a coordinate geometry")
        }
    }

    /// Rings of one polygon, each checked (4+ positions, closed), winding and crossings reported.
    private mutating func decodePolygon(type: GeoJSONType, levelsAbove: Int, polygonIndex: Int?) throws(GeoJSONError) -> Polygon {
        let polygonStart = scanner.offset
        var rings: [LinearRing] = []
        try decodeArray(type: type, levelsAbove: levelsAbove) { (decoder: inout GeoJSONDecoder, index) throws(GeoJSONError) in
            let ringStart = decoder.scanner.offset
            let positions = try decoder.decodePositions(type: type, levelsAbove: levelsAbove + 1)
            guard positions.count >= 4 else {
                throw GeoJSONError(GeometryError(.tooFewPositions(minimum: 4, found: positions.count)), offset: ringStart)
                    .withHint("a ring is a closed line of 4 or more positions, the last equal to the first")
            }
            let first = positions[0], last = positions[positions.count - 1]
            // Exact equality, altitude included: [100,0] and [100,0,4.9] do not close a ring.
            guard first == last else {
                throw GeoJSONError(GeometryError(.ringNotClosed(first: first, last: last)), offset: ringStart)
            }
            let ring = LinearRing(unchecked: positions)
            let area = ring.signedDoubleArea
            if index == 0, area < 0 {
                decoder.warnings.add("winding_shell",
                                     "exterior ring is clockwise; RFC 7946 §3.1.6 wants it counterclockwise (mapctl convert --rewind fixes it)",
                                     offset: ringStart, at: Self.coordinatePath(polygonIndex, index))
            } else if index > 0, area > 0 {
                decoder.warnings.add("winding_hole",
                                     "hole is counterclockwise; RFC 7946 §3.1.6 wants holes clockwise (mapctl convert --rewind fixes it)",
                                     offset: ringStart, at: Self.coordinatePath(polygonIndex, index))
            }
            rings.append(ring)
        }
        if options.checkRingCrossings, !rings.isEmpty {
            let crossings = RingCrossings(rings: rings)
            if let (first, second, point) = crossings.crossingBetweenRings {
                throw GeoJSONError(kind: .geometry, code: "ogc_self_intersection",
                                   message: "ring \(second) crosses ring \(first) near \(point)",
                                   hint: "a hole must lie inside its exterior ring and may touch it only at single points",
                                   offset: polygonStart)
            }
            if crossings.gaveUp {
                warnings.add("crossing_check_skipped",
                             "rings not checked for crossings: too many overlapping segments (\(rings.reduce(0) { $0 + $1.positions.count }) positions)",
                             offset: polygonStart, at: Self.coordinatePath(polygonIndex, nil))
            }
            if let (ring, point) = crossings.selfCrossing {
                warnings.add("ogc_self_intersection", "ring \(ring) crosses itself near \(point) (OGC-invalid; GEOS MakeValid can repair it)",
                             offset: polygonStart, at: Self.coordinatePath(polygonIndex, nil))
            }
        }
        return Polygon(rings)
    }

    /// `coordinates[p][r]`-style path tail for warnings.
    private static func coordinatePath(_ polygon: Int?, _ ring: Int?) -> [JSONPathComponent] {
        var path: [JSONPathComponent] = [.member("coordinates")]
        if let polygon { path.append(.index(polygon)) }
        if let ring { path.append(.index(ring)) }
        return path
    }

    /// A line needs 0 or 2+ positions; a line whose positions are all equal has zero length.
    private mutating func checkLine(_ positions: [Position], start: Int, at path: [JSONPathComponent]) throws(GeoJSONError) {
        if positions.count == 1 {
            throw GeoJSONError(GeometryError(.tooFewPositions(minimum: 2, found: 1)), offset: start)
                .withHint("a line needs 2 or more positions; use a Point for a single position")
        }
        if positions.count >= 2, positions.allSatisfy({ $0.sameLocation(as: positions[0]) }) {
            warnings.add("zero_length_line", "line has zero length: all \(positions.count) positions are at \(positions[0])",
                         offset: start, at: [.member("coordinates")] + path)
        }
    }

    /// Calls `element` for each element of an array at the current offset (`levelsAbove`
    /// levels below `coordinates`), wrapping errors with the element's index.
    private mutating func decodeArray(
        type: GeoJSONType, levelsAbove: Int,
        _ element: (inout GeoJSONDecoder, Int) throws(GeoJSONError) -> Void
    ) throws(GeoJSONError) {
        try expectArray(type: type, levelsAbove: levelsAbove)
        scanner.offset += 1
        if scanner.peek() == UInt8(ascii: "]") { scanner.offset += 1; return }
        var index = 0
        repeat {
            scanner.skipWhitespace()
            do { try element(&self, index) } catch { throw error.inside(.index(index)) }
            index += 1
        } while try scanner.commaOrClose(UInt8(ascii: "]"))
    }

    /// An array of positions at the current offset.
    private mutating func decodePositions(type: GeoJSONType, levelsAbove: Int) throws(GeoJSONError) -> [Position] {
        try expectArray(type: type, levelsAbove: levelsAbove)
        scanner.offset += 1
        if scanner.peek() == UInt8(ascii: "]") { scanner.offset += 1; return [] }
        // Collected in a reused scratch array, then copied once at the exact size
        // (appending to a fresh array reallocated it 4-5 times for a 14-vertex ring).
        var positions = positionScratch
        positionScratch = []
        positions.removeAll(keepingCapacity: true)
        defer { positionScratch = positions }
        var index = 0
        repeat {
            scanner.skipWhitespace()
            do { positions.append(try decodePosition(type: type, levelsAbove: levelsAbove + 1)) } catch {
                throw error.inside(.index(index))
            }
            index += 1
        } while try scanner.commaOrClose(UInt8(ascii: "]"))
        // A real copy (Array(positions) would share the scratch buffer, and the next
        // removeAll would then reallocate it at full capacity).
        return positions.withUnsafeBufferPointer { Array($0) }
    }

    /// Throws unless an array starts at the current offset, naming the nesting problem.
    @inline(__always)
    private mutating func expectArray(type: GeoJSONType, levelsAbove: Int) throws(GeoJSONError) {
        let value = scanner.peek()
        guard value != UInt8(ascii: "[") else { return }
        let needed = type.coordinateDepth - levelsAbove
        if value == UInt8(ascii: "-") || (value >= 0x30 && value <= 0x39) {
            throw GeoJSONError(kind: .structure, code: "coordinates_depth",
                               message: "coordinates of a \(type.name) are nested too shallowly",
                               expected: levelsAbove == 0 ? type.coordinatesShape : "an array \(needed) level(s) deep",
                               found: scanner.describeCurrent(),
                               hint: "check that the type matches the coordinates (a single position is a Point)",
                               offset: scanner.offset)
        }
        throw GeoJSONError(kind: .structure, code: levelsAbove == 0 ? "coordinates_type" : "position_not_number",
                           message: levelsAbove == 0 ? "\"coordinates\" must be an array" : "coordinates must be arrays of numbers",
                           expected: levelsAbove == 0 ? type.coordinatesShape : "an array", found: scanner.describeCurrent(),
                           offset: scanner.offset)
    }

    /// One position `[longitude, latitude(, altitude)]` at the current offset.
    private mutating func decodePosition(type: GeoJSONType, levelsAbove: Int) throws(GeoJSONError) -> Position {
        try expectArray(type: type, levelsAbove: levelsAbove)
        let start = scanner.offset
        if let position = try compactPosition(at: start) { return position }
        scanner.offset = start + 1
        var longitude = 0.0, latitude = 0.0, altitude: Double?
        var count = 0
        if scanner.peek() != UInt8(ascii: "]") {
            repeat {
                let value = scanner.peek()
                guard value == UInt8(ascii: "-") || (value >= 0x30 && value <= 0x39) else {
                    throw notANumber(value, type: type).inside(.index(count))
                }
                let numberStart = scanner.offset
                let number = try scanner.scanNumber()
                if number.decimals > options.precisionWarningDecimals {
                    warnings.noteExcessivePrecision(offset: numberStart, at: [])
                }
                switch count {
                case 0: longitude = number.value
                case 1: latitude = number.value
                case 2: altitude = number.value
                default: break
                }
                count += 1
            } while try scanner.commaOrClose(UInt8(ascii: "]"))
        } else {
            scanner.offset += 1
        }
        guard count >= 2 else {
            throw GeoJSONError(kind: .structure, code: "position_length",
                               message: "a position needs 2 or 3 numbers [longitude, latitude, altitude], found \(count)",
                               offset: start)
        }
        if count > 3 {
            warnings.add("position_length",
                         "position has \(count) numbers; RFC 7946 §3.1.1 allows at most 3, the rest are dropped",
                         offset: start)
        }
        return try checkedPosition(longitude, latitude, altitude, at: start)
    }

    /// `[longitude,latitude]` written without spaces, the usual spelling, read straight
    /// through; nil (nothing consumed) for anything else, which the general loop reads.
    @inline(__always)
    private mutating func compactPosition(at start: Int) throws(GeoJSONError) -> Position? {
        scanner.offset = start &+ 1
        guard scanner.current == UInt8(ascii: "-") || scanner.current &- 0x30 < 10 else { return nil }
        let longitudeStart = scanner.offset
        let longitude = try scanner.scanNumber()
        guard scanner.current == UInt8(ascii: ",") else { return nil }
        scanner.offset &+= 1
        guard scanner.current == UInt8(ascii: "-") || scanner.current &- 0x30 < 10 else { return nil }
        let latitudeStart = scanner.offset
        let latitude = try scanner.scanNumber()
        guard scanner.current == UInt8(ascii: "]") else { return nil }
        scanner.offset &+= 1
        if longitude.decimals > options.precisionWarningDecimals {
            warnings.noteExcessivePrecision(offset: longitudeStart, at: [])
        }
        if latitude.decimals > options.precisionWarningDecimals {
            warnings.noteExcessivePrecision(offset: latitudeStart, at: [])
        }
        return try checkedPosition(longitude.value, latitude.value, nil, at: start)
    }

    /// The error for a non-number inside a position.
    private func notANumber(_ value: UInt8, type: GeoJSONType) -> GeoJSONError {
        if value == UInt8(ascii: "[") {
            return GeoJSONError(kind: .structure, code: "coordinates_depth",
                                message: "coordinates of a \(type.name) are nested too deeply",
                                expected: "a number", found: "an array",
                                hint: "\(type.name) coordinates are \(type.coordinatesShape)", offset: scanner.offset)
        }
        if value == UInt8(ascii: "N") || value == UInt8(ascii: "I") || value == 0 {
            return scanner.syntaxError(expected: "a number")
        }
        let found = scanner.describeCurrent()
        return GeoJSONError(kind: .structure, code: "position_not_number", message: "a coordinate must be a number",
                            expected: "a number", found: found,
                            hint: value == UInt8(ascii: "\"") ? "remove the quotes around the number" : nil,
                            offset: scanner.offset)
    }

    /// Range and finiteness checks, then the unchecked initialiser.
    @inline(__always)
    private mutating func checkedPosition(_ longitude: Double, _ latitude: Double, _ altitude: Double?, at offset: Int)
        throws(GeoJSONError) -> Position {
        guard longitude.isFinite, latitude.isFinite, altitude?.isFinite ?? true else {
            let axis = !longitude.isFinite ? "longitude" : !latitude.isFinite ? "latitude" : "altitude"
            let value = !longitude.isFinite ? longitude : !latitude.isFinite ? latitude : altitude!
            throw GeoJSONError(GeometryError(.nonFiniteCoordinate(axis: axis, value: value)), offset: offset)
        }
        if options.domain != .planar {
            if latitude < -90 || latitude > 90 {
                throw GeoJSONError(GeometryError(.latitudeOutOfRange(latitude)), offset: offset)
            }
            if longitude < -180 || longitude > 180 {
                if options.domain == .geographic {
                    throw GeoJSONError(GeometryError(.longitudeOutOfRange(longitude)), offset: offset)
                }
                warnings.add("antimeridian",
                             "longitude \(longitude) is outside -180...180; RFC 7946 §3.1.9 wants shapes that cross the antimeridian cut there (mapctl convert --cut-antimeridian)",
                             offset: offset)
            }
        }
        return Position(uncheckedLongitude: longitude, latitude: latitude, altitude: altitude)
    }
}

extension GeoJSONError {
    func withHint(_ hint: String) -> GeoJSONError {
        var copy = self
        copy.hint = hint
        return copy
    }
}
