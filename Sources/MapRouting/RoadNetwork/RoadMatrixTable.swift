import MapGeoJSON

/// Road distance and duration matrices between places, as `mapctl matrix` prints them and
/// the map service answers them:
/// `{"sources": [ids], "targets": [ids], "distances": [[metres]], "durations": [[seconds]]}`.
///
/// `distances` are the lengths of the shortest paths and `durations` the times of the fastest
/// paths (each minimises its own measure, so a `distances` cell is the same whether or not
/// durations are asked too); `null` (infinity in Swift) where no road path joins the pair.
public struct RoadMatrixTable: Hashable, Sendable {
    /// Which matrices a table holds.
    public enum Measures: String, Hashable, Sendable, CaseIterable {
        /// Shortest-path lengths only.
        case distance
        /// Fastest-path times only.
        case duration
        /// Both.
        case both
    }

    /// The sources' ids (rows), nil for a place without one.
    public let sourceIDs: [JSONValue?]
    /// The targets' ids (columns).
    public let targetIDs: [JSONValue?]
    /// Metres of the shortest paths, row-major (`[row * targetIDs.count + column]`),
    /// infinite when unreachable; nil when not asked.
    public let distances: [Double]?
    /// Seconds of the fastest paths, row-major; nil when not asked.
    public let durations: [Double]?
    /// The road layer's foreign members (attribution, licence), written after the matrices.
    public let members: [ForeignMember]

    /// Creates a table.
    public init(
        sourceIDs: [JSONValue?], targetIDs: [JSONValue?], distances: [Double]?, durations: [Double]?,
        members: [ForeignMember] = []
    ) {
        self.sourceIDs = sourceIDs
        self.targetIDs = targetIDs
        self.distances = distances
        self.durations = durations
        self.members = members
    }

    /// The table as a JSON value; cells in tenths (of metres, of seconds) as `mapctl directions`
    /// writes its totals.
    public var json: JSONValue {
        var object = JSONObject()
        object["sources"] = .array(sourceIDs.map { $0 ?? .null })
        object["targets"] = .array(targetIDs.map { $0 ?? .null })
        let columns = targetIDs.count
        func rows(_ values: [Double]) -> JSONValue {
            .array(sourceIDs.indices.map { row in
                .array((0..<columns).map { column in
                    let value = values[row * columns + column]
                    return value.isFinite ? .number(Self.tenths(value)) : .null
                })
            })
        }
        if let distances { object["distances"] = rows(distances) }
        if let durations { object["durations"] = rows(durations) }
        for member in members where !Self.keys.contains(member.name) { object[member.name] = member.value.value }
        return .object(object)
    }

    /// The compact JSON text and a newline: the bytes of ``json`` written without building the
    /// value tree (a 1,000 × 1,000 table holds a million cells).
    public func jsonBytes() -> [UInt8] {
        let columns = targetIDs.count
        let writer = GeoJSONWriter()
        var bytes = [UInt8]()
        bytes.reserveCapacity(64 + (sourceIDs.count + 1) * columns * 8 * ((distances == nil ? 0 : 1) + (durations == nil ? 0 : 1)))
        func ids(_ key: StaticString, _ values: [JSONValue?]) {
            bytes.append(contentsOf: "\"\(key)\":[".utf8)
            for (index, id) in values.enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                bytes.append(contentsOf: writer.encode(id ?? .null))
            }
            bytes.append(UInt8(ascii: "]"))
        }
        func rows(_ key: StaticString, _ values: [Double]) {
            bytes.append(contentsOf: ",\"\(key)\":".utf8)
            bytes.append(contentsOf: Self.rowsText(values, rows: sourceIDs.count, columns: columns))
        }
        bytes.append(UInt8(ascii: "{"))
        ids("sources", sourceIDs)
        bytes.append(UInt8(ascii: ","))
        ids("targets", targetIDs)
        if let distances { rows("distances", distances) }
        if let durations { rows("durations", durations) }
        for member in members where !Self.keys.contains(member.name) {
            bytes.append(UInt8(ascii: ","))
            bytes.append(contentsOf: writer.encode(.string(member.name)))
            bytes.append(UInt8(ascii: ":"))
            bytes.append(contentsOf: writer.encode(member.value.value))
        }
        bytes.append(contentsOf: "}\n".utf8)
        return bytes
    }

    /// The table's own members; a foreign member of the same name is left out.
    static let keys: Set<String> = ["sources", "targets", "distances", "durations"]

    /// A cost rounded to tenths, the nearest double to the decimal.
    static func tenths(_ value: Double) -> Double { (value * 10).rounded() / 10 }

    /// `[[…],[…]]`: the cells row by row, each the shortest decimal of ``tenths(_:)`` ("12.3",
    /// "12") or `null`, written straight into one buffer (a million cells in a few milliseconds).
    static func rowsText(_ values: [Double], rows: Int, columns: Int) -> [UInt8] {
        // A cell takes at most 24 bytes ("-1.2345678901234567e+300"), and a comma or bracket.
        let capacity = 2 + rows * (3 + columns * 25)
        return [UInt8](unsafeUninitializedCapacity: capacity) { buffer, count in
            var at = 0
            func put(_ byte: UInt8) {
                buffer[at] = byte
                at += 1
            }
            put(UInt8(ascii: "["))
            for row in 0..<rows {
                if row > 0 { put(UInt8(ascii: ",")) }
                put(UInt8(ascii: "["))
                for column in 0..<columns {
                    if column > 0 { put(UInt8(ascii: ",")) }
                    let scaled = (values[row * columns + column] * 10).rounded()
                    guard scaled.isFinite, scaled >= 0, scaled < 1e15 else {
                        let value = values[row * columns + column]
                        for byte in value.isFinite ? GeoJSONWriter().encode(.number(tenths(value))) : Array("null".utf8) { put(byte) }
                        continue
                    }
                    // The integer of tenths, then its last digit after a point unless it is 0.
                    let tenthsCount = UInt64(scaled)
                    var whole = tenthsCount / 10
                    var digits = 1
                    while whole >= 10 { whole /= 10; digits += 1 }
                    whole = tenthsCount / 10
                    for place in stride(from: digits - 1, through: 0, by: -1) {
                        buffer[at + place] = UInt8(ascii: "0") + UInt8(whole % 10)
                        whole /= 10
                    }
                    at += digits
                    if tenthsCount % 10 != 0 {
                        put(UInt8(ascii: "."))
                        put(UInt8(ascii: "0") + UInt8(tenthsCount % 10))
                    }
                }
                put(UInt8(ascii: "]"))
            }
            put(UInt8(ascii: "]"))
            count = at
        }
    }
}

extension RoadQuerySession {
    /// The road matrices between sources (rows) and targets (columns): what `mapctl matrix`
    /// prints. Each place snaps to the roads as for directions; an unreachable pair is infinite
    /// (`null` in JSON), never an error.
    /// - Throws: ``RoadNetworkError/tooFarFromRoad(point:position:distance:maximum:)`` naming the
    ///   first place too far from a road (by its ``RoadMatrixPlace/name``), or
    ///   ``RoadNetworkError/metricNotPrepared(_:)``.
    public func matrixTable(
        sources: [RoadMatrixPlace], targets: [RoadMatrixPlace], measures: RoadMatrixTable.Measures = .both
    ) throws(RoadNetworkError) -> RoadMatrixTable {
        func run(_ metric: RoadMetric) throws(RoadNetworkError) -> RoadMatrices {
            try matrices(
                from: sources.map(\.position), to: targets.map(\.position), by: metric,
                sourceNames: sources.map(\.name), targetNames: targets.map(\.name), allowUnreachable: true)
        }
        let distances = measures == .duration ? nil : try run(.distance).distances
        let durations = measures == .distance ? nil : try run(.time).durations
        return RoadMatrixTable(
            sourceIDs: sources.map(\.id), targetIDs: targets.map(\.id), distances: distances, durations: durations,
            members: network.sourceMembers)
    }
}
