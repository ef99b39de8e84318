#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// Tells the searches a caller started on threads of their own to stop: those threads run
/// outside any task, so they cannot see the caller's task being cancelled. The caller raises
/// the signal when it is; ``SearchStop`` reads the signal of the thread it runs on.
final class SideSearchSignal: Sendable {
    private let raised = Atomic<Bool>(false)

    /// Asks every search that watches this signal to stop.
    func raise() { raised.store(true, ordering: .relaxed) }

    var isRaised: Bool { raised.load(ordering: .relaxed) }

    /// The signal the current thread watches, if a caller gave it one.
    static var current: SideSearchSignal? {
        guard let pointer = pthread_getspecific(key) else { return nil }
        return Unmanaged<SideSearchSignal>.fromOpaque(pointer).takeUnretainedValue()
    }

    /// Runs `body` on the current thread watching this signal.
    func watch<Result>(_ body: () -> Result) -> Result {
        pthread_setspecific(Self.key, Unmanaged.passUnretained(self).toOpaque())
        defer { pthread_setspecific(Self.key, nil) }
        return body()
    }

    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key, nil)
        return key
    }()
}
