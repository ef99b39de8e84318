import MapGeometry

/// The points to cluster, as flat arrays: position, type, group, original index and the
/// values of the measured properties, one entry per point.
///
/// Build it with ``append(longitude:latitude:type:group:originalIndex:measures:)``, which
/// checks every value, then hand it to ``ClusterIndex/init(points:options:parallel:)``.
public struct ClusterInput: Sendable {
    public private(set) var longitudes: [Double] = []
    public private(set) var latitudes: [Double] = []
    /// Index into ``types`` per point.
    public private(set) var typeIndices: [UInt16] = []
    /// The type names, in order of first appearance.
    public private(set) var types: [String] = []
    /// Points cluster only with points of the same group (all 0 when not grouping).
    public private(set) var groups: [UInt32] = []
    /// The caller's index of each point (for example its feature's position in a file).
    public private(set) var originalIndices: [Int] = []
    /// Names of the numeric properties aggregated per cluster (sum, min, max, mean).
    public let measureNames: [String]
    /// Values per measure, one per point; NaN where a point has no value.
    public private(set) var measures: [[Double]]
    private var typeLookup: [String: UInt16] = [:]
    private var declaredObjectCount = 0

    /// The number of objects the caller numbers (`originalIndex` values lie below it): the
    /// points plus any objects left out of clustering (a feature without geometry, say).
    /// Cluster ids start above it (supercluster's `points.length`). At least ``count``.
    public var objectCount: Int {
        get { max(declaredObjectCount, count) }
        set { declaredObjectCount = newValue }
    }

    public init(measureNames: [String] = []) {
        self.measureNames = measureNames
        self.measures = Array(repeating: [], count: measureNames.count)
    }

    public var count: Int { longitudes.count }
    public var isEmpty: Bool { longitudes.isEmpty }

    /// Appends one point.
    /// - Throws: ``ClusterError/invalidPoint(index:reason:)`` for a non-finite coordinate, a latitude
    ///   outside ±90, more than 65,536 types or a wrong number of measure values.
    public mutating func append(
        longitude: Double, latitude: Double, type: String = "", group: UInt32 = 0,
        originalIndex: Int? = nil, measures values: [Double] = []
    ) throws(ClusterError) {
        let index = count
        guard longitude.isFinite, latitude.isFinite else {
            throw .invalidPoint(index: index, reason: "coordinate [\(longitude), \(latitude)] is not finite")
        }
        guard (-90...90).contains(latitude) else {
            throw .invalidPoint(index: index, reason: "latitude \(latitude) is outside -90...90")
        }
        guard values.count == measureNames.count else {
            throw .invalidPoint(
                index: index,
                reason: "\(values.count) measure values given, \(measureNames.count) measures declared")
        }
        let typeIndex: UInt16
        if let known = typeLookup[type] {
            typeIndex = known
        } else {
            guard types.count <= Int(UInt16.max) else {
                throw .invalidPoint(index: index, reason: "more than 65,536 distinct types")
            }
            typeIndex = UInt16(types.count)
            typeLookup[type] = typeIndex
            types.append(type)
        }
        longitudes.append(longitude)
        latitudes.append(latitude)
        typeIndices.append(typeIndex)
        groups.append(group)
        originalIndices.append(originalIndex ?? index)
        for (m, value) in values.enumerated() { measures[m].append(value) }
    }

    /// Appends one point at `position`.
    public mutating func append(
        _ position: Position, type: String = "", group: UInt32 = 0, originalIndex: Int? = nil,
        measures values: [Double] = []
    ) throws(ClusterError) {
        try append(
            longitude: position.longitude, latitude: position.latitude, type: type, group: group,
            originalIndex: originalIndex, measures: values)
    }

    /// Reserves room for `count` points.
    public mutating func reserveCapacity(_ count: Int) {
        longitudes.reserveCapacity(count)
        latitudes.reserveCapacity(count)
        typeIndices.reserveCapacity(count)
        groups.reserveCapacity(count)
        originalIndices.reserveCapacity(count)
        for m in measures.indices { measures[m].reserveCapacity(count) }
    }
}
