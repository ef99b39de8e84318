internal import CPROJ

/// A transformation between two coordinate reference systems that PROJ knows
/// (EPSG codes such as `"EPSG:25832"`, PROJ strings, WKT), always in x/y =
/// longitude/latitude order at this API, whatever the CRS's official axis order.
///
/// Safe to share between threads: each call borrows a PROJ handle of its own from a
/// small pool, so concurrent calls never touch the same PROJ context.
public final class CoordinateTransform: Sendable {
    /// The source CRS as given.
    public let source: String
    /// The target CRS as given.
    public let target: String

    private let prototype: PthreadLock<ProjHandle>
    private let idleHandles: PthreadLock<[ProjHandle]>

    /// Creates the transformation.
    /// - Throws: ``ProjectionError`` when PROJ does not know a CRS or cannot connect the two.
    public init(from source: String, to target: String) throws(ProjectionError) {
        self.source = source
        self.target = target
        // The prototype is only ever cloned; threads transform with clones from the pool.
        prototype = PthreadLock(try ProjHandle(source: source, target: target))
        idleHandles = PthreadLock([])
    }

    /// A shared, cached transformation for a pair of CRSs: PROJ's setup costs milliseconds,
    /// a cache hit costs a dictionary look-up.
    public static func cached(from source: String, to target: String) throws(ProjectionError) -> CoordinateTransform {
        let key = source + "\u{0}" + target
        if let hit = cache.withLock({ $0[key] }) { return hit }
        let created = try CoordinateTransform(from: source, to: target)
        // Store it unless another thread got there first (a `[key, default:]` read would not store).
        return cache.withLock { cache in
            if let raced = cache[key] { return raced }
            cache[key] = created
            return created
        }
    }

    private static let cache = PthreadLock<[String: CoordinateTransform]>([:])

    /// Transforms `coordinates` in place, in one PROJ call.
    /// - Parameter inverse: transform from the target CRS back to the source CRS.
    /// - Throws: ``ProjectionError`` naming the first coordinate PROJ could not transform;
    ///   the array then holds PROJ's partial output.
    public func transform(_ coordinates: inout [Coordinate], inverse: Bool = false) throws(ProjectionError) {
        guard !coordinates.isEmpty else { return }
        let stride = MemoryLayout<Coordinate>.stride
        let count = coordinates.count
        let detail: String? = withHandle { handle in
            coordinates.withUnsafeMutableBytes { bytes in
                let base = bytes.baseAddress!.assumingMemoryBound(to: Double.self)
                proj_errno_reset(handle.transformation)
                proj_trans_generic(
                    handle.transformation, inverse ? PJ_INV : PJ_FWD,
                    base, stride, count, base + 1, stride, count, nil, 0, 0, nil, 0, 0)
                let code = proj_errno(handle.transformation)
                return code == 0 ? nil : String(cString: proj_context_errno_string(handle.context, code))
            }
        }
        // PROJ marks a failed coordinate with HUGE_VAL; report the first one.
        if let failed = coordinates.firstIndex(where: { !$0.x.isFinite || !$0.y.isFinite }) {
            throw ProjectionError(
                kind: .coordinateNotTransformable(index: failed), source: source, target: target,
                detail: detail ?? "the result is not finite")
        }
    }

    /// Transforms one coordinate.
    public func transform(_ coordinate: Coordinate, inverse: Bool = false) throws(ProjectionError) -> Coordinate {
        var coordinates = [coordinate]
        try transform(&coordinates, inverse: inverse)
        return coordinates[0]
    }

    /// Transforms every position of a geometry. The result holds projected numbers, so its
    /// positions are in the planar domain; altitudes are kept unchanged.
    public func transform(_ geometry: Geometry, inverse: Bool = false) throws(ProjectionError) -> Geometry {
        var coordinates: [Coordinate] = []
        coordinates.reserveCapacity(geometry.positionCount)
        geometry.forEachPosition { coordinates.append(Coordinate($0)) }
        try transform(&coordinates, inverse: inverse)
        var next = coordinates.makeIterator()
        return geometry.mapPositions { position in
            let coordinate = next.next()!
            return Position(uncheckedLongitude: coordinate.x, latitude: coordinate.y, altitude: position.altitude)
        }
    }

    /// Runs `body` with a handle no other thread is using, returning it to the pool afterwards.
    private func withHandle<Result>(_ body: (ProjHandle) -> Result) -> Result {
        let borrowed = idleHandles.withLock { $0.popLast() }
            ?? prototype.withLock { ProjHandle(cloning: $0) }
        // proj_clone only fails when memory runs out; there is nothing sensible to continue with.
        guard let handle = borrowed else { fatalError("PROJ could not clone a transformation: out of memory") }
        defer { idleHandles.withLock { $0.append(handle) } }
        return body(handle)
    }
}
