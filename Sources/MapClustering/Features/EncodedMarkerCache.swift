import Synchronization

/// The GeoJSON bytes of markers, made on first use and kept for the index's life: a marker's
/// feature (a cluster's id, counts, type breakdown, expansion zoom, colour and measures; a
/// single object with its colour) never changes once the index is built, and the same markers
/// come back in view after view, so a long-running service encodes each one once. Shared by
/// the copies of one index; one slot per marker (about 200 bytes once filled), each slot read
/// and written under one of a few locks chosen by the marker, so readers of other markers do
/// not wait.
final class EncodedMarkerCache: @unchecked Sendable {
    private final class Stripe: Sendable {
        let lock = Mutex(())
    }

    private static let stripeCount = 16
    private let stripes = (0..<EncodedMarkerCache.stripeCount).map { _ in Stripe() }
    /// One slot per marker node; slot `node` is touched only under stripe `node % stripeCount`.
    private let slots: UnsafeMutablePointer<[UInt8]?>
    private let count: Int

    init(count: Int) {
        self.count = count
        slots = .allocate(capacity: max(count, 1))
        slots.initialize(repeating: nil, count: max(count, 1))
    }

    deinit {
        slots.deinitialize(count: max(count, 1))
        slots.deallocate()
    }

    /// The bytes of the marker at `node`, made by `encode` the first time.
    func bytes(node: Int, encode: () -> [UInt8]) -> [UInt8] {
        guard node >= 0, node < count else { return encode() }
        let stripe = stripes[node % Self.stripeCount]
        if let kept = stripe.lock.withLock({ _ in slots[node] }) { return kept }
        let made = encode()
        stripe.lock.withLock { _ in slots[node] = made }
        return made
    }
}
