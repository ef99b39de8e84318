import Synchronization

/// The GeoJSON bytes of markers, made on first use and kept for the index's life: a marker's
/// feature (a cluster's id, counts, type breakdown, expansion zoom, colour and measures; a
/// single object with its colour) never changes once the index is built, and the same markers
/// come back in view after view, so a long-running service encodes each one once. Shared by
/// the copies of one index; one slot per marker (about 200 bytes once filled).
///
/// Readers take no lock and retain nothing: a slot is one atomic word, the address of the
/// marker's bytes, set once (the first of two racing encoders wins; the other frees its copy)
/// and never changed until the cache is freed. Measured under `Benchmarks/service/run.sh`, the
/// striped locks and array copies this replaces were about 5 % of the service's CPU.
final class EncodedMarkerCache: @unchecked Sendable {
    // @unchecked: the kept bytes are written before their address is published (releasing)
    // and only read after it is seen (acquiring); nothing changes them afterwards.
    private let slots: UnsafeMutablePointer<Atomic<UInt>>
    private let count: Int

    init(count: Int) {
        self.count = count
        slots = .allocate(capacity: max(count, 1))
        for slot in 0..<max(count, 1) { (slots + slot).initialize(to: Atomic(0)) }
    }

    deinit {
        for slot in 0..<max(count, 1) {
            let address = slots[slot].load(ordering: .relaxed)
            if address != 0 { UnsafeMutableRawPointer(bitPattern: address)?.deallocate() }
        }
        slots.deinitialize(count: max(count, 1))
        slots.deallocate()
    }

    /// Appends the bytes of the marker at `node` to `output`, made by `encode` the first time.
    func append(node: Int, to output: inout [UInt8], encode: () -> [UInt8]) {
        guard node >= 0, node < count else { return output.append(contentsOf: encode()) }
        var address = slots[node].load(ordering: .acquiring)
        if address == 0 {
            let made = encode()
            let kept = Self.keep(made)
            let (stored, existing) = slots[node].compareExchange(
                expected: 0, desired: UInt(bitPattern: kept), successOrdering: .releasing, failureOrdering: .acquiring)
            if !stored { kept.deallocate() }
            address = stored ? UInt(bitPattern: kept) : existing
        }
        let kept = UnsafeRawPointer(bitPattern: address).unsafelyUnwrapped
        let length = kept.load(as: Int.self)
        output.append(contentsOf: UnsafeRawBufferPointer(start: kept + MemoryLayout<Int>.stride, count: length))
    }

    /// A copy of `bytes` behind their length.
    private static func keep(_ bytes: [UInt8]) -> UnsafeMutableRawPointer {
        let kept = UnsafeMutableRawPointer.allocate(
            byteCount: MemoryLayout<Int>.stride + bytes.count, alignment: MemoryLayout<Int>.alignment)
        kept.storeBytes(of: bytes.count, as: Int.self)
        bytes.withUnsafeBytes { (kept + MemoryLayout<Int>.stride).copyMemory(from: $0.baseAddress!, byteCount: $0.count) }
        return kept
    }
}
