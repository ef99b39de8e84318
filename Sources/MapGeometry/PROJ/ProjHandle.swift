internal import CPROJ

/// One PROJ context with one transformation object in it. PROJ objects are not
/// thread-safe, so a handle is used by one thread at a time: ``CoordinateTransform``'s pool
/// hands each one out exclusively, which is why the unchecked `Sendable` is sound.
final class ProjHandle: @unchecked Sendable {
    let context: OpaquePointer
    let transformation: OpaquePointer

    /// Creates the operation from `source` to `target` in lon/lat (x, y) axis order.
    init(source: String, target: String) throws(ProjectionError) {
        context = Self.quietContext()
        guard let created = proj_create_crs_to_crs(context, source, target, nil) else {
            let detail = Self.lastError(context)
            proj_context_destroy(context)
            throw ProjectionError(kind: .cannotCreateTransform, source: source, target: target, detail: detail)
        }
        defer { proj_destroy(created) }
        // EPSG:4326 is latitude first by definition; the engine is always longitude first.
        guard let normalized = proj_normalize_for_visualization(context, created) else {
            let detail = Self.lastError(context)
            proj_context_destroy(context)
            throw ProjectionError(kind: .cannotCreateTransform, source: source, target: target, detail: detail)
        }
        transformation = normalized
    }

    /// A copy of `other` in a context of its own, for another thread.
    init?(cloning other: ProjHandle) {
        context = Self.quietContext()
        guard let clone = proj_clone(context, other.transformation) else {
            proj_context_destroy(context)
            return nil
        }
        transformation = clone
    }

    deinit {
        proj_destroy(transformation)
        proj_context_destroy(context)
    }

    /// The text of the context's last error.
    static func lastError(_ context: OpaquePointer) -> String {
        let code = proj_context_errno(context)
        guard code != 0, let text = proj_context_errno_string(context, code) else { return "unknown PROJ error" }
        return String(cString: text)
    }

    /// A context whose messages become Swift errors instead of lines on standard error.
    private static func quietContext() -> OpaquePointer {
        let context = proj_context_create()!
        proj_log_level(context, PJ_LOG_NONE)
        return context
    }
}
