#if canImport(Glibc)
import Glibc
#endif

/// A value guarded by a `pthread_mutex_t`, with `Mutex`'s `withLock` shape.
///
/// Why not `Synchronization.Mutex`: on Linux it locks with raw futex calls that ThreadSanitizer
/// cannot see, so `swift test --sanitize=thread` reports every guarded access as a race (a false
/// positive, reproduced with a 15-line program). TSan intercepts `pthread_mutex_lock`, so this lock
/// keeps the sanitizer useful for finding real races in the bridges.
final class PthreadLock<Value: Sendable>: @unchecked Sendable {
    // The mutex lives on the heap: a pthread mutex must not move once initialised.
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private var value: Value

    init(_ value: Value) {
        self.value = value
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }

    /// Runs `body` with exclusive access to the value.
    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value)
    }
}
