import Synchronization

/// The GeoJSON bytes of markers, made on first use and kept for the index's life: a marker's
/// feature (a cluster's id, counts, type breakdown, expansion zoom, colour and measures; a
/// single object with its colour) never changes once the index is built, and the same markers
/// come back in view after view, so a long-running service encodes each one once. Shared by
/// the copies of one index, kept under one of a few locks chosen by the marker (readers of
/// other markers do not wait). At most one entry per marker: about 200 bytes each.
final class EncodedMarkerCache: Sendable {
    private final class Stripe: Sendable {
        let encoded = Mutex<[Int: [UInt8]]>([:])
    }

    private static let stripeCount = 16
    private let stripes = (0..<EncodedMarkerCache.stripeCount).map { _ in Stripe() }

    /// The bytes of the marker at `node`, made by `encode` the first time.
    func bytes(node: Int, encode: () -> [UInt8]) -> [UInt8] {
        let stripe = stripes[node % Self.stripeCount]
        if let kept = stripe.encoded.withLock({ $0[node] }) { return kept }
        let made = encode()
        stripe.encoded.withLock { $0[node] = made }
        return made
    }
}
