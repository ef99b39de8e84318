internal import CGEOS
#if canImport(Glibc)
import Glibc
#endif

/// A reentrant GEOS context for the calling thread, with its messages captured.
///
/// GEOS contexts must never be used by two threads at once, so each thread gets its own,
/// created on first use and finished when the thread exits. GEOS's error and notice
/// handlers write into the context instead of standard error, and a failed call turns
/// the last message into a ``GeometryOperationError``; nothing GEOS says can abort the process.
final class GEOSContext {
    let handle: GEOSContextHandle_t
    /// The last error message GEOS reported in this context.
    fileprivate(set) var lastError: String?

    private init() {
        handle = GEOS_init_r()
        let me = Unmanaged.passUnretained(self).toOpaque()
        GEOSContext_setErrorMessageHandler_r(handle, { message, userData in
            guard let userData, let message else { return }
            Unmanaged<GEOSContext>.fromOpaque(userData).takeUnretainedValue().lastError = String(cString: message)
        }, me)
        // Notices (e.g. "Self-intersection at or near point") are diagnostics, not failures:
        // the validity API reports them through its own result.
        GEOSContext_setNoticeMessageHandler_r(handle, { _, _ in }, me)
    }

    deinit { GEOS_finish_r(handle) }

    /// The calling thread's context.
    static var current: GEOSContext {
        if let existing = pthread_getspecific(threadKey) {
            return Unmanaged<GEOSContext>.fromOpaque(existing).takeUnretainedValue()
        }
        let created = GEOSContext()
        pthread_setspecific(threadKey, Unmanaged.passRetained(created).toOpaque())
        return created
    }

    /// Releases a thread's context when the thread ends.
    private static let threadKey: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key) { pointer in
            guard let pointer else { return }
            Unmanaged<GEOSContext>.fromOpaque(pointer).release()
        }
        return key
    }()

    /// The error for a failed GEOS call, using the message GEOS left in this context.
    func failure(_ operation: String) -> GeometryOperationError {
        defer { lastError = nil }
        return GeometryOperationError(operation: operation, message: lastError ?? "GEOS returned no result")
    }

    /// Unwraps a geometry returned by GEOS or throws the captured error.
    func check(_ result: OpaquePointer?, _ operation: String) throws(GeometryOperationError) -> OpaquePointer {
        guard let result else { throw failure(operation) }
        return result
    }

    /// Unwraps GEOS's 0/1/2 predicate answer (2 means an exception).
    func predicate(_ answer: CChar, _ operation: String) throws(GeometryOperationError) -> Bool {
        guard answer != 2 else { throw failure(operation) }
        return answer == 1
    }
}
