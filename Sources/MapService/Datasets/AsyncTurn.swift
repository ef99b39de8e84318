import Synchronization

/// One at a time, in arrival order, across suspension points (an actor lets another call in
/// while one awaits; a table's saves must not).
final class AsyncTurn: Sendable {
    private let state = Mutex<(busy: Bool, waiting: [CheckedContinuation<Void, Never>])>((false, []))

    func acquire() async {
        await withCheckedContinuation { continuation in
            let granted = state.withLock { state in
                if state.busy { state.waiting.append(continuation); return false }
                state.busy = true
                return true
            }
            if granted { continuation.resume() }
        }
    }

    func release() {
        let next = state.withLock { state in
            if state.waiting.isEmpty { state.busy = false; return nil as CheckedContinuation<Void, Never>? }
            return state.waiting.removeFirst()
        }
        next?.resume()
    }
}
